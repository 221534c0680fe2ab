// Contact details in chat between shoppers and stores. A scammer's first move is to take the buyer off the
// platform (a bank or virtual-account number to pay outside escrow, a WhatsApp number, a link, an e-mail), so
// every message passes through maskContacts before the other side reads it.
//
// Everything is found on a folded copy of the text where what Unicode says is the same is the same: each
// character in its compatibility decomposition (NFKD: full-width and mathematical letters and digits, circled
// and superscript digits, "﹫", "．"), without combining marks and invisible characters (\p{M}, \p{Cf} and the
// other default-ignorable code points), every decimal digit of any script (\p{Nd}) as its ASCII digit, Chinese
// numerals as digits. Each character of the copy remembers the character of the message it came from, so only
// the contact is replaced in the message as written, with the invisible characters woven into it. A pattern
// starts only where a word starts (a look-behind) and repeats a bounded number of times, and digit runs are
// read in one pass: a crafted message costs linear time.

export type ContactKind = "phone" | "email" | "link" | "account";
export interface MaskResult {
  text: string;
  /** Distinct, in the order phone, email, link, account; empty when nothing was masked. */
  kinds: ContactKind[];
}
export const maskMark = "•••";

const kindOrder: readonly ContactKind[] = ["phone", "email", "link", "account"];

/** A run of this many digits reads as a phone or account number; shorter ones are prices, sizes, dates. */
const minDigits = 8;
/** The most separator characters between two pieces of one number (" - ", ") "). */
const maxGap = 4;

// Digits said as words: Indonesian with its chat spellings, Javanese, Sundanese, English.
const digitWords = new Map<string, string>();
["nol kosong enol nul zero", "satu siji hiji one", "dua loro two", "tiga telu tilu three"]
  .concat(["empat mpat pat papat opat four", "lima limo five", "enam nam enem genep six"])
  .concat(["tujuh tuju pitu seven", "delapan dlapan lapan wolu dalapan eight"])
  .concat(["sembilan smbilan songo salapan nine"])
  .forEach((words, digit) => words.split(" ").forEach((w) => digitWords.set(w, String(digit))));
const digitWordList = [...digitWords.keys()].join("|");
/** Digits and digit words written as one word: "nolsatudua", "08satu2tiga". */
const joinedDigits = new RegExp(String.raw`^(?:\d|${digitWordList})+$`, "i");
const joinedPiece = new RegExp(String.raw`\d|${digitWordList}`, "gi");
/** Words that say the next digit twice or three times ("dobel tiga"). */
const repeatWords = new Map([
  ["dobel", 2],
  ["double", 2],
  ["tripel", 3],
  ["triple", 3],
]);

// 两 and 幺 are how people read 2 and 1 in phone numbers; the financial forms are the anti-fraud ones.
const cjkDigits = new Map<string, string>();
["〇零", "一幺壹", "二两贰", "三叁", "四肆", "五伍", "六陆", "七柒", "八捌", "九玖"].forEach(
  (chars, digit) => {
    for (const c of chars) cjkDigits.set(c, String(digit));
  },
);

// Cyrillic and Greek letters that look like Latin ones (Unicode's confusables), which no normal form folds:
// "tokosаya.com" with a Cyrillic а is read as the domain it shows.
const lookAlikes = new Map<string, string>();
const lookAlikeFrom = "АВЕЅІЈКМНОРСТХУаеѕіјорсхуԁһӏԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧοι";
const lookAlikeTo = "ABESIJKMHOPCTXYaesijopcxydhlqwABEZHIKMNOPTYXoi";
[...lookAlikeFrom].forEach((c, k) => lookAlikes.set(c, lookAlikeTo[k]!));

/** Letters that stand for digits inside a number ("O8l2"), never on their own. */
const confusables = "OolI";
/**
 * What may stand between the pieces of one number: spaces, punctuation and symbols (emoji among them), but not
 * the signs that end a number or say what it is ("50%", "42?", "a@b", "30×40", "= Rp 150.000").
 */
const separatorClass = String.raw`(?![%?!@×=])[\s\p{P}\p{S}]`;
const separatorsOnly = new RegExp(String.raw`^(?:${separatorClass})*$`, "u");
const separatorChar = new RegExp(String.raw`^${separatorClass}$`, "u");

const isDigit = (c: string) => c >= "0" && c <= "9";
const isWordChar = (c: string) => isDigit(c) || (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_";
const isSeparator = (c: string) => separatorChar.test(c);
const digitOf = (c: string) => (c === "O" || c === "o" ? "0" : c === "l" || c === "I" ? "1" : c);

// --- The folded copy -----------------------------------------------------------------------------------------

/** Characters that are not seen, or only change the look of the one before: dropped from the copy. */
const ignorable = /^[\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}]$/u;
/** Of those, the ones that stand on their own (not a mark on the character before). */
const invisible = /^[\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;
const decimalDigit = /^\p{Nd}$/u;
const digitValues = new Map<string, string>();

/**
 * The ASCII digit of a decimal digit of any script. Unicode encodes every script's decimal digits as runs of
 * ten in order from zero (a stability policy), so a digit's value is its distance from the start of its run,
 * modulo ten (the mathematical digits are five runs in a row).
 */
function digitValue(c: string): string {
  let value = digitValues.get(c);
  if (value === undefined) {
    let code = c.codePointAt(0)!;
    let distance = 0;
    while (decimalDigit.test(String.fromCodePoint(code - 1))) [code, distance] = [code - 1, distance + 1];
    value = String(distance % 10);
    digitValues.set(c, value);
  }
  return value;
}

/** Circled digits that have no compatibility decomposition: ❶–❿, ➀–➉, ➊–➓, ⓫–⓴, ⓵–⓾, ⓿, 🄋, 🄌. */
function circledDigits(code: number): string | undefined {
  if (code >= 0x2776 && code <= 0x2793) return String(((code - 0x2776) % 10) + 1);
  if (code >= 0x24eb && code <= 0x24f4) return String(code - 0x24eb + 11);
  if (code >= 0x24f5 && code <= 0x24fe) return String(code - 0x24f5 + 1);
  if (code === 0x24ff || code === 0x1f10b || code === 0x1f10c) return "0";
  return undefined;
}

function foldChar(c: string): string {
  if (ignorable.test(c)) return "";
  const circled = circledDigits(c.codePointAt(0)!);
  if (circled !== undefined) return circled;
  let out = "";
  for (const d of c.normalize("NFKD")) {
    if (ignorable.test(d)) continue;
    if (decimalDigit.test(d)) out += d <= "9" ? d : digitValue(d);
    else if (d === "。") out += ".";
    else if (d === "、") out += ",";
    // The ideographic space is a space already (NFKD).
    else out += cjkDigits.get(d) ?? lookAlikes.get(d) ?? d;
  }
  return out;
}

interface Folded {
  norm: string;
  /** For each character of norm, where the character it came from starts and ends in the message. */
  from: number[];
  to: number[];
}

function fold(text: string): Folded {
  let norm = "";
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < text.length;) {
    const code = text.codePointAt(i)!;
    const next = i + (code > 0xffff ? 2 : 1);
    const out = code < 0x80 ? text[i]! : foldChar(text.slice(i, next));
    for (let k = 0; k < out.length; k++) {
      from.push(i);
      to.push(next);
    }
    norm += out;
    i = next;
  }
  return { norm, from, to };
}

// --- Numbers that are not contacts -------------------------------------------------------------------------

const amount = String.raw`(?:[1-9]\d{0,2}([.,])\d{3}(?:\1\d{3})*|[1-9]\d*)`;
/** Money after its currency, of any length: "Rp 1.250.000", "Rp12500000", "IDR 1,250,000". */
const moneyAfterCurrency = new RegExp(
  String.raw`(?<![a-z])(?:rp|idr|usd|rmb|\$|¥|￥)\.?\s{0,2}${amount}(?!\d)`,
  "gi",
);
/**
 * Shapes that read as something else when they stand alone: money before its unit ("150rb", "1,5 juta",
 * "2.500.000元"), a bare amount in thousands up to 999.999.999 ("1.250.000"; a longer one may be a 10-digit
 * account written with dots), a date, a time.
 */
const standaloneShapes = [
  new RegExp(
    String.raw`(?<![\d.,])${amount}(?:[.,]\d{1,2})?\s{0,2}(?:rupiah|ribu|rb|juta|jt|k|元|块)(?![a-z])`,
    "gi",
  ),
  /(?<![\d.,])[1-9]\d{0,2}([.,])\d{3}(?:\1\d{3})?(?!\d|[.,]\d)/g,
  /(?<![\d.,/])(?:0?[1-9]|[12]\d|3[01])([/.-])(?:0?[1-9]|1[0-2])\1(?:19|20)?\d{2}(?!\d|[/.-]\d)/g,
  /(?<![\d.,/])(?:19|20)\d{2}([/.-])(?:0?[1-9]|1[0-2])\1(?:0?[1-9]|[12]\d|3[01])(?!\d|[/.-]\d)/g,
  /(?<![\d.,:])(?:[01]?\d|2[0-3])[.:][0-5]\d(?!\d|[.:,]\d)/g,
];

/**
 * An account number written as an amount ("Rp 1.234.567.890"): ten digits or more (the shortest bank account)
 * with more than five before the zeros a price ends in ("Rp 1.500.000.000" and "Rp 12.345.000.000" are prices).
 */
function accountAsAmount(shape: string): boolean {
  const digits = shape.replace(/\D/g, "");
  return digits.length >= 10 && digits.replace(/0+$/, "").length > 5;
}

/** Marks the digits of money, dates and times, which never count towards a number. */
function innocentDigits(norm: string): Uint8Array {
  const marked = new Uint8Array(norm.length);
  for (const m of norm.matchAll(moneyAfterCurrency))
    if (!accountAsAmount(m[0])) marked.fill(1, m.index, m.index + m[0].length);
  const candidates = standaloneShapes
    .flatMap((re) => [...norm.matchAll(re)].filter((m) => !accountAsAmount(m[0])))
    .map((m) => [m.index, m.index + m[0].length] as const)
    .sort((a, b) => a[0] - b[0]);
  for (const [start, end] of candidates) {
    // A shape right after other digits is the tail of a number ("0812 345.678", "+62 812.345.678"); after
    // another innocent shape it is a range ("150.000 - 200.000", "10.30-12.00").
    let j = start - 1;
    while (j >= 0 && start - j <= maxGap && isSeparator(norm[j]!)) j--;
    if (marked[start] || (j >= 0 && isDigit(norm[j]!) && !marked[j])) continue;
    marked.fill(1, start, end);
  }
  return marked;
}

// --- Phone and account numbers ------------------------------------------------------------------------------

interface Piece {
  start: number;
  end: number;
  digits: string;
  /**
   * A digit run ("0812"), spelled digits ("delapan", "nolsatu"), or a word that is a digit only between others:
   * confusable letters ("l"), "oh", a word that repeats the next digit ("dobel").
   */
  kind: "digits" | "word" | "maybe";
  /** "oh": a digit next to spelled ones. */
  spoken?: boolean;
  repeat?: number;
}

/** The order code the shop shows (server/platform/ids.ts): P, the day as yymmdd, eight digits. */
const orderCode = /^P\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{8}$/;

// What a number is for when its digits do not tell: the words just before it.
const accountWords =
  /(?:^|[^a-z])(?:rek|rekening|norek|va|virtual account|bank|bca|bri|bni|btn|bsi|mandiri|cimb|permata|acc|account)(?![a-z])|账号|账户|卡号|银行/i;
const phoneWords =
  /(?:^|[^a-z])(?:wa|whatsapp|hp|telp|telepon|tel|phone|call|sms|telegram|tele|line)(?![a-z])|电话|手机|微信/i;

function numberSpans(norm: string, innocent: Uint8Array): Span[] {
  const spans: Span[] = [];
  let run: Piece[] = [];
  const flush = () => {
    if (run.length > 0) finishRun(norm, run, spans);
    run = [];
  };
  const add = (piece: Piece) => {
    const last = run.at(-1);
    if (last && piece.start - last.end > maxGap) flush();
    else if (last?.repeat && piece.digits.length === 1) piece.digits = piece.digits.repeat(last.repeat);
    run.push(piece);
  };
  for (const m of norm.matchAll(/\w+|\W+/g)) {
    if (isWordChar(m[0][0]!)) readWord(norm, m.index, m.index + m[0].length, innocent, add, flush);
    // Only separators join the pieces of a number.
    else if (!separatorsOnly.test(m[0])) flush();
  }
  flush();
  return spans;
}

function readWord(
  norm: string,
  start: number,
  end: number,
  innocent: Uint8Array,
  add: (piece: Piece) => void,
  flush: () => void,
) {
  const word = norm.slice(start, end);
  // Money, dates and times are marked whole, so a piece of one begins or ends on a mark.
  const isInnocent = (a: number, b: number) => innocent[a] === 1 || innocent[b - 1] === 1;
  if (/^\d+$/.test(word)) {
    if (isInnocent(start, end)) return flush();
    return add({ start, end, digits: word, kind: "digits" });
  }
  // "_" alone separates like a dash.
  if (/^_+$/.test(word)) return;
  if (orderCode.test(word)) return flush();
  const lower = word.toLowerCase();
  if (lower === "oh") return add({ start, end, digits: "0", kind: "maybe", spoken: true });
  const repeat = repeatWords.get(lower);
  if (repeat !== undefined) return add({ start, end, digits: "", kind: "maybe", repeat });
  if (joinedDigits.test(word)) {
    // Read left to right, each time the first word of the list that fits ("tujuh" before "tuju").
    const digits = word.replace(joinedPiece, (w) => digitWords.get(w.toLowerCase()) ?? w);
    if (/^\d+$/.test(digits)) return add({ start, end, digits, kind: "word" });
  }
  let first = -1;
  let last = -1;
  let onlyDigitLike = true;
  for (let k = start; k < end; k++) {
    const c = norm[k]!;
    if (isDigit(c)) {
      if (first < 0) first = k;
      last = k;
    } else if (!confusables.includes(c) && c !== "_") onlyDigitLike = false;
  }
  const digitsIn = (a: number, b: number) => [...norm.slice(a, b).replaceAll("_", "")].map(digitOf).join("");
  if (first < 0) {
    // "l" or "O" alone counts only between digits (trimmed from the ends of a run).
    if (onlyDigitLike && !word.includes("_") && word.length <= 3)
      add({ start, end, digits: digitsIn(start, end), kind: "maybe" });
    else flush();
    return;
  }
  let a = start;
  let b = end;
  if (!onlyDigitLike) {
    // Letters around a number ("WA081234567890", "150rb") end the run; letters inside make an id ("ord_01JX…").
    for (let k = first; k <= last; k++) {
      const c = norm[k]!;
      if (!isDigit(c) && !confusables.includes(c) && c !== "_") return flush();
    }
    a = first;
    b = last + 1;
  }
  if (isInnocent(a, b)) return flush();
  if (a > start) flush();
  add({ start: a, end: b, digits: digitsIn(a, b), kind: "digits" });
  if (b < end) flush();
}

function finishRun(norm: string, run: Piece[], spans: Span[]) {
  // "oh" before or after spelled digits is one of them; "l", "O" and "oh" at the ends of digits are words.
  const trim = (k: number, inward: number) =>
    run[k]!.kind === "maybe" && !(run[k]!.spoken && run[inward]?.kind === "word");
  let lo = 0;
  let hi = run.length;
  while (lo < hi && trim(lo, lo + 1)) lo++;
  while (hi > lo && trim(hi - 1, hi - 2)) hi--;
  const pieces = run.slice(lo, hi);
  const digits = pieces.map((p) => p.digits).join("");
  if (digits.length < minDigits) return;
  const first = pieces[0]!;
  let end = pieces.at(-1)!.end;
  // Take in a leading "+" and an area code's "(" when its ")" is inside: "+62 …", "(021) 5551234".
  let start = first.start;
  let plus = false;
  const closes = norm.slice(first.start, end).includes(")");
  for (let j = first.start - 1; j >= 0 && first.start - j <= 3; j--) {
    const c = norm[j]!;
    if (c === "+") [start, plus] = [j, true];
    else if (c === "(") start = closes ? j : start;
    else if (c.trim() !== "") break;
  }
  // And a closing bracket whose opening one is inside: "(0812) [3456] {7890}".
  const closer = norm[end] ?? "";
  const opener = ({ ")": "(", "]": "[", "}": "{" } as Record<string, string>)[closer];
  const inside = norm.slice(start, end);
  if (opener && inside.split(opener).length > inside.split(closer).length) end++;
  if (!plus && isList(norm, pieces)) return;
  // Indonesian mobiles (08…, 628…) and Chinese ones (1[3-9] and 9 digits) whatever the words around them.
  const before = norm.slice(Math.max(0, start - 24), start);
  let kind: ContactKind;
  if (plus || /^(?:08|628)\d{8,11}$|^1[3-9]\d{9}$/.test(digits)) kind = "phone";
  else if (accountWords.test(before)) kind = "account";
  else if (phoneWords.test(before)) kind = "phone";
  else kind = /^(?:0|62)/.test(digits) ? "phone" : "account";
  spans.push({ start, end, kind, rank: 2 });
}

/**
 * Shop talk that lists numbers: sizes "39 40 41 42" or "40,5 41 41,5", years "2025/2026", and with a comma,
 * slash, dash or symbol between them sizes going up a little at a time ("38-39-40", "28/30/32") or round
 * quantities going up ("100, 200, 300", "100 🔥 200"), never the groups of an account ("123/456/7890",
 * "12-34-56-78-90"). A number never starts with 0 in a list.
 */
function isList(norm: string, pieces: Piece[]): boolean {
  if (pieces.some((p) => p.kind !== "digits")) return false;
  const items = [pieces[0]!.digits];
  let spacedOnly = true;
  for (let k = 1; k < pieces.length; k++) {
    const gap = norm.slice(pieces[k - 1]!.end, pieces[k]!.start);
    const digits = pieces[k]!.digits;
    if ((gap === "." || gap === ",") && digits.length === 1) items[items.length - 1] += `.${digits}`;
    else if (/^\s*[^\s.:]?\s*$/u.test(gap)) {
      spacedOnly &&= gap.trim() === "";
      items.push(digits);
    } else return false;
  }
  if (items.length < 2) return false;
  if (items.every((x) => /^(?:19|20)\d\d$/.test(x))) return true;
  if (spacedOnly) return items.every((x) => /^[1-9]\d(?:\.\d)?$/.test(x));
  const step = (k: number) => (k === 0 ? 1 : +items[k]! - +items[k - 1]!);
  const sizes = items.every((x, k) => /^[1-9]\d(?:\.\d)?$/.test(x) && step(k) > 0 && step(k) <= 5);
  return sizes || items.every((x, k) => /^[1-9]\d{1,3}$/.test(x) && /[05]$/.test(x) && step(k) > 0);
}

// --- E-mail addresses and links ------------------------------------------------------------------------------

const label = String.raw`[a-z0-9][a-z0-9-]{0,62}`;
const tldAlternation = (names: string[]) => String.raw`(?:${names.join("|")})(?![a-z0-9-])`;
/**
 * The top-level domains a domain is read with whatever dresses its dot ("toko . com", "toko titik com"): the
 * common ones, those of short links and link-in-bio pages, the cheap ones scams favour.
 */
const anyDotTlds =
  "com net org id co me ly io link shop store xyz site online info biz app gl cn sg my ru ee uk"
    .concat(" tv ws su pw vip icu club top")
    .split(" ");
const tld = tldAlternation(anyDotTlds);
/**
 * Written tight ("tokosaya.ru"), a domain may also end in more generic names or any country's code but those
 * that are words in a chat after a full stop typed without its space ("kak.ga ada", "Thanks.It fits",
 * "sy.dm aja", "ok.bg") or units ("kg"); its first label has a letter. Any other name reads as a domain
 * before a path ("tokosaya.anything/p/1").
 */
const chatWords = new Set(
  "ad am as at be bg bo bs by cm de do dm es ga gr gt gw hr in is it jm ke kg km kw la lu ma mg mm ms mu ne ni no"
    .concat(" om pa pg pm se si sm so sy td tf th to us vc ye yt")
    .split(" "),
);
const countryCodes =
  "ac ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo br bs bt bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg er es et eu fi fj fk fm fo fr ga gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mg mh mk ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sk sl sm sn so sr ss st su sv sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug uk us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw";
const tightTlds = [
  ...new Set([
    ...anyDotTlds,
    ...countryCodes.split(" ").filter((code) => !chatWords.has(code)),
    ..."buzz lol cyou sbs bond cfd asia pro dev tech website space click fun win bid wiki".split(" "),
  ]),
];
/** A first label with a letter: "1.kg" and "150.cc" are weights and engines. */
const firstLabel = String.raw`(?=[a-z0-9-]*[a-z])${label}`;
// A dot written tight, spaced ("toko . com"; "toko. com" only before com, not to read a sentence's end as
// one), bracketed, as a word ("dot", "titik") or in Chinese (点).
const dot = String.raw`(?:\.|\s{1,3}\.\s{0,3}|\.\s{1,3}(?=com(?![a-z0-9]))|\s{0,2}[(\[{<]\s?(?:dot|titik|\.)\s?[)\]}>]\s{0,2}|\s{1,3}(?:dot|titik)\s{0,3}|\s{0,2}点\s{0,2})`;
// "@" tight or spaced on both sides ("cek @toko.id" is a mention), bracketed, or in Chinese (艾特).
const at = String.raw`(?:@|\s{1,2}@\s{1,2}|\s{0,2}[(\[{<]\s?(?:at|@)\s?[)\]}>]\s{0,2}|\s{0,2}艾特\s{0,2})`;
const local = String.raw`(?<![\w.%+-])[a-z0-9][\w.%+-]{0,63}`;
// "at" as a word, but not after the words that put a shop at a domain ("buy at shopee.co.id": a link).
const localBeforeAt = String.raw`(?<![\w.%+-])(?!(?:buy|buying|shop|sold|available|order|find|visit|look|check|me|us|it|is|are|here|there|cheaper|beli|cek)\s)[a-z0-9][\w.%+-]{0,63}`;
const pathChar = String.raw`[\w\-.~:/?#@!$&*+,;=%]`;
const pathEnd = String.raw`[\w\-~/#@$&*+=%]`;
const path = String.raw`(?:[/?#](?:${pathChar}*${pathEnd})?)?`;

const domain = String.raw`${label}(?:${dot}${label}){0,3}${dot}${tld}`;
const emailPatterns = [
  new RegExp(String.raw`${local}${at}${domain}`, "gi"),
  new RegExp(String.raw`${localBeforeAt}\s{1,2}(?:at|et)\s{1,2}${domain}`, "gi"),
  new RegExp(String.raw`${local}@${label}(?:\.${label}){0,3}\.[a-z]{2,24}(?![a-z0-9-])`, "gi"),
  // Without the ".com", only a mail provider's name reads as a domain.
  new RegExp(
    String.raw`${local}(?:@|\s?[(\[{<]\s?(?:at|@)\s?[)\]}>]\s?|艾特)(?:gmail|googlemail|yahoo|ymail|hotmail|outlook|icloud|protonmail)(?![a-z0-9])`,
    "gi",
  ),
];
const linkPatterns = [
  new RegExp(String.raw`(?<![a-z])(?:https?|ftp):\/\/${pathChar}*${pathEnd}`, "gi"),
  new RegExp(String.raw`(?<![\w.-])www(?:${dot}${label}){1,4}${path}`, "gi"),
  // Bare domains need a known TLD: "wa.me/…", "bit.ly/…", "toko.co.id", "toko titik com", "linktr.ee".
  new RegExp(String.raw`(?<![\w.-])(?:${label}${dot}){1,4}${tld}(?::\d{2,5})?${path}`, "gi"),
  new RegExp(
    String.raw`(?<![\w.-])${firstLabel}\.(?:${label}\.){0,3}${tldAlternation(tightTlds)}(?::\d{2,5})?${path}`,
    "gi",
  ),
  new RegExp(
    String.raw`(?<![\w.-])${firstLabel}\.(?:${label}\.){0,3}[a-z]{2,24}(?::\d{2,5})?\/${pathChar}*${pathEnd}`,
    "gi",
  ),
];

// --- Masking --------------------------------------------------------------------------------------------------

interface Span {
  start: number;
  end: number;
  kind: ContactKind;
  /** Where spans overlap, the lower rank names the whole: an address contains a domain, a link a number. */
  rank: number;
}

function patternSpans(norm: string, patterns: RegExp[], kind: ContactKind, rank: number): Span[] {
  return patterns.flatMap((re) =>
    [...norm.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length, kind, rank })),
  );
}

/** The character of text that starts at i when the test (ignorable, invisible) takes it. */
function takenAt(text: string, i: number, test: RegExp): string | undefined {
  if (i < 0 || i >= text.length) return undefined;
  const c = String.fromCodePoint(text.codePointAt(i)!);
  return test.test(c) ? c : undefined;
}

/** Where the character that ends at i starts (two code units back for one outside the BMP). */
function charBefore(text: string, i: number): number {
  const low = text.charCodeAt(i - 1);
  const high = text.charCodeAt(i - 2);
  return low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? i - 2 : i - 1;
}

/** The text with every phone number, account number, e-mail address and link replaced by maskMark. */
export function maskContacts(text: string): MaskResult {
  const { norm, from, to } = fold(text);
  const spans = [
    ...patternSpans(norm, emailPatterns, "email", 0),
    ...patternSpans(norm, linkPatterns, "link", 1),
    ...numberSpans(norm, innocentDigits(norm)),
  ].sort((a, b) => a.start - b.start || a.rank - b.rank);
  if (spans.length === 0) return { text, kinds: [] };
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (!last || span.start >= last.end) merged.push({ ...span });
    else {
      last.end = Math.max(last.end, span.end);
      if (span.rank < last.rank) [last.kind, last.rank] = [span.kind, span.rank];
    }
  }
  let out = "";
  let pos = 0;
  for (const span of merged) {
    // Back in the message: the mark also takes the invisible characters around the contact and the marks on
    // its last character, which the folded copy dropped.
    let start = from[span.start]!;
    let end = to[span.end - 1]!;
    for (let c; (c = takenAt(text, end, ignorable));) end += c.length;
    while (start > pos && takenAt(text, charBefore(text, start), invisible)) start = charBefore(text, start);
    out += text.slice(pos, start) + maskMark;
    pos = end;
  }
  out += text.slice(pos);
  return { text: out, kinds: kindOrder.filter((k) => merged.some((s) => s.kind === k)) };
}

/** Whether a message carries a contact, to count attempts. */
export function hasContact(text: string): boolean {
  return maskContacts(text).kinds.length > 0;
}
