/**
 * Procedural product illustrations for the seed catalogue.
 *
 * Everything is drawn as plain SVG (no network, no external assets) so the seed can render
 * its own "studio photos". Each drawer paints one object in a 800×800 space, centred around
 * (400, 400) and resting on a floor line; the scene wrapper adds the backdrop, shadows and
 * the per-variant camera (front / angled lifestyle / close-up detail).
 */

export const artKinds = [
  "tshirt",
  "shirt",
  "batik-shirt",
  "jacket",
  "trousers",
  "dress",
  "gamis",
  "hijab",
  "sneakers",
  "sandal",
  "cap",
  "watch",
  "sunglasses",
  "backpack",
  "handbag",
  "wallet",
  "lipstick",
  "perfume",
  "cream-jar",
  "serum-bottle",
  "compact",
  "phone",
  "earbuds",
  "headphones",
  "laptop",
  "smartwatch",
  "powerbank",
  "camera",
  "mug",
  "tumbler",
  "lamp",
  "cushion",
  "snack-pack",
  "coffee-bag",
  "tea-box",
  "food-jar",
  "ball",
  "volleyball",
  "dumbbell",
  "toy-car",
  "teddy",
  "blocks",
] as const;

export type ArtKind = (typeof artKinds)[number];

type Rgb = [number, number, number];

function parseHex(colour: string): Rgb {
  let h = colour.trim().replace(/^#/, "");
  if (h.length === 3) h = h.replace(/./g, (ch) => ch + ch);
  const n = Number.parseInt(h.slice(0, 6), 16);
  if (!/^[0-9a-f]{6}/i.test(h) || Number.isNaN(n)) return [128, 128, 128];
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear mix of two colours; t = 0 gives `a`, t = 1 gives `b`. */
function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}
const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
const darken = (c: string, t: number) => mix(c, "#000000", t);
/** Rotates the hue of a colour by `deg` degrees (keeps saturation and lightness). */
function hueRotate(colour: string, deg: number): string {
  const [r, g, b] = parseHex(colour).map((v) => v / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return colour;
  const s = d / (1 - Math.abs(2 * l - 1));
  let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h = (((h * 60 + deg) % 360) + 360) % 360;
  const k = (1 - Math.abs(2 * l - 1)) * s;
  const x = k * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - k / 2;
  const [r1, g1, b1] =
    h < 60
      ? [k, x, 0]
      : h < 120
        ? [x, k, 0]
        : h < 180
          ? [0, k, x]
          : h < 240
            ? [0, x, k]
            : h < 300
              ? [x, 0, k]
              : [k, 0, x];
  return toHex([(r1 + m) * 255, (g1 + m) * 255, (b1 + m) * 255]);
}
function luma(c: string): number {
  const [r, g, b] = parseHex(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

interface Ctx {
  b: string;
  bl: string;
  bd: string;
  a: string;
  al: string;
  ad: string;
  t: string;
}

/** One drawn object: markup, floor line, shadow half-width, close-up focus point. */
interface Art {
  s: string;
  y: number;
  w: number;
  fx: number;
  fy: number;
  flat?: boolean;
}

const stops = (...cs: [number, string][]) =>
  cs.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join("");
const lin = (id: string, vertical: boolean, s: string) =>
  `<linearGradient id="${id}"${vertical ? ' x2="0" y2="1"' : ""}>${s}</linearGradient>`;
const cyl = (l: string, m: string, d: string) => stops([0, d], [0.22, m], [0.42, l], [0.62, m], [1, d]);

function defs(c: Ctx): string {
  return (
    lin("b", true, stops([0, mix(c.b, c.bl, 0.55)], [0.5, c.b], [1, mix(c.b, c.bd, 0.6)])) +
    lin("bh", false, cyl(c.bl, c.b, c.bd)) +
    lin("a", true, stops([0, c.al], [0.55, c.a], [1, c.ad])) +
    lin("ah", false, cyl(c.al, c.a, c.ad)) +
    lin("m", false, cyl("#f6f7f9", "#c3c8cf", "#7b818a")) +
    lin("mv", true, stops([0, "#f4f5f7"], [0.5, "#b9bec6"], [1, "#737983"])) +
    lin("w", true, stops([0, "#ffffff"], [1, "#dde1e6"])) +
    lin("wh", false, cyl("#ffffff", "#eef0f3", "#c9ced5")) +
    `<linearGradient id="k" x2="1" y2="1">${stops([0, "#2c3344"], [0.5, "#11141c"], [1, "#07080b"])}</linearGradient>` +
    `<linearGradient id="sc" x2="1" y2="1">${stops([0, c.al], [0.5, c.a], [1, c.bd])}</linearGradient>` +
    `<radialGradient id="rb" cx=".36" cy=".32" r=".78">${stops([0, c.bl], [0.5, c.b], [1, c.bd])}</radialGradient>` +
    `<radialGradient id="ra" cx=".36" cy=".32" r=".78">${stops([0, c.al], [0.5, c.a], [1, c.ad])}</radialGradient>` +
    `<linearGradient id="hl" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".7"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>` +
    `<filter id="f" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="16"/></filter>` +
    `<filter id="f2" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="5"/></filter>` +
    `<filter id="ds" x="-20%" y="-20%" width="140%" height="150%"><feGaussianBlur in="SourceAlpha" stdDeviation="11" result="s"/><feOffset in="s" dy="16" result="o"/><feComponentTransfer in="o" result="t"><feFuncA type="linear" slope=".3"/></feComponentTransfer><feMerge><feMergeNode in="t"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`
  );
}

/** Soft folds / creases drawn as blurred translucent strokes. */
const folds = (d: string, colour: string, op = 0.28, w = 9) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${w}" stroke-linecap="round" stroke-opacity="${op}" filter="url(#f2)"/>`;
const stitch = (d: string, colour: string, op = 0.55) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="2.5" stroke-dasharray="7 6" stroke-opacity="${op}"/>`;
const gloss = (d: string, op = 0.35) => `<path d="${d}" fill="url(#hl)" opacity="${op}"/>`;

// ---------------------------------------------------------------- apparel

function tshirt(c: Ctx): Art {
  const body =
    "M322 196 L238 224 L140 304 L196 392 L250 360 L246 624 Q400 642 554 624 L550 360 L604 392 L660 304 L562 224 L478 196 Q400 256 322 196Z";
  return {
    s:
      `<path d="${body}" fill="url(#b)"/>` +
      `<path d="M322 196 Q400 214 478 196 Q400 246 322 196Z" fill="${c.bd}"/>` +
      `<path d="M322 196 Q400 258 478 196" fill="none" stroke="${c.a}" stroke-width="14"/>` +
      `<path d="M140 304 L196 392 L210 383 L155 296Z M660 304 L604 392 L590 383 L645 296Z" fill="${c.a}"/>` +
      folds("M250 362 Q256 300 244 232 M550 362 Q544 300 556 232", c.bd, 0.35, 12) +
      folds("M300 430 Q330 520 312 612 M505 450 Q470 540 490 614 M380 330 Q420 380 470 380", c.bd) +
      folds("M270 300 Q300 420 290 560", "#fff", 0.12, 26) +
      stitch("M250 608 Q400 626 550 608", c.bd),
    y: 660,
    w: 230,
    fx: 400,
    fy: 250,
    flat: true,
  };
}

function shirtBase(c: Ctx, pattern: boolean): Art {
  const sleeves =
    "M258 214 Q196 236 184 330 L160 588 L214 598 L238 364Z M542 214 Q604 236 616 330 L640 588 L586 598 L562 364Z";
  const body =
    "M330 190 L256 214 Q226 232 224 290 L218 624 Q400 644 582 624 L576 290 Q574 232 544 214 L470 190Z";
  const pat = pattern ? `<path d="${sleeves}" fill="url(#p)"/><path d="${body}" fill="url(#p)"/>` : "";
  return {
    s:
      (pattern
        ? `<defs><pattern id="p" width="64" height="64" patternUnits="userSpaceOnUse" patternTransform="rotate(45) scale(.72)"><g fill="${c.a}" opacity=".85"><ellipse cx="32" cy="14" rx="8" ry="13"/><ellipse cx="32" cy="50" rx="8" ry="13"/><ellipse cx="14" cy="32" rx="13" ry="8"/><ellipse cx="50" cy="32" rx="13" ry="8"/></g><circle cx="32" cy="32" r="4" fill="${c.al}"/><circle cx="0" cy="0" r="6" fill="${c.al}" opacity=".7"/><circle cx="64" cy="0" r="6" fill="${c.al}" opacity=".7"/><circle cx="0" cy="64" r="6" fill="${c.al}" opacity=".7"/><circle cx="64" cy="64" r="6" fill="${c.al}" opacity=".7"/></pattern></defs>`
        : "") +
      `<path d="${sleeves}" fill="url(#b)"/><path d="${body}" fill="url(#b)"/>` +
      pat +
      `<path d="M160 588 L214 598 L208 636 L154 626Z M640 588 L586 598 L592 636 L646 626Z" fill="${c.bd}"/>` +
      `<circle cx="186" cy="618" r="4" fill="${c.bl}"/><circle cx="614" cy="618" r="4" fill="${c.bl}"/>` +
      folds("M238 366 Q234 300 258 222 M562 366 Q566 300 542 222", c.bd, 0.4, 12) +
      folds("M300 420 Q320 520 300 610 M500 430 Q478 530 498 612", c.bd) +
      `<path d="M330 190 Q400 168 470 190 Q400 208 330 190Z" fill="${c.bd}"/>` +
      `<rect x="391" y="246" width="18" height="388" fill="${c.b}"/>` +
      (pattern ? `<rect x="391" y="246" width="18" height="388" fill="url(#p)"/>` : "") +
      `<path d="M391 246 V632 M409 246 V632" stroke="${c.bd}" stroke-width="2" stroke-opacity=".5"/>` +
      `<g fill="${pattern ? c.bl : c.a}" stroke="${c.bd}" stroke-width="1.5">${[292, 352, 412, 472, 532, 592].map((y) => `<circle cx="400" cy="${y}" r="6"/>`).join("")}</g>` +
      `<path d="M330 190 Q350 218 400 250 L348 272 L318 206Z M470 190 Q450 218 400 250 L452 272 L482 206Z" fill="${pattern ? c.b : c.bl}" stroke="${c.bd}" stroke-width="2"/>` +
      (pattern
        ? `<path d="M330 190 Q350 218 400 250 L348 272 L318 206Z M470 190 Q450 218 400 250 L452 272 L482 206Z" fill="url(#p)"/>`
        : `<rect x="300" y="306" width="62" height="72" rx="4" fill="none" stroke="${c.bd}" stroke-width="3" stroke-opacity=".5"/>`) +
      folds("M262 260 Q290 380 276 560", "#fff", 0.12, 26),
    y: 668,
    w: 250,
    fx: 400,
    fy: 250,
    flat: true,
  };
}

function jacket(c: Ctx): Art {
  const rib = (x: number, y: number, w: number, h: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="url(#a)"/><path d="M${x + 4} ${y + h / 3} h${w - 8} M${x + 4} ${y + (2 * h) / 3} h${w - 8}" stroke="${c.al}" stroke-width="4"/>`;
  return {
    s:
      `<path d="M252 222 Q190 244 176 336 L146 566 L210 578 L238 384Z M548 222 Q610 244 624 336 L654 566 L590 578 L562 384Z" fill="url(#b)"/>` +
      `<g transform="rotate(7 178 592)">${rib(146, 566, 66, 50)}</g><g transform="rotate(-7 622 592)">${rib(588, 566, 66, 50)}</g>` +
      `<path d="M318 200 L250 222 Q222 238 220 296 L226 592 L574 592 L580 296 Q578 238 550 222 L482 200 Q400 236 318 200Z" fill="url(#b)"/>` +
      rib(222, 586, 356, 52) +
      `<path d="M318 200 Q400 238 482 200 L470 176 Q400 212 330 176Z" fill="url(#a)"/>` +
      `<path d="M400 214 V588" stroke="${c.bd}" stroke-width="16"/><path d="M400 214 V588" stroke="#c3c8cf" stroke-width="10" stroke-dasharray="3 3"/>` +
      `<rect x="392" y="236" width="16" height="34" rx="4" fill="url(#m)"/>` +
      `<path d="M268 420 L296 524 M532 420 L504 524" stroke="${c.bd}" stroke-width="9" stroke-linecap="round"/>` +
      folds("M238 386 Q232 300 252 232 M562 386 Q568 300 548 232", c.bd, 0.4, 12) +
      folds("M300 330 Q340 430 320 560 M500 330 Q470 440 488 560", c.bd) +
      folds("M262 270 Q285 400 274 540", "#fff", 0.12, 26),
    y: 672,
    w: 260,
    fx: 400,
    fy: 250,
    flat: true,
  };
}

function trousers(c: Ctx): Art {
  return {
    s:
      `<path d="M282 206 L518 206 Q536 420 548 654 L428 662 L404 330 L396 330 L372 662 L252 654 Q264 420 282 206Z" fill="url(#b)"/>` +
      `<rect x="280" y="166" width="240" height="44" rx="4" fill="url(#b)"/><rect x="280" y="166" width="240" height="44" rx="4" fill="${c.bd}" opacity=".25"/>` +
      `<g fill="${c.b}" stroke="${c.bd}" stroke-width="2">${[306, 360, 440, 494].map((x) => `<rect x="${x - 6}" y="160" width="12" height="56" rx="3"/>`).join("")}</g>` +
      `<circle cx="400" cy="188" r="9" fill="url(#m)"/>` +
      `<path d="M288 212 Q322 236 334 288 M512 212 Q478 236 466 288" fill="none" stroke="${c.bd}" stroke-width="4"/>` +
      stitch("M414 210 V300 Q412 326 398 334", c.bd, 0.7) +
      stitch("M258 636 L372 644 M542 636 L428 644", c.bd) +
      folds("M326 300 L316 646 M474 300 L484 646", "#fff", 0.25, 6) +
      folds("M396 340 Q384 480 380 650 M404 340 Q416 480 420 650", c.bd, 0.3, 12) +
      folds("M300 250 Q330 270 360 262", c.bd, 0.3),
    y: 680,
    w: 170,
    fx: 400,
    fy: 215,
    flat: true,
  };
}

function dress(c: Ctx): Art {
  const skirt = "M308 360 Q250 480 186 640 Q400 676 614 640 Q550 480 492 360Z";
  return {
    s:
      `<path d="${skirt}" fill="url(#b)"/>` +
      folds("M350 380 Q320 520 300 650 M400 380 L400 660 M450 380 Q480 520 500 650", c.bd, 0.3, 14) +
      folds("M330 390 Q290 520 250 640 M470 390 Q510 520 552 640", "#fff", 0.14, 16) +
      `<path d="M336 150 L358 150 Q400 214 442 150 L464 150 Q470 206 506 232 L494 366 L306 366 L294 232 Q330 206 336 150Z" fill="url(#b)"/>` +
      `<path d="M358 150 Q400 214 442 150 Q400 196 358 150Z" fill="${c.bd}"/>` +
      `<path d="M304 348 Q400 362 496 348 L498 382 Q400 396 302 382Z" fill="url(#a)"/>` +
      `<circle cx="400" cy="370" r="11" fill="${c.al}" stroke="${c.ad}" stroke-width="3"/>` +
      folds("M330 240 Q350 300 340 350", "#fff", 0.16, 16) +
      stitch("M196 626 Q400 660 604 626", c.bd),
    y: 676,
    w: 230,
    fx: 400,
    fy: 330,
    flat: true,
  };
}

function gamis(c: Ctx): Art {
  const skirt = "M300 352 Q244 500 206 700 Q400 726 594 700 Q556 500 500 352Z";
  return {
    s:
      `<path d="M302 196 Q262 206 250 262 L210 540 L254 548 L300 310Z M498 196 Q538 206 550 262 L590 540 L546 548 L500 310Z" fill="url(#b)"/>` +
      `<path d="M210 540 L254 548 L250 578 L206 570Z M590 540 L546 548 L550 578 L594 570Z" fill="url(#a)"/>` +
      `<path d="${skirt}" fill="url(#b)"/>` +
      folds("M350 380 Q326 540 310 700 M400 380 L400 716 M450 380 Q474 540 490 700", c.bd, 0.3, 14) +
      folds("M326 390 Q290 540 258 690 M474 390 Q510 540 542 690", "#fff", 0.14, 16) +
      `<path d="M346 150 L366 150 Q400 200 434 150 L454 150 Q480 172 500 196 L500 362 L300 362 L300 196 Q320 172 346 150Z" fill="url(#b)"/>` +
      `<path d="M366 150 Q400 200 434 150 Q400 184 366 150Z" fill="${c.bd}"/>` +
      `<path d="M400 186 V300" stroke="${c.bd}" stroke-width="3" opacity=".6"/>` +
      `<g fill="${c.a}">${[214, 244, 274].map((y) => `<circle cx="400" cy="${y}" r="5"/>`).join("")}</g>` +
      `<path d="M300 342 Q400 356 500 342 L500 374 Q400 388 300 374Z" fill="url(#a)"/>` +
      folds("M250 270 Q236 400 224 520 M550 270 Q564 400 576 520", c.bd, 0.3, 8) +
      stitch("M216 688 Q400 712 584 688", c.bd),
    y: 730,
    w: 230,
    fx: 400,
    fy: 300,
    flat: true,
  };
}

function hijab(c: Ctx): Art {
  const head =
    "M400 146 C492 146 544 214 544 316 C544 376 526 418 504 446 C580 478 636 540 648 664 Q400 690 152 664 C164 540 220 478 296 446 C274 418 256 376 256 316 C256 214 308 146 400 146Z";
  return {
    s:
      `<path d="${head}" fill="url(#b)"/>` +
      folds("M230 560 Q250 610 240 666 M560 560 Q548 610 562 666 M420 520 Q430 600 420 676", c.bd, 0.3, 14) +
      folds("M286 190 Q250 270 270 380", "#fff", 0.16, 20) +
      `<ellipse cx="400" cy="318" rx="70" ry="94" fill="#e8c4a8"/>` +
      `<ellipse cx="388" cy="300" rx="36" ry="52" fill="#f5dcc7" opacity=".7" filter="url(#f2)"/>` +
      `<path d="M332 304 Q334 228 400 224 Q466 228 468 304 Q462 256 400 252 Q338 256 332 304Z" fill="url(#a)"/>` +
      `<path d="M330 330 Q336 420 400 426 Q464 420 470 330 Q476 380 462 420 Q430 452 400 452 Q370 452 338 420 Q324 380 330 330Z" fill="${c.b}"/>` +
      `<path d="M286 452 Q380 486 470 414 Q522 370 532 296 L550 336 Q546 410 508 452 Q424 522 298 494Z" fill="url(#b)"/>` +
      `<path d="M286 452 Q380 486 470 414 Q522 370 532 296 L550 336 Q546 410 508 452 Q424 522 298 494Z" fill="${c.bd}" opacity=".18"/>` +
      folds("M300 470 Q400 492 488 420 M310 486 Q420 506 510 440", c.bd, 0.35, 6) +
      `<path d="M296 470 Q256 570 262 684 L338 690 Q326 580 348 490Z" fill="url(#b)"/>` +
      folds("M300 520 Q290 600 300 680", c.bd, 0.3, 8) +
      `<circle cx="536" cy="318" r="9" fill="#fffaf0" stroke="${c.bd}" stroke-width="2"/>`,
    y: 700,
    w: 250,
    fx: 420,
    fy: 380,
    flat: true,
  };
}

// ---------------------------------------------------------------- shoes & accessories

function sneakers(c: Ctx): Art {
  const laces = [0, 1, 2, 3, 4]
    .map((i) => {
      const x = 352 + i * 34;
      const y = 318 + i * 19;
      return `M${x - 14} ${y - 6} L${x + 10} ${y + 20}`;
    })
    .join(" ");
  return {
    s:
      `<path d="M130 540 C118 460 124 380 150 336 Q160 320 182 326 Q240 346 290 372 L318 360 Q322 300 352 286 L380 284 Q398 330 432 356 Q520 408 604 438 Q690 470 702 520 Q700 545 680 548 L130 548Z" fill="url(#b)"/>` +
      `<path d="M156 332 Q230 340 290 372 Q300 382 290 386 Q230 360 160 348Z" fill="${c.bd}"/>` +
      `<path d="M130 540 C122 470 126 420 140 380 L200 396 Q214 470 204 548Z" fill="${c.bd}" opacity=".18"/>` +
      `<path d="M604 438 Q690 470 702 520 L700 548 L612 548 Q588 490 604 438Z" fill="${c.bl}" opacity=".5"/>` +
      stitch("M600 444 Q586 494 606 544 M210 400 Q222 470 212 544", c.bd) +
      `<path d="M190 504 Q400 486 622 420 Q476 520 232 528Z" fill="url(#a)"/>` +
      `<path d="M344 316 L508 398" stroke="${c.bd}" stroke-width="30" stroke-linecap="round" opacity=".55"/>` +
      `<path d="${laces}" stroke="${luma(c.b) < 0.6 ? "#f3f4f6" : c.bd}" stroke-width="9" stroke-linecap="round"/>` +
      `<path d="M150 336 L136 310 Q140 296 160 304 L176 326Z" fill="${c.a}"/>` +
      `<path d="M118 530 Q108 570 150 576 L660 576 Q708 574 716 540 Q718 520 700 518 L130 520Z" fill="url(#w)"/>` +
      `<path d="M114 552 H716" stroke="${c.a}" stroke-width="4"/>` +
      `<path d="M120 566 Q134 582 156 582 L664 582 Q700 580 712 560 L708 580 Q692 598 664 598 L154 598 Q126 596 120 566Z" fill="#3a3d44"/>` +
      gloss("M160 350 Q178 336 220 348 L260 366 L180 460Z", 0.35),
    y: 598,
    w: 290,
    fx: 420,
    fy: 380,
  };
}

function sandal(c: Ctx): Art {
  const sole =
    "M0 -190 C64 -190 82 -120 76 -60 C70 0 82 60 80 120 C78 176 40 196 0 196 C-40 196 -74 176 -76 120 C-78 60 -66 0 -72 -60 C-78 -120 -64 -190 0 -190Z";
  const one = (x: number, r: number) =>
    `<g transform="translate(${x} 400) rotate(${r})">` +
    `<path d="${sole}" transform="translate(0 16)" fill="${c.bd}"/>` +
    `<path d="${sole}" fill="url(#rb)"/>` +
    `<path d="${sole}" transform="scale(.86)" fill="${c.bl}" opacity=".5"/>` +
    `<path d="M-96 -70 Q0 -100 96 -70 L100 50 Q0 26 -100 50Z" fill="url(#a)"/>` +
    `<path d="M-96 -70 Q0 -100 96 -70" fill="none" stroke="${c.al}" stroke-width="6"/>` +
    stitch("M-90 -56 Q0 -84 90 -56 M-92 36 Q0 12 92 36", "#fff", 0.6) +
    `</g>`;
  return { s: one(300, -8) + one(505, 8), y: 630, w: 250, fx: 400, fy: 360 };
}

function cap(c: Ctx): Art {
  return {
    s:
      `<path d="M380 468 Q520 458 606 440 Q700 444 704 500 Q700 544 606 548 Q480 550 392 502Z" fill="${c.bd}"/>` +
      `<path d="M206 472 Q200 248 400 228 Q588 236 604 446 Q604 468 594 480 Q400 504 206 472Z" fill="url(#rb)"/>` +
      `<path d="M400 230 Q474 300 486 484 M400 230 Q330 318 318 478 M400 230 Q250 300 216 440" fill="none" stroke="${c.bd}" stroke-width="3" stroke-opacity=".55"/>` +
      `<ellipse cx="400" cy="230" rx="22" ry="9" fill="${c.bd}"/>` +
      `<rect x="440" y="330" width="100" height="64" rx="12" fill="url(#a)" transform="rotate(10 490 362)"/>` +
      `<circle cx="270" cy="330" r="5" fill="${c.bd}"/><circle cx="548" cy="330" r="5" fill="${c.bd}"/>` +
      `<path d="M390 500 Q500 520 606 496 Q690 494 702 504 Q700 544 606 548 Q480 550 392 502Z" fill="url(#b)"/>` +
      `<path d="M392 502 Q500 520 606 496 Q690 494 702 504" fill="none" stroke="${c.a}" stroke-width="5"/>` +
      stitch("M420 514 Q520 530 610 512", c.bl, 0.7) +
      gloss("M250 330 Q290 260 360 250 Q300 300 280 380Z", 0.45),
    y: 560,
    w: 260,
    fx: 470,
    fy: 400,
  };
}

function watch(c: Ctx): Art {
  const ticks = Array.from({ length: 12 }, (_, i) => {
    const r = (i * Math.PI) / 6;
    const r1 = i % 3 === 0 ? 70 : 80;
    return `M${(400 + Math.sin(r) * r1).toFixed(1)} ${(400 - Math.cos(r) * r1).toFixed(1)} L${(400 + Math.sin(r) * 92).toFixed(1)} ${(400 - Math.cos(r) * 92).toFixed(1)}`;
  }).join(" ");
  const dialDark = luma(c.a) < 0.5;
  return {
    s:
      `<path d="M346 110 L454 110 L446 300 L354 300Z" fill="url(#bh)"/><path d="M354 500 L446 500 L456 700 L344 700Z" fill="url(#bh)"/>` +
      stitch("M356 118 L362 296 M444 118 L438 296 M362 504 L354 694 M438 504 L446 694", c.bl, 0.6) +
      `<g fill="${c.bd}">${[580, 620, 660].map((y) => `<ellipse cx="400" cy="${y}" rx="6" ry="5"/>`).join("")}</g>` +
      `<rect x="340" y="270" width="120" height="260" rx="30" fill="url(#m)"/>` +
      `<rect x="522" y="384" width="22" height="32" rx="5" fill="url(#mv)"/>` +
      `<circle cx="400" cy="400" r="128" fill="url(#m)"/><circle cx="400" cy="400" r="114" fill="url(#mv)"/>` +
      `<circle cx="400" cy="400" r="102" fill="url(#ra)"/>` +
      `<path d="${ticks}" stroke="${dialDark ? "#f2f2f2" : "#2a2a2a"}" stroke-width="6" stroke-linecap="round"/>` +
      `<path d="M400 400 L352 356 M400 400 L452 316" stroke="${dialDark ? "#f4f4f4" : "#222"}" stroke-width="8" stroke-linecap="round"/>` +
      `<path d="M400 420 L400 318" stroke="${c.b}" stroke-width="3"/><circle cx="400" cy="400" r="8" fill="${c.b}"/>` +
      gloss("M304 380 Q310 306 380 296 Q420 294 460 310 Q380 320 304 380Z", 0.6),
    y: 720,
    w: 140,
    fx: 400,
    fy: 400,
  };
}

function sunglasses(c: Ctx): Art {
  const lens = (x: number) =>
    `<path d="M${x - 100} 370 Q${x - 100} 340 ${x - 70} 338 L${x + 70} 338 Q${x + 100} 340 ${x + 98} 376 Q${x + 92} 470 ${x} 476 Q${x - 96} 470 ${x - 100} 370Z"`;
  return {
    s:
      `<path d="M168 352 L130 420 L146 428 L186 364 M632 352 L670 420 L654 428 L614 364" fill="${c.bd}" stroke="${c.bd}" stroke-width="10" stroke-linejoin="round"/>` +
      `<linearGradient id="lg" x2="0" y2="1">${stops([0, darken(c.a, 0.75)], [0.6, darken(c.a, 0.45)], [1, c.a])}</linearGradient>` +
      `${lens(290)} fill="url(#lg)" stroke="url(#b)" stroke-width="16"/>${lens(510)} fill="url(#lg)" stroke="url(#b)" stroke-width="16"/>` +
      `<path d="M386 354 Q400 340 414 354" fill="none" stroke="${c.b}" stroke-width="14"/>` +
      `<rect x="166" y="334" width="22" height="26" rx="6" fill="url(#m)"/><rect x="612" y="334" width="22" height="26" rx="6" fill="url(#m)"/>` +
      `<path d="M216 364 L252 350 L212 440Z M436 364 L472 350 L432 440Z" fill="#fff" opacity=".25"/>`,
    y: 520,
    w: 250,
    fx: 290,
    fy: 400,
  };
}

function backpack(c: Ctx): Art {
  return {
    s:
      `<path d="M262 280 Q210 330 226 600 L246 600 Q240 380 276 300Z M538 280 Q590 330 574 600 L554 600 Q560 380 524 300Z" fill="${c.bd}"/>` +
      `<path d="M370 192 Q370 146 400 146 Q430 146 430 192" fill="none" stroke="${c.bd}" stroke-width="14"/>` +
      `<path d="M250 320 Q250 188 400 188 Q550 188 550 320 L550 612 Q550 648 514 648 L286 648 Q250 648 250 612Z" fill="url(#b)"/>` +
      `<path d="M266 330 Q268 214 400 210 Q532 214 534 330" fill="none" stroke="${c.bd}" stroke-width="7" stroke-dasharray="4 3"/>` +
      `<path d="M528 318 l12 46" stroke="${c.a}" stroke-width="8" stroke-linecap="round"/>` +
      `<path d="M292 428 L508 428 Q526 428 526 446 L526 604 Q526 624 506 624 L294 624 Q274 624 274 604 L274 446 Q274 428 292 428Z" fill="url(#a)"/>` +
      `<path d="M282 452 H518" stroke="${c.ad}" stroke-width="6" stroke-dasharray="4 3"/>` +
      `<rect x="454" y="446" width="14" height="40" rx="6" fill="url(#m)"/>` +
      `<rect x="364" y="520" width="72" height="36" rx="8" fill="${c.bd}" opacity=".6"/>` +
      stitch("M284 440 H516", c.al) +
      folds("M282 240 Q270 320 272 420", "#fff", 0.3, 22),
    y: 660,
    w: 190,
    fx: 400,
    fy: 470,
  };
}

function handbag(c: Ctx): Art {
  return {
    s:
      `<path d="M318 334 Q318 196 400 196 Q482 196 482 334" fill="none" stroke="${c.bd}" stroke-width="18"/>` +
      `<path d="M296 334 Q296 176 400 176 Q504 176 504 334" fill="none" stroke="url(#bh)" stroke-width="18"/>` +
      `<path d="M228 334 L572 334 Q592 334 594 356 L614 604 Q616 632 586 632 L214 632 Q184 632 186 604 L206 356 Q208 334 228 334Z" fill="url(#b)"/>` +
      stitch("M216 350 L584 350 L602 610 L198 610Z", c.bl) +
      `<path d="M214 334 L586 334 L576 458 Q400 500 224 458Z" fill="${c.b}"/><path d="M214 334 L586 334 L576 458 Q400 500 224 458Z" fill="url(#hl)" opacity=".25"/>` +
      stitch("M226 346 L574 346 L566 448 Q400 486 234 448Z", c.bl) +
      `<rect x="370" y="458" width="60" height="40" rx="8" fill="url(#m)"/><rect x="384" y="468" width="32" height="20" rx="4" fill="${c.a}"/>` +
      `<circle cx="296" cy="334" r="14" fill="none" stroke="url(#m)" stroke-width="7"/><circle cx="504" cy="334" r="14" fill="none" stroke="url(#m)" stroke-width="7"/>`,
    y: 644,
    w: 220,
    fx: 400,
    fy: 450,
  };
}

function wallet(c: Ctx): Art {
  return {
    s:
      `<rect x="286" y="236" width="170" height="110" rx="8" fill="${c.a}" transform="rotate(-8 370 290)"/>` +
      `<rect x="340" y="232" width="170" height="110" rx="8" fill="${c.al}" transform="rotate(5 420 290)"/>` +
      `<rect x="232" y="280" width="336" height="290" rx="26" fill="url(#b)"/>` +
      `<rect x="232" y="280" width="336" height="70" rx="20" fill="${c.bd}" opacity=".45"/>` +
      stitch("M252 300 H548 V550 H252Z", c.bl, 0.8) +
      `<path d="M500 360 L568 360 L568 440 L500 440 Q480 440 480 420 L480 380 Q480 360 500 360Z" fill="url(#b)" stroke="${c.bd}" stroke-width="2"/>` +
      `<circle cx="512" cy="400" r="12" fill="url(#m)"/>` +
      gloss("M248 360 L330 360 L260 520Z", 0.35),
    y: 584,
    w: 200,
    fx: 400,
    fy: 320,
  };
}

// ---------------------------------------------------------------- cosmetics

function lipstick(c: Ctx): Art {
  return {
    s:
      `<g transform="rotate(-78 560 610)"><rect x="470" y="560" width="200" height="100" rx="10" fill="url(#ah)"/><ellipse cx="470" cy="610" rx="14" ry="50" fill="${c.ad}"/></g>` +
      `<path d="M360 330 L360 232 Q362 208 392 192 L432 170 Q440 166 440 180 L440 330Z" fill="url(#bh)"/>` +
      `<path d="M372 220 Q380 204 400 194 L404 326 L384 326Z" fill="#fff" opacity=".25"/>` +
      `<rect x="350" y="320" width="100" height="110" fill="url(#m)"/>` +
      `<rect x="332" y="420" width="136" height="230" rx="8" fill="url(#ah)"/>` +
      `<rect x="332" y="420" width="136" height="22" fill="url(#m)"/>` +
      `<rect x="350" y="456" width="14" height="180" rx="7" fill="#fff" opacity=".3"/>`,
    y: 656,
    w: 190,
    fx: 400,
    fy: 280,
  };
}

function perfume(c: Ctx): Art {
  return {
    s:
      `<rect x="256" y="326" width="288" height="328" rx="34" fill="${c.b}" opacity=".55"/>` +
      `<rect x="274" y="364" width="252" height="266" rx="22" fill="url(#bh)" opacity=".9"/>` +
      `<rect x="256" y="326" width="288" height="328" rx="34" fill="none" stroke="${c.bl}" stroke-width="8" opacity=".8"/>` +
      `<rect x="262" y="610" width="276" height="40" rx="16" fill="${c.bl}" opacity=".5"/>` +
      `<rect x="290" y="370" width="22" height="240" rx="11" fill="#fff" opacity=".45"/><rect x="494" y="380" width="10" height="200" rx="5" fill="#fff" opacity=".3"/>` +
      `<rect x="364" y="284" width="72" height="46" fill="url(#m)"/>` +
      `<rect x="324" y="160" width="152" height="128" rx="16" fill="url(#ah)"/>` +
      `<rect x="338" y="172" width="18" height="104" rx="9" fill="#fff" opacity=".3"/>` +
      `<rect x="340" y="450" width="120" height="80" rx="6" fill="${c.al}" opacity=".5"/>`,
    y: 656,
    w: 190,
    fx: 400,
    fy: 300,
  };
}

function creamJar(c: Ctx): Art {
  return {
    s:
      `<ellipse cx="610" cy="630" rx="54" ry="14" fill="${lighten(c.b, 0.7)}"/><path d="M566 628 Q574 596 606 598 Q640 600 648 626 Q610 612 590 630Z" fill="${lighten(c.b, 0.85)}"/>` +
      `<path d="M252 430 L548 430 L544 618 Q544 646 516 646 L284 646 Q256 646 256 618Z" fill="url(#bh)"/>` +
      `<rect x="256" y="510" width="288" height="60" fill="${c.al}" opacity=".45"/>` +
      `<path d="M256 510 H544 M256 570 H544" stroke="${c.a}" stroke-width="3"/>` +
      `<rect x="240" y="352" width="320" height="90" rx="14" fill="url(#ah)"/>` +
      `<ellipse cx="400" cy="354" rx="160" ry="26" fill="${c.al}"/>` +
      `<ellipse cx="400" cy="354" rx="130" ry="18" fill="url(#a)" opacity=".6"/>` +
      `<path d="M250 368 H550" stroke="#fff" stroke-width="4" opacity=".5"/>` +
      `<rect x="290" y="446" width="18" height="180" rx="9" fill="#fff" opacity=".3"/>`,
    y: 650,
    w: 200,
    fx: 400,
    fy: 420,
  };
}

function serum(c: Ctx): Art {
  return {
    s:
      `<path d="M318 428 Q318 378 362 370 L438 370 Q482 378 482 428 L482 628 Q482 652 458 652 L342 652 Q318 652 318 628Z" fill="url(#bh)" opacity=".92"/>` +
      `<path d="M400 366 V616" stroke="#fff" stroke-width="12" stroke-linecap="round" opacity=".45"/>` +
      `<rect x="334" y="478" width="132" height="118" rx="8" fill="${lighten(c.a, 0.8)}"/>` +
      `<rect x="352" y="500" width="96" height="10" rx="5" fill="${c.a}"/><rect x="352" y="522" width="60" height="6" rx="3" fill="${c.a}" opacity=".5"/><circle cx="400" cy="565" r="16" fill="${c.a}" opacity=".7"/>` +
      `<rect x="338" y="386" width="16" height="240" rx="8" fill="#fff" opacity=".35"/>` +
      `<rect x="352" y="316" width="96" height="58" rx="6" fill="url(#m)"/>` +
      `<path d="M366 318 L366 236 Q366 172 400 172 Q434 172 434 236 L434 318Z" fill="url(#ah)"/>` +
      `<path d="M360 252 H440 M360 276 H440" stroke="${c.ad}" stroke-width="3" opacity=".6"/>`,
    y: 656,
    w: 140,
    fx: 400,
    fy: 330,
  };
}

function compact(c: Ctx): Art {
  return {
    s:
      `<ellipse cx="400" cy="310" rx="214" ry="176" fill="url(#ah)"/>` +
      `<ellipse cx="400" cy="314" rx="186" ry="150" fill="url(#mv)"/>` +
      `<path d="M270 220 L350 190 L250 390Z M370 180 L410 176 L276 430 L262 410Z" fill="#fff" opacity=".45"/>` +
      `<path d="M186 532 L186 562 Q190 644 400 650 Q610 644 614 562 L614 532Z" fill="url(#ah)"/>` +
      `<ellipse cx="400" cy="532" rx="214" ry="92" fill="url(#a)"/>` +
      `<ellipse cx="400" cy="536" rx="170" ry="68" fill="${c.bd}"/>` +
      `<ellipse cx="400" cy="532" rx="164" ry="64" fill="url(#rb)"/>` +
      `<g fill="none" stroke="${c.bl}" stroke-width="3" opacity=".6"><ellipse cx="400" cy="532" rx="110" ry="42"/><ellipse cx="400" cy="532" rx="60" ry="22"/></g>`,
    y: 654,
    w: 220,
    fx: 400,
    fy: 520,
  };
}

// ---------------------------------------------------------------- digital

function phone(c: Ctx): Art {
  return {
    s:
      `<g transform="rotate(-10 330 420)"><rect x="224" y="168" width="220" height="470" rx="38" fill="url(#bh)"/>` +
      `<rect x="224" y="168" width="220" height="470" rx="38" fill="none" stroke="${c.bl}" stroke-width="4"/>` +
      `<rect x="244" y="188" width="104" height="124" rx="28" fill="${c.bd}"/>` +
      `<g fill="#111" stroke="#9aa0a8" stroke-width="5"><circle cx="276" cy="220" r="20"/><circle cx="276" cy="278" r="20"/><circle cx="322" cy="250" r="18"/></g>` +
      `<circle cx="322" cy="210" r="6" fill="#fff5c8"/>` +
      `<g fill="#3b4a7a" opacity=".8"><circle cx="270" cy="214" r="7"/><circle cx="270" cy="272" r="7"/><circle cx="317" cy="245" r="6"/></g></g>` +
      `<g transform="rotate(6 470 420)"><rect x="360" y="176" width="224" height="480" rx="38" fill="#15171c"/>` +
      `<clipPath id="ps"><rect x="370" y="186" width="204" height="460" rx="30"/></clipPath>` +
      `<g clip-path="url(#ps)"><rect x="370" y="186" width="204" height="460" fill="url(#sc)"/>` +
      `<circle cx="430" cy="330" r="90" fill="${c.bl}" opacity=".5"/><circle cx="540" cy="520" r="120" fill="${c.ad}" opacity=".45"/>` +
      `<path d="M370 520 Q460 460 574 500 V646 H370Z" fill="${c.b}" opacity=".55"/></g>` +
      `<circle cx="472" cy="206" r="8" fill="#07080b"/>` +
      `<path d="M380 196 L460 196 L380 400Z" fill="#fff" opacity=".15"/></g>`,
    y: 672,
    w: 230,
    fx: 290,
    fy: 250,
  };
}

function earbuds(c: Ctx): Art {
  const bud = (x: number, y: number, r: number, tip = false) =>
    `<g transform="rotate(${r} ${x} ${y})"><rect x="${x - 14}" y="${y}" width="28" height="104" rx="14" fill="url(#bh)"/>` +
    `<ellipse cx="${x}" cy="${y}" rx="38" ry="34" fill="url(#rb)"/>` +
    (tip
      ? `<ellipse cx="${x + 10}" cy="${y - 4}" rx="16" ry="12" fill="${c.ad}"/><rect x="${x - 8}" y="${y + 92}" width="16" height="12" rx="4" fill="url(#m)"/>`
      : `<ellipse cx="${x - 10}" cy="${y - 12}" rx="14" ry="8" fill="#fff" opacity=".35"/>`) +
    `</g>`;
  return {
    s:
      `<path d="M258 446 Q262 352 400 346 Q538 352 542 446Z" fill="url(#b)"/>` +
      `<path d="M276 444 Q282 372 400 366 Q518 372 524 444Z" fill="${c.bd}"/>` +
      bud(346, 420, -12) +
      bud(454, 420, 12) +
      `<path d="M250 446 L550 446 Q560 596 400 604 Q240 596 250 446Z" fill="url(#bh)"/>` +
      `<path d="M250 446 H550" stroke="${c.bd}" stroke-width="5"/>` +
      `<circle cx="400" cy="540" r="4" fill="${c.a}"/>` +
      gloss("M272 460 L320 460 Q300 540 320 590 Q270 560 266 500Z", 0.45) +
      bud(618, 548, 72, true),
    y: 612,
    w: 230,
    fx: 400,
    fy: 450,
  };
}

function headphones(c: Ctx): Art {
  return {
    s:
      `<path d="M240 390 Q220 140 410 140 Q600 140 574 400" fill="none" stroke="${c.bd}" stroke-width="40" stroke-linecap="round"/>` +
      `<path d="M258 300 Q262 172 410 170 Q560 172 560 300" fill="none" stroke="${c.a}" stroke-width="24" stroke-linecap="round"/>` +
      `<path d="M280 200 Q330 152 410 150" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".35"/>` +
      `<rect x="226" y="330" width="32" height="80" rx="8" fill="url(#m)"/><rect x="556" y="336" width="32" height="80" rx="8" fill="url(#m)"/>` +
      `<ellipse cx="596" cy="500" rx="70" ry="110" fill="url(#bh)"/>` +
      `<ellipse cx="574" cy="502" rx="74" ry="108" fill="#2a2c31"/>` +
      `<ellipse cx="574" cy="502" rx="46" ry="76" fill="#3d4048"/>` +
      `<ellipse cx="574" cy="502" rx="30" ry="52" fill="#4a4e57" stroke="#2a2c31" stroke-width="4" stroke-dasharray="2 4"/>` +
      `<ellipse cx="244" cy="496" rx="96" ry="122" fill="url(#rb)"/>` +
      `<ellipse cx="244" cy="496" rx="70" ry="92" fill="none" stroke="${c.bd}" stroke-width="4" opacity=".5"/>` +
      `<ellipse cx="244" cy="496" rx="34" ry="44" fill="url(#a)"/>` +
      `<ellipse cx="214" cy="444" rx="30" ry="46" fill="#fff" opacity=".25" filter="url(#f2)"/>`,
    y: 630,
    w: 250,
    fx: 250,
    fy: 480,
  };
}

function laptop(c: Ctx): Art {
  const rows = [0, 1, 2, 3, 4]
    .map((i) => {
      const y = 494 + i * 13;
      const inset = 40 - i * 6;
      return `M${246 - (40 - inset) * 0 - i * 8} ${y} H${554 + i * 8}`;
    })
    .join(" ");
  return {
    s:
      `<rect x="214" y="166" width="372" height="308" rx="16" fill="#16181d"/>` +
      `<rect x="230" y="182" width="340" height="272" rx="4" fill="url(#sc)"/>` +
      `<path d="M230 380 Q340 320 570 360 L570 454 L230 454Z" fill="${c.b}" opacity=".55"/><circle cx="500" cy="250" r="50" fill="${c.al}" opacity=".6"/>` +
      `<path d="M236 186 L400 186 L236 380Z" fill="#fff" opacity=".1"/>` +
      `<path d="M214 474 L586 474 L666 592 L134 592Z" fill="url(#b)"/>` +
      `<path d="${rows}" stroke="#2b2e35" stroke-width="9" stroke-dasharray="15 4"/>` +
      `<path d="M346 556 L454 556 L462 584 L338 584Z" fill="${c.bd}" opacity=".35"/>` +
      `<path d="M134 592 L666 592 L656 608 Q652 612 640 612 L160 612 Q148 612 144 608Z" fill="${c.bd}"/>`,
    y: 616,
    w: 280,
    fx: 400,
    fy: 500,
  };
}

function smartwatch(c: Ctx): Art {
  return {
    s:
      `<rect x="336" y="108" width="128" height="200" rx="30" fill="url(#bh)"/><rect x="336" y="492" width="128" height="210" rx="30" fill="url(#bh)"/>` +
      `<g fill="${c.bd}">${[560, 600, 640].map((y) => `<circle cx="400" cy="${y}" r="7"/>`).join("")}</g>` +
      `<rect x="496" y="356" width="18" height="56" rx="7" fill="url(#mv)"/>` +
      `<rect x="296" y="266" width="208" height="268" rx="60" fill="url(#mv)"/>` +
      `<rect x="308" y="278" width="184" height="244" rx="50" fill="#05070b"/>` +
      `<g fill="none" stroke-width="16" stroke-linecap="round">` +
      `<circle cx="400" cy="400" r="72" stroke="${c.a}" opacity=".25"/><circle cx="400" cy="400" r="72" stroke="${c.a}" stroke-dasharray="340 460"/>` +
      `<circle cx="400" cy="400" r="50" stroke="${lighten(c.b, 0.3)}" opacity=".25"/><circle cx="400" cy="400" r="50" stroke="${lighten(c.b, 0.3)}" stroke-dasharray="200 400"/>` +
      `<circle cx="400" cy="400" r="28" stroke="#4ade80" opacity=".25"/><circle cx="400" cy="400" r="28" stroke="#4ade80" stroke-dasharray="120 200"/></g>` +
      `<path d="M316 300 Q330 284 380 282 L316 400Z" fill="#fff" opacity=".15"/>`,
    y: 722,
    w: 130,
    fx: 400,
    fy: 400,
  };
}

function powerbank(c: Ctx): Art {
  return {
    s:
      `<path d="M396 206 Q396 140 460 140 Q570 140 606 260 Q640 380 620 610" fill="none" stroke="${c.ad}" stroke-width="12" stroke-linecap="round"/>` +
      `<rect x="384" y="182" width="24" height="30" rx="5" fill="url(#m)"/>` +
      `<path d="M500 214 Q540 216 546 250 L546 614 Q540 640 500 642Z" fill="${c.bd}"/>` +
      `<rect x="270" y="206" width="260" height="436" rx="34" fill="url(#b)"/>` +
      `<rect x="278" y="214" width="244" height="420" rx="28" fill="none" stroke="${c.bl}" stroke-width="3" opacity=".7"/>` +
      `<rect x="270" y="390" width="260" height="56" fill="${c.a}" opacity=".9"/>` +
      `<rect x="372" y="202" width="48" height="10" rx="5" fill="#111"/>` +
      `<g fill="${c.al}">${[352, 380, 408, 436].map((x, i) => `<circle cx="${x}" cy="596" r="6" opacity="${i < 3 ? 1 : 0.3}"/>`).join("")}</g>` +
      `<circle cx="400" cy="530" r="16" fill="none" stroke="${c.bd}" stroke-width="4" opacity=".5"/>` +
      gloss("M288 230 L320 230 L320 620 L288 604Z", 0.35),
    y: 652,
    w: 180,
    fx: 400,
    fy: 560,
  };
}

function camera(c: Ctx): Art {
  return {
    s:
      `<path d="M330 292 L362 226 L438 226 L470 292Z" fill="url(#b)"/><rect x="376" y="240" width="48" height="24" rx="4" fill="#0b0c0f"/>` +
      `<rect x="520" y="264" width="60" height="30" rx="6" fill="url(#m)"/><ellipse cx="236" cy="282" rx="28" ry="10" fill="url(#m)"/>` +
      `<rect x="178" y="286" width="444" height="282" rx="34" fill="url(#b)"/>` +
      `<rect x="178" y="286" width="444" height="44" rx="20" fill="${c.bl}" opacity=".5"/>` +
      `<rect x="178" y="318" width="88" height="248" rx="30" fill="${c.bd}"/>` +
      `<circle cx="420" cy="442" r="140" fill="${c.bd}"/><circle cx="420" cy="442" r="132" fill="url(#m)"/>` +
      `<circle cx="420" cy="442" r="118" fill="#17181b"/>` +
      `<circle cx="420" cy="442" r="106" fill="none" stroke="#2d2f34" stroke-width="16" stroke-dasharray="4 4"/>` +
      `<circle cx="420" cy="442" r="124" fill="none" stroke="${c.a}" stroke-width="4"/>` +
      `<radialGradient id="gl" cx=".4" cy=".35">${stops([0, "#5d6fb0"], [0.45, "#1c2450"], [1, "#040509"])}</radialGradient>` +
      `<circle cx="420" cy="442" r="84" fill="url(#gl)"/>` +
      `<circle cx="420" cy="442" r="40" fill="#05060a" opacity=".7"/>` +
      `<path d="M366 402 Q386 374 420 370" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".6"/>` +
      `<circle cx="452" cy="470" r="10" fill="#b58cff" opacity=".5"/><circle cx="560" cy="320" r="9" fill="#ff8a3d"/>`,
    y: 596,
    w: 250,
    fx: 420,
    fy: 440,
  };
}

// ---------------------------------------------------------------- home & living

function mug(c: Ctx): Art {
  return {
    s:
      `<path d="M360 250 Q340 210 362 170 Q384 130 360 96 M410 250 Q392 212 414 176 Q436 140 414 110" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" opacity=".6" filter="url(#f2)"/>` +
      `<path d="M496 360 Q600 354 600 452 Q600 548 496 548" fill="none" stroke="${c.bd}" stroke-width="40"/>` +
      `<path d="M496 360 Q600 354 600 452 Q600 548 496 548" fill="none" stroke="${c.b}" stroke-width="28"/>` +
      `<path d="M256 300 L504 300 L504 588 Q504 636 456 636 L304 636 Q256 636 256 588Z" fill="url(#bh)"/>` +
      `<rect x="256" y="520" width="248" height="26" fill="url(#ah)"/>` +
      `<ellipse cx="380" cy="300" rx="124" ry="28" fill="${c.bl}"/>` +
      `<ellipse cx="380" cy="302" rx="110" ry="21" fill="#3b2417"/><ellipse cx="350" cy="298" rx="40" ry="7" fill="#7a5037" opacity=".6"/>` +
      gloss("M278 320 L316 320 L316 610 Q284 600 278 560Z", 0.45),
    y: 640,
    w: 200,
    fx: 390,
    fy: 360,
  };
}

function tumbler(c: Ctx): Art {
  return {
    s:
      `<path d="M362 164 Q362 96 400 96 Q438 96 438 164" fill="none" stroke="${c.ad}" stroke-width="14"/>` +
      `<rect x="330" y="150" width="140" height="90" rx="18" fill="url(#ah)"/>` +
      `<rect x="326" y="232" width="148" height="22" rx="6" fill="url(#m)"/>` +
      `<path d="M322 254 L478 254 L486 626 Q486 654 458 654 L342 654 Q314 654 314 626Z" fill="url(#bh)"/>` +
      `<rect x="316" y="560" width="168" height="16" fill="${c.a}"/>` +
      `<circle cx="400" cy="420" r="30" fill="none" stroke="${c.bl}" stroke-width="5" opacity=".6"/>` +
      gloss("M340 270 L366 270 L366 630 L340 620Z", 0.45),
    y: 658,
    w: 130,
    fx: 400,
    fy: 230,
  };
}

function lamp(c: Ctx): Art {
  return {
    s:
      `<ellipse cx="400" cy="420" rx="230" ry="200" fill="#fff4cc" opacity=".45" filter="url(#f)"/>` +
      `<rect x="392" y="372" width="16" height="240" fill="url(#m)"/>` +
      `<path d="M304 612 L496 612 L496 628 Q400 650 304 628Z" fill="url(#ah)"/><ellipse cx="400" cy="612" rx="96" ry="20" fill="url(#a)"/>` +
      `<ellipse cx="400" cy="382" rx="170" ry="26" fill="#fff5d0"/>` +
      `<path d="M304 178 L496 178 L570 382 Q400 412 230 382Z" fill="url(#bh)"/>` +
      `<ellipse cx="400" cy="178" rx="96" ry="14" fill="${c.bd}"/>` +
      `<path d="M230 382 Q400 412 570 382" fill="none" stroke="${c.a}" stroke-width="8"/>` +
      `<path d="M304 178 L496 178" stroke="${c.a}" stroke-width="8"/>` +
      `<path d="M240 376 Q400 402 560 376 L540 330 Q400 350 260 330Z" fill="#fff3c4" opacity=".35"/>`,
    y: 640,
    w: 130,
    fx: 400,
    fy: 300,
  };
}

function cushion(c: Ctx): Art {
  const shape = "M204 214 Q400 246 596 214 Q566 420 596 626 Q400 594 204 626 Q234 420 204 214Z";
  return {
    s:
      `<defs><pattern id="p" width="80" height="80" patternUnits="userSpaceOnUse"><path d="M40 8 L72 40 L40 72 L8 40Z" fill="none" stroke="${c.a}" stroke-width="6"/><circle cx="40" cy="40" r="9" fill="${c.a}"/><circle cx="0" cy="0" r="8" fill="${c.al}"/><circle cx="80" cy="80" r="8" fill="${c.al}"/><circle cx="80" cy="0" r="8" fill="${c.al}"/><circle cx="0" cy="80" r="8" fill="${c.al}"/></pattern>` +
      `<radialGradient id="cs" cx=".45" cy=".42" r=".62"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".8"/></radialGradient></defs>` +
      `<path d="${shape}" fill="url(#rb)"/>` +
      `<path d="${shape}" fill="url(#p)" opacity=".75"/>` +
      `<path d="${shape}" fill="url(#cs)" opacity=".3"/>` +
      `<path d="${shape}" fill="none" stroke="${c.ad}" stroke-width="10"/>` +
      folds("M250 250 Q330 300 320 380 M550 590 Q480 540 470 470", c.bd, 0.35, 14) +
      `<ellipse cx="330" cy="320" rx="110" ry="80" fill="#fff" opacity=".18" filter="url(#f)"/>`,
    y: 650,
    w: 220,
    fx: 400,
    fy: 420,
  };
}

// ---------------------------------------------------------------- food & drinks

function crimp(x: number, y: number, w: number, h: number, fill: string): string {
  let d = `M${x} ${y}`;
  const n = 18;
  for (let i = 0; i <= n; i++) d += ` L${(x + (w * i) / n).toFixed(1)} ${i % 2 ? y + h : y}`;
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"/><path d="${d}" fill="none" stroke="#000" stroke-opacity=".18" stroke-width="2"/>`;
}

function snackPack(c: Ctx): Art {
  const chip = (x: number, y: number, r: number, s = 1) =>
    `<path transform="translate(${x} ${y}) rotate(${r}) scale(${s})" d="M-34 -6 Q-30 -30 0 -28 Q34 -24 34 2 Q30 26 2 26 Q-32 24 -34 -6Z" fill="#f2b84b" stroke="#d38b22" stroke-width="3"/>`;
  return {
    s:
      chip(610, 626, 20) +
      chip(190, 630, -30, 0.9) +
      `<path d="M252 206 L548 206 L562 264 Q588 420 562 586 L548 640 L252 640 L238 586 Q212 420 238 264Z" fill="url(#bh)"/>` +
      crimp(250, 176, 300, 40, c.bd) +
      crimp(250, 632, 300, 36, c.bd) +
      `<path d="M240 280 Q400 250 560 280 L562 320 Q400 292 238 320Z" fill="${c.a}"/>` +
      `<path d="M400 360 L428 408 L482 404 L446 446 L466 498 L414 478 L372 512 L374 458 L328 428 L382 410Z" fill="${c.al}" opacity=".9"/>` +
      `<ellipse cx="400" cy="500" rx="120" ry="84" fill="${c.bd}" opacity=".35"/>` +
      chip(360, 490, -15) +
      chip(430, 470, 25) +
      chip(400, 530, 5, 1.1) +
      `<path d="M238 560 Q400 590 562 560 L560 586 Q400 614 240 586Z" fill="${c.a}"/>` +
      gloss("M262 230 L300 230 L282 600 Q256 500 262 230Z", 0.5),
    y: 664,
    w: 220,
    fx: 400,
    fy: 480,
  };
}

function coffeeBag(c: Ctx): Art {
  const bean = (x: number, y: number, r: number) =>
    `<g transform="translate(${x} ${y}) rotate(${r})"><ellipse rx="22" ry="15" fill="#5b3420"/><path d="M-18 0 Q0 -6 18 0" stroke="#2e170c" stroke-width="3" fill="none"/></g>`;
  return {
    s:
      `<path d="M270 206 L530 206 L546 618 Q548 652 512 652 L288 652 Q252 652 254 618Z" fill="url(#bh)"/>` +
      `<rect x="268" y="196" width="264" height="40" fill="${c.bd}"/><path d="M268 246 H532" stroke="${c.bd}" stroke-width="4"/>` +
      `<path d="M268 212 l10 6 l-10 6" fill="${c.bl}"/>` +
      `<circle cx="400" cy="292" r="18" fill="${c.bd}"/><circle cx="400" cy="292" r="9" fill="${c.bl}"/>` +
      `<rect x="306" y="350" width="188" height="200" rx="14" fill="url(#a)"/>` +
      `<g transform="translate(400 430) rotate(-25)"><ellipse rx="40" ry="54" fill="${c.bd}"/><path d="M0 -48 Q-16 0 0 48" stroke="${c.al}" stroke-width="6" fill="none"/></g>` +
      `<rect x="340" y="508" width="120" height="10" rx="5" fill="${c.al}" opacity=".8"/>` +
      gloss("M274 260 L304 260 L290 630 L272 620Z", 0.45) +
      bean(590, 630, 20) +
      bean(630, 640, -30) +
      bean(212, 636, 60) +
      bean(560, 650, 80),
    y: 660,
    w: 200,
    fx: 400,
    fy: 380,
  };
}

function teaBox(c: Ctx): Art {
  return {
    s:
      `<path d="M250 282 L310 238 L566 238 L506 282Z" fill="${c.bl}"/>` +
      `<path d="M506 282 L566 238 L566 590 L506 634Z" fill="${c.bd}"/>` +
      `<rect x="250" y="282" width="256" height="352" fill="url(#b)"/>` +
      `<rect x="250" y="340" width="256" height="46" fill="url(#a)"/><path d="M506 340 L566 296 L566 342 L506 386Z" fill="${c.ad}"/>` +
      `<circle cx="378" cy="500" r="66" fill="${lighten(c.a, 0.75)}"/><circle cx="378" cy="500" r="66" fill="none" stroke="${c.a}" stroke-width="4"/>` +
      `<path d="M378 452 Q432 492 378 552 Q324 492 378 452Z" fill="${c.a}"/><path d="M378 462 V544 M378 500 L400 482 M378 520 L356 502" stroke="${lighten(c.a, 0.75)}" stroke-width="4" fill="none"/>` +
      `<rect x="282" y="596" width="192" height="8" rx="4" fill="${c.bl}" opacity=".7"/>` +
      gloss("M262 292 L292 292 L292 620 L262 620Z", 0.35) +
      `<path d="M596 586 Q600 520 640 500" fill="none" stroke="#d8cdb8" stroke-width="3"/><rect x="624" y="478" width="36" height="30" rx="4" fill="${c.a}" transform="rotate(-14 642 493)"/>` +
      `<g transform="rotate(12 596 622)"><rect x="556" y="582" width="80" height="86" rx="8" fill="#efe4cc"/><rect x="556" y="582" width="80" height="14" rx="4" fill="#ddcfb2"/><path d="M568 612 q28 -8 56 0 M568 632 q28 -8 56 0" stroke="#b79a6a" stroke-width="3" fill="none" opacity=".6"/></g>`,
    y: 650,
    w: 210,
    fx: 390,
    fy: 470,
  };
}

function foodJar(c: Ctx): Art {
  let cloth = "M240 244";
  for (let i = 0; i <= 12; i++) {
    const x = 240 + (i * 320) / 12;
    cloth += ` Q${(x - 13.3).toFixed(1)} ${i % 2 ? 330 : 310} ${x.toFixed(1)} 300`;
  }
  cloth += " L560 244 Q400 190 240 244Z";
  return {
    s:
      `<defs><pattern id="p" width="36" height="36" patternUnits="userSpaceOnUse"><rect width="36" height="36" fill="#fff"/><rect width="18" height="36" fill="${c.a}" opacity=".5"/><rect width="36" height="18" fill="${c.a}" opacity=".5"/></pattern></defs>` +
      `<path d="M292 330 Q280 340 280 370 L280 610 Q280 650 320 650 L480 650 Q520 650 520 610 L520 370 Q520 340 508 330Z" fill="url(#bh)"/>` +
      `<rect x="306" y="340" width="12" height="290" rx="6" fill="#fff" opacity=".4"/>` +
      `<ellipse cx="400" cy="486" rx="92" ry="70" fill="#fbf3df" stroke="${c.a}" stroke-width="6"/>` +
      `<ellipse cx="400" cy="486" rx="74" ry="52" fill="none" stroke="${c.a}" stroke-width="2" stroke-dasharray="5 4"/>` +
      `<path d="M372 486 Q400 430 428 486 Q400 520 372 486Z" fill="${c.b}"/>` +
      `<rect x="292" y="296" width="216" height="44" rx="8" fill="url(#m)"/>` +
      `<path d="${cloth}" fill="url(#p)"/>` +
      `<path d="M252 300 Q400 316 548 300" fill="none" stroke="#8a6a44" stroke-width="6"/>`,
    y: 656,
    w: 160,
    fx: 400,
    fy: 320,
  };
}

// ---------------------------------------------------------------- sports & kids

function ball(c: Ctx): Art {
  const cx = 400;
  const cy = 400;
  const pent = (x: number, y: number, r: number, rot: number) =>
    "M" +
    Array.from({ length: 5 }, (_, i) => {
      const t = rot + (i * 2 * Math.PI) / 5;
      return `${(x + Math.sin(t) * r).toFixed(1)} ${(y - Math.cos(t) * r).toFixed(1)}`;
    }).join(" L") +
    "Z";
  let patches = pent(cx - 20, cy - 16, 62, 0.12);
  let seams = "";
  for (let i = 0; i < 5; i++) {
    const t = 0.12 + (i * 2 * Math.PI) / 5;
    const x1 = cx - 20 + Math.sin(t) * 62;
    const y1 = cy - 16 - Math.cos(t) * 62;
    const x2 = cx - 20 + Math.sin(t) * 122;
    const y2 = cy - 16 - Math.cos(t) * 122;
    seams += `M${x1.toFixed(1)} ${y1.toFixed(1)} L${x2.toFixed(1)} ${y2.toFixed(1)} `;
    const t2 = t + Math.PI / 5;
    const px = cx - 20 + Math.sin(t2) * 196;
    const py = cy - 16 - Math.cos(t2) * 196;
    patches += " " + pent(px, py, 58, t2 + Math.PI);
  }
  return {
    s:
      `<clipPath id="cb"><circle cx="${cx}" cy="${cy}" r="220"/></clipPath>` +
      `<radialGradient id="sh" cx=".38" cy=".34" r=".7"><stop offset=".5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".45"/></radialGradient>` +
      `<circle cx="${cx}" cy="${cy}" r="220" fill="url(#rb)"/>` +
      `<g clip-path="url(#cb)"><path d="${patches}" fill="${c.a}"/><path d="${seams}" stroke="${c.bd}" stroke-width="3"/>` +
      `<path d="${patches}" fill="none" stroke="${c.bd}" stroke-width="3"/></g>` +
      `<circle cx="${cx}" cy="${cy}" r="220" fill="url(#sh)"/>` +
      `<ellipse cx="330" cy="290" rx="70" ry="44" fill="#fff" opacity=".35" transform="rotate(-30 330 290)" filter="url(#f2)"/>`,
    y: 624,
    w: 170,
    fx: 380,
    fy: 390,
  };
}

function volleyball(c: Ctx): Art {
  const pt = (r: number, deg: number) => {
    const t = (deg * Math.PI) / 180;
    return `${(400 + Math.cos(t) * r).toFixed(1)} ${(400 + Math.sin(t) * r).toFixed(1)}`;
  };
  let clips = "";
  let panels = "";
  let seams = "";
  for (let k = 0; k < 3; k++) {
    const th = -90 + 120 * k;
    // Strips run parallel to one edge of each (cube-face) wedge, curved slightly for the sphere.
    const t = ((th + 30) * Math.PI) / 180;
    const cx = 400 - Math.cos(t) * 900;
    const cy = 400 - Math.sin(t) * 900;
    const ring = (r: number) =>
      `M${(cx + r).toFixed(1)} ${cy.toFixed(1)}a${r} ${r} 0 1 0 ${-2 * r} 0a${r} ${r} 0 1 0 ${2 * r} 0Z`;
    clips += `<clipPath id="w${k}"><path d="M400 400L${pt(320, th - 60)}L${pt(320, th)}L${pt(320, th + 60)}Z"/></clipPath>`;
    panels += `<g clip-path="url(#w${k})"><path d="${ring(1027)}${ring(963)}" fill="${c.a}" fill-rule="evenodd"/><path d="${ring(1027)}${ring(963)}" fill="none" stroke="${c.bd}" stroke-width="3" opacity=".55"/></g>`;
    seams += `M400 400L${pt(240, th + 60)}`;
  }
  return {
    s:
      `<clipPath id="cb"><circle cx="400" cy="400" r="220"/></clipPath>${clips}` +
      `<radialGradient id="sh" cx=".38" cy=".34" r=".7"><stop offset=".5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".45"/></radialGradient>` +
      `<circle cx="400" cy="400" r="220" fill="url(#rb)"/>` +
      `<g clip-path="url(#cb)">${panels}<path d="${seams}" stroke="${c.bd}" stroke-width="3" opacity=".55"/></g>` +
      `<circle cx="400" cy="400" r="220" fill="url(#sh)"/>` +
      `<ellipse cx="330" cy="290" rx="70" ry="44" fill="#fff" opacity=".35" transform="rotate(-30 330 290)" filter="url(#f2)"/>`,
    y: 624,
    w: 170,
    fx: 380,
    fy: 390,
  };
}

function dumbbell(c: Ctx): Art {
  const head = (x: number) =>
    `<rect x="${x}" y="276" width="120" height="248" rx="14" fill="${c.b}"/>` +
    `<rect x="${x}" y="276" width="120" height="62" rx="10" fill="${c.bl}"/>` +
    `<rect x="${x}" y="462" width="120" height="62" rx="10" fill="${c.bd}"/>` +
    `<rect x="${x}" y="276" width="120" height="248" rx="14" fill="url(#bh)" opacity=".5"/>`;
  return {
    s:
      `<rect x="280" y="378" width="240" height="44" rx="10" fill="url(#mv)"/>` +
      `<path d="M320 380 V420 M340 380 V420 M360 380 V420 M380 380 V420 M400 380 V420 M420 380 V420 M440 380 V420 M460 380 V420 M480 380 V420" stroke="#6d727a" stroke-width="3"/>` +
      head(164) +
      head(516) +
      `<rect x="272" y="316" width="14" height="168" rx="6" fill="url(#a)"/><rect x="514" y="316" width="14" height="168" rx="6" fill="url(#a)"/>` +
      `<rect x="150" y="350" width="18" height="100" rx="6" fill="url(#mv)"/><rect x="632" y="350" width="18" height="100" rx="6" fill="url(#mv)"/>`,
    y: 540,
    w: 270,
    fx: 400,
    fy: 400,
  };
}

function toyCar(c: Ctx): Art {
  const wheel = (x: number) =>
    `<circle cx="${x}" cy="540" r="60" fill="#1d1f24"/><circle cx="${x}" cy="540" r="44" fill="#33363d"/><circle cx="${x}" cy="540" r="28" fill="url(#m)"/><circle cx="${x}" cy="540" r="9" fill="${c.a}"/>`;
  return {
    s:
      `<path d="M162 500 Q164 440 228 430 L300 424 L356 340 Q376 318 420 318 L524 318 Q564 320 584 358 L622 428 Q662 438 664 488 L664 520 Q664 548 636 548 L190 548 Q162 548 162 520Z" fill="url(#b)"/>` +
      `<path d="M316 424 L366 350 Q378 338 400 338 L436 338 L436 424Z M456 424 L456 338 L516 338 Q546 340 560 366 L590 424Z" fill="url(#k)"/>` +
      `<path d="M330 420 L372 356 L394 356 L352 420Z M470 420 L474 356 L496 356 L492 420Z" fill="#fff" opacity=".25"/>` +
      `<path d="M190 470 H640" stroke="${c.a}" stroke-width="18"/>` +
      `<path d="M196 548 Q200 470 270 470 Q340 470 344 548Z M486 548 Q490 470 560 470 Q630 470 634 548Z" fill="${c.bd}"/>` +
      wheel(270) +
      wheel(560) +
      `<ellipse cx="650" cy="452" rx="12" ry="16" fill="#fff6b0"/><rect x="160" y="440" width="14" height="30" rx="6" fill="#ff5a4e"/>` +
      `<rect x="640" y="500" width="32" height="24" rx="8" fill="url(#mv)"/><rect x="150" y="500" width="28" height="24" rx="8" fill="url(#mv)"/>` +
      `<path d="M420 440 v24 M360 434 h34" stroke="${c.bd}" stroke-width="4"/>` +
      gloss("M240 436 L620 436 L620 452 L240 452Z", 0.5),
    y: 600,
    w: 260,
    fx: 410,
    fy: 430,
  };
}

function teddy(c: Ctx): Art {
  return {
    s:
      `<g fill="url(#rb)"><circle cx="304" cy="196" r="50"/><circle cx="496" cy="196" r="50"/></g>` +
      `<g fill="${c.al}"><circle cx="306" cy="200" r="26"/><circle cx="494" cy="200" r="26"/></g>` +
      `<ellipse cx="400" cy="500" rx="140" ry="140" fill="url(#rb)"/>` +
      `<ellipse cx="400" cy="520" rx="80" ry="90" fill="${c.bl}" opacity=".6"/>` +
      `<ellipse cx="262" cy="470" rx="46" ry="84" fill="url(#rb)" transform="rotate(30 262 470)"/><ellipse cx="538" cy="470" rx="46" ry="84" fill="url(#rb)" transform="rotate(-30 538 470)"/>` +
      `<ellipse cx="312" cy="612" rx="66" ry="48" fill="url(#rb)"/><ellipse cx="488" cy="612" rx="66" ry="48" fill="url(#rb)"/>` +
      `<ellipse cx="300" cy="618" rx="32" ry="26" fill="${c.al}"/><ellipse cx="500" cy="618" rx="32" ry="26" fill="${c.al}"/>` +
      `<circle cx="400" cy="290" r="120" fill="url(#rb)"/>` +
      `<ellipse cx="400" cy="330" rx="54" ry="42" fill="${c.bl}"/>` +
      `<ellipse cx="400" cy="312" rx="20" ry="14" fill="#2a1a12"/><path d="M400 326 V346 M384 352 Q400 362 416 352" stroke="#2a1a12" stroke-width="4" fill="none" stroke-linecap="round"/>` +
      `<circle cx="356" cy="270" r="11" fill="#1b1410"/><circle cx="444" cy="270" r="11" fill="#1b1410"/><circle cx="359" cy="266" r="3" fill="#fff"/><circle cx="447" cy="266" r="3" fill="#fff"/>` +
      `<path d="M400 402 L336 372 L340 436Z M400 402 L464 372 L460 436Z" fill="url(#a)"/><circle cx="400" cy="404" r="16" fill="${c.a}"/>`,
    y: 660,
    w: 210,
    fx: 400,
    fy: 300,
  };
}

function blocks(c: Ctx): Art {
  const brick = (x: number, y: number, n: number, col: string) => {
    const w = n * 60;
    const dx = 44;
    const dy = -30;
    let sides = "";
    let tops = "";
    for (let j = 1; j >= 0; j--)
      for (let i = 0; i < n; i++) {
        const sx = x + 30 + i * 60 + (j * 2 + 1) * (dx / 4);
        const sy = y + (j * 2 + 1) * (dy / 4);
        sides += `M${sx - 18} ${sy - 16}v16a18 7 0 0 0 36 0v-16Z`;
        tops += `M${sx - 18} ${sy - 16}a18 7 0 1 0 36 0a18 7 0 1 0 -36 0Z`;
      }
    return (
      `<path d="M${x} ${y}h${w}l${dx} ${dy}h${-w}Z" fill="${lighten(col, 0.18)}"/>` +
      `<path d="M${x + w} ${y}l${dx} ${dy}v70l${-dx} ${-dy}Z" fill="${darken(col, 0.25)}"/>` +
      `<rect x="${x}" y="${y}" width="${w}" height="70" fill="${col}"/>` +
      `<path d="${sides}" fill="${darken(col, 0.12)}"/><path d="${tops}" fill="${lighten(col, 0.25)}"/>`
    );
  };
  const third = hueRotate(c.b, 150);
  return {
    s:
      brick(238, 560, 4, c.b) +
      brick(298, 490, 3, c.a) +
      brick(328, 420, 2, third) +
      brick(520, 570, 1, c.a) +
      brick(150, 590, 1, third),
    y: 640,
    w: 250,
    fx: 400,
    fy: 460,
  };
}

const drawers: Record<ArtKind, (c: Ctx) => Art> = {
  tshirt,
  shirt: (c) => shirtBase(c, false),
  "batik-shirt": (c) => shirtBase(c, true),
  jacket,
  trousers,
  dress,
  gamis,
  hijab,
  sneakers,
  sandal,
  cap,
  watch,
  sunglasses,
  backpack,
  handbag,
  wallet,
  lipstick,
  perfume,
  "cream-jar": creamJar,
  "serum-bottle": serum,
  compact,
  phone,
  earbuds,
  headphones,
  laptop,
  smartwatch,
  powerbank,
  camera,
  mug,
  tumbler,
  lamp,
  cushion,
  "snack-pack": snackPack,
  "coffee-bag": coffeeBag,
  "tea-box": teaBox,
  "food-jar": foodJar,
  ball,
  volleyball,
  dumbbell,
  "toy-car": toyCar,
  teddy,
  blocks,
};

/** Framing per kind: [top edge of the drawing, scale] so every object sits centred and large. */
const framing: Record<ArtKind, readonly [number, number]> = {
  tshirt: [196, 1.1],
  shirt: [168, 1.1],
  "batik-shirt": [168, 1.1],
  jacket: [176, 1.1],
  trousers: [160, 1.1],
  dress: [150, 1.05],
  gamis: [150, 0.98],
  hijab: [146, 1.02],
  sneakers: [284, 1.05],
  sandal: [210, 1.1],
  cap: [222, 1.15],
  watch: [110, 1],
  sunglasses: [334, 1.15],
  backpack: [146, 1.1],
  handbag: [176, 1.15],
  wallet: [226, 1.3],
  lipstick: [166, 1.1],
  perfume: [160, 1.1],
  "cream-jar": [328, 1.35],
  "serum-bottle": [172, 1.2],
  compact: [134, 1.05],
  phone: [150, 1.05],
  earbuds: [346, 1.3],
  headphones: [120, 1.1],
  laptop: [166, 1.15],
  smartwatch: [108, 1],
  powerbank: [140, 1.1],
  camera: [226, 1.2],
  mug: [150, 1.15],
  tumbler: [96, 1.05],
  lamp: [178, 1.15],
  cushion: [214, 1.1],
  "snack-pack": [176, 1.1],
  "coffee-bag": [196, 1.1],
  "tea-box": [238, 1.2],
  "food-jar": [200, 1.15],
  ball: [180, 1.1],
  volleyball: [180, 1.1],
  dumbbell: [276, 1.15],
  "toy-car": [318, 1.2],
  teddy: [146, 1.1],
  blocks: [370, 1.3],
};

function context(palette: readonly [string, string, string]): Ctx {
  const [b, a, t] = palette;
  return {
    b,
    bl: lighten(b, 0.38),
    bd: darken(b, 0.38),
    a,
    al: lighten(a, 0.38),
    ad: darken(a, 0.38),
    t,
  };
}

/**
 * Makes every id in an SVG document unique to that document (ids + `url(#…)` references),
 * so several pictures can be inlined in one HTML page without their gradients colliding.
 */
function scopeIds(svg: string, seed: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  const p = `a${(h >>> 0).toString(36).slice(0, 5)}`;
  return svg.replace(/id="([^"]+)"/g, `id="${p}$1"`).replace(/url\(#([^)]+)\)/g, `url(#${p}$1)`);
}

const svgOpen = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">`;

/** Returns an SVG document (square, viewBox 0 0 800 800) picturing one product of the given kind. */
export function renderProductArt(
  kind: ArtKind,
  palette: readonly [string, string, string],
  variant: number,
): string {
  const c = context(palette);
  const art = drawers[kind](c);
  const [top, k] = framing[kind];
  const cy = Math.round((top + art.y) / 2);
  const v = ((Math.trunc(variant) % 3) + 3) % 3;
  const t = c.t;
  const floorShadow = art.flat
    ? ""
    : `<ellipse cx="400" cy="${art.y}" rx="${art.w}" ry="${Math.round(art.w * 0.12) + 8}" fill="#000" opacity=".26" filter="url(#f)"/>` +
      `<ellipse cx="400" cy="${art.y - 2}" rx="${Math.round(art.w * 0.8)}" ry="9" fill="#000" opacity=".2" filter="url(#f2)"/>`;
  const object = `<g${art.flat ? ' filter="url(#ds)"' : ""}>${art.s}</g>`;
  let scene: string;
  if (v === 0) {
    // Studio front view.
    scene =
      `<radialGradient id="bg" cx=".5" cy=".42" r=".75">${stops([0, lighten(t, 0.8)], [0.7, lighten(t, 0.35)], [1, t])}</radialGradient>` +
      `<rect width="800" height="800" fill="url(#bg)"/>` +
      `<g transform="translate(400 410) scale(${k}) translate(-400 ${-cy})">${floorShadow}${object}</g>`;
  } else if (v === 1) {
    // Angled lifestyle shot: mirrored, turned a little, on a podium / linen surface with props.
    const s = +(0.8 * k).toFixed(3);
    const podiumR = Math.min(330, Math.round(art.w * s + 60));
    const placed = art.flat
      ? `<g transform="translate(400 400) rotate(-9) scale(${-s} ${s}) translate(-400 ${-cy})">`
      : `<g transform="translate(400 640) rotate(-5) scale(${-s} ${s}) translate(-400 ${-art.y})">`;
    const backdrop = art.flat
      ? `<rect width="800" height="800" fill="${lighten(t, 0.55)}"/>` +
        `<defs><pattern id="ln" width="8" height="8" patternUnits="userSpaceOnUse"><path d="M0 4 H8" stroke="${darken(t, 0.2)}" stroke-width="1" opacity=".25"/><path d="M4 0 V8" stroke="#fff" stroke-width="1" opacity=".3"/></pattern></defs>` +
        `<rect width="800" height="800" fill="url(#ln)"/>` +
        `<g fill="#7f9f6e"><path d="M40 120 Q140 90 230 20" stroke="#6b8a5b" stroke-width="5" fill="none"/>${[
          [80, 104, -30],
          [124, 86, 30],
          [160, 62, -40],
          [196, 40, 20],
        ]
          .map(
            ([x, y, r]) =>
              `<ellipse cx="${x}" cy="${y}" rx="30" ry="12" transform="rotate(${r} ${x} ${y})"/>`,
          )
          .join("")}</g>` +
        `<circle cx="712" cy="712" r="46" fill="url(#ra)"/><circle cx="662" cy="760" r="22" fill="${c.bl}"/>`
      : `<linearGradient id="wl" x2="0" y2="1">${stops([0, lighten(t, 0.7)], [1, lighten(t, 0.25)])}</linearGradient>` +
        `<rect width="800" height="800" fill="url(#wl)"/>` +
        `<path d="M170 640 V300 A230 230 0 0 1 630 300 V640Z" fill="${mix(lighten(t, 0.35), c.a, 0.18)}"/>` +
        `<rect y="600" width="800" height="200" fill="${darken(t, 0.08)}"/>` +
        `<rect y="600" width="800" height="40" fill="#000" opacity=".05"/>` +
        `<path d="M${400 - podiumR} 640 V700 A${podiumR} 50 0 0 0 ${400 + podiumR} 700 V640Z" fill="${lighten(t, 0.4)}"/>` +
        `<ellipse cx="400" cy="640" rx="${podiumR}" ry="50" fill="${lighten(t, 0.7)}"/>` +
        `<circle cx="70" cy="560" r="40" fill="url(#ra)"/><ellipse cx="70" cy="600" rx="40" ry="8" fill="#000" opacity=".15" filter="url(#f2)"/>`;
    scene = backdrop + placed + floorShadow + object + `</g>`;
  } else {
    // Close-up detail: zoom onto the focus point on a deeper backdrop.
    const z = +(1.6 * k).toFixed(3);
    scene =
      `<linearGradient id="bg" x2="1" y2="1">${stops([0, lighten(t, 0.5)], [1, darken(t, 0.12)])}</linearGradient>` +
      `<rect width="800" height="800" fill="url(#bg)"/>` +
      `<g transform="translate(400 400) scale(${z}) translate(${-art.fx} ${-art.fy})">${floorShadow}${object}</g>` +
      `<radialGradient id="vg" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".22"/></radialGradient>` +
      `<rect width="800" height="800" fill="url(#vg)"/>`;
  }
  return scopeIds(`${svgOpen(800)}<defs>${defs(c)}</defs>${scene}</svg>`, `${kind}|${palette.join()}|${v}`);
}

/** A store logo: a rounded badge with the store's initials on a colour. */
export function renderStoreLogo(initials: string, colour: string): string {
  const text = initials
    .trim()
    .slice(0, 3)
    .toUpperCase()
    .replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const size = text.length >= 3 ? 66 : text.length === 2 ? 84 : 100;
  const ink = luma(colour) > 0.72 ? darken(colour, 0.7) : "#ffffff";
  return scopeIds(
    `${svgOpen(200)}<defs><linearGradient id="g" x2="0" y2="1">${stops([0, lighten(colour, 0.22)], [1, darken(colour, 0.15)])}</linearGradient></defs>` +
      `<rect x="6" y="6" width="188" height="188" rx="48" fill="url(#g)"/>` +
      `<rect x="18" y="18" width="164" height="164" rx="38" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="4"/>` +
      `<path d="M6 100 Q6 6 100 6 L140 6 Q40 40 20 150Z" fill="#fff" opacity=".12"/>` +
      `<text x="100" y="100" dy=".35em" text-anchor="middle" font-family="Poppins, 'Segoe UI', Roboto, Arial, sans-serif" font-weight="700" font-size="${size}" letter-spacing="-1" fill="${ink}">${text}</text></svg>`,
    `logo|${text}|${colour}`,
  );
}

/** A category icon (simple, square viewBox 0 0 200 200) for category tabs. */
export function renderCategoryIcon(kind: ArtKind, colour: string): string {
  const c = context([colour, lighten(colour, 0.55), colour]);
  const art = drawers[kind](c);
  const s = 0.27;
  return scopeIds(
    `${svgOpen(200)}<defs>${defs(c)}</defs>` +
      `<rect x="4" y="4" width="192" height="192" rx="48" fill="${lighten(colour, 0.86)}"/>` +
      `<g transform="translate(100 100) scale(${s}) translate(-400 -${Math.round((art.y + 180) / 2)})">${art.s}</g></svg>`,
    `icon|${kind}|${colour}`,
  );
}
