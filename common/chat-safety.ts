// Contact details in chat between shoppers and stores. A scammer's first move is to take the buyer off the
// platform (a bank or virtual-account number to pay outside escrow, a WhatsApp number, a link, an e-mail), so
// every message passes through maskContacts before the other side reads it.
//
// Everything is found on a normalised copy of the text with the same length (full-width forms folded to
// ASCII, Chinese numerals to digits, invisible characters to spaces): a position there is a position in the
// original, so only the contact is replaced and the rest of the message stays as written. A pattern starts
// only where a word starts (a look-behind) and repeats a bounded number of times, and digit runs are read in
// one pass: a crafted message costs linear time.

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

const digitWords = new Map<string, string>();
["nol kosong zero", "satu one", "dua two", "tiga three", "empat four", "lima five"]
  .concat(["enam six", "tujuh seven", "delapan eight", "sembilan nine"])
  .forEach((words, digit) => words.split(" ").forEach((w) => digitWords.set(w, String(digit))));

// 两 and 幺 are how people read 2 and 1 in phone numbers; the financial forms are the anti-fraud ones.
const cjkDigits = new Map<string, string>();
["〇零", "一幺壹", "二两贰", "三叁", "四肆", "五伍", "六陆", "七柒", "八捌", "九玖"].forEach(
  (chars, digit) => {
    for (const c of chars) cjkDigits.set(c, String(digit));
  },
);

/** Letters that stand for digits inside a number ("O8l2"), never on their own. */
const confusables = "OolI";
// The keycap marks of "0️⃣8️⃣" sit between digits like a separator.
const separators = ".,-–—/\\()+*~|·・\ufe0f\u20e3";
const separatorsOnly = /^(?:[\s.,\-–—/\\()+*~|·・]|\ufe0f|\u20e3)*$/;

const isDigit = (c: string) => c >= "0" && c <= "9";
const isWordChar = (c: string) => isDigit(c) || (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_";
const isSeparator = (c: string) => separators.includes(c) || c.trim() === "";
const digitOf = (c: string) => (c === "O" || c === "o" ? "0" : c === "l" || c === "I" ? "1" : c);

/** Characters the normalised copy changes, each to one character (an ASCII text is left as it is). */
const foldable =
  /[\uff01-\uff5e\u3000\u3001\u3002\u200b-\u200d\u2060\ufeff〇零一幺壹二两贰三叁四肆五伍六陆七柒八捌九玖]/g;

function normalise(text: string): string {
  return text.replace(foldable, (c) => {
    const code = c.charCodeAt(0);
    if (code >= 0xff01 && code <= 0xff5e) return String.fromCharCode(code - 0xfee0);
    if (c === "。") return ".";
    if (c === "、") return ",";
    // Ideographic space and zero-width characters separate like a space.
    return cjkDigits.get(c) ?? " ";
  });
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

/** Marks the digits of money, dates and times, which never count towards a number. */
function innocentDigits(norm: string): Uint8Array {
  const marked = new Uint8Array(norm.length);
  for (const m of norm.matchAll(moneyAfterCurrency)) marked.fill(1, m.index, m.index + m[0].length);
  const candidates = standaloneShapes
    .flatMap((re) => [...norm.matchAll(re)].map((m) => [m.index, m.index + m[0].length] as const))
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
  /** A digit run ("0812"), a spelled digit ("delapan"), or a word of confusable letters ("l"). */
  kind: "digits" | "word" | "maybe";
}

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
  const spelled = digitWords.get(word.toLowerCase());
  if (spelled !== undefined) return add({ start, end, digits: spelled, kind: "word" });
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
  let lo = 0;
  let hi = run.length;
  while (lo < hi && run[lo]!.kind === "maybe") lo++;
  while (hi > lo && run[hi - 1]!.kind === "maybe") hi--;
  const pieces = run.slice(lo, hi);
  const digits = pieces.map((p) => p.digits).join("");
  if (digits.length < minDigits) return;
  const first = pieces[0]!;
  let end = pieces.at(-1)!.end;
  while (norm[end] === "\ufe0f" || norm[end] === "\u20e3") end++;
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
 * Shop talk that lists numbers: sizes "39 40 41 42" or "40,5 41 41,5", years "2025/2026", quantities
 * "100, 200, 300" (with a comma or slash, growing). A number never starts with 0 in a list.
 */
function isList(norm: string, pieces: Piece[]): boolean {
  if (pieces.some((p) => p.kind !== "digits")) return false;
  const items = [pieces[0]!.digits];
  let spacedOnly = true;
  for (let k = 1; k < pieces.length; k++) {
    const gap = norm.slice(pieces[k - 1]!.end, pieces[k]!.start);
    const digits = pieces[k]!.digits;
    if ((gap === "." || gap === ",") && digits.length === 1) items[items.length - 1] += `.${digits}`;
    else if (/^\s*[,/]?\s*$/.test(gap)) {
      spacedOnly &&= gap.trim() === "";
      items.push(digits);
    } else return false;
  }
  if (items.length < 2) return false;
  if (items.every((x) => /^(?:19|20)\d\d$/.test(x))) return true;
  if (spacedOnly) return items.every((x) => /^[1-9]\d(?:\.\d)?$/.test(x));
  return items.every((x, k) => /^[1-9]\d{1,3}(?:\.\d)?$/.test(x) && (k === 0 || +x > +items[k - 1]!));
}

// --- E-mail addresses and links ------------------------------------------------------------------------------

const label = String.raw`[a-z0-9][a-z0-9-]{0,62}`;
const tld = String.raw`(?:com|net|org|id|co|me|ly|io|link|shop|store|xyz|site|online|info|biz|app|gl|cn|sg|my)(?![a-z0-9-])`;
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
  // Bare domains need a common TLD: "wa.me/…", "bit.ly/…", "toko.co.id", "toko titik com".
  new RegExp(String.raw`(?<![\w.-])(?:${label}${dot}){1,4}${tld}(?::\d{2,5})?${path}`, "gi"),
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

/** The text with every phone number, account number, e-mail address and link replaced by maskMark. */
export function maskContacts(text: string): MaskResult {
  const norm = normalise(text);
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
    out += text.slice(pos, span.start) + maskMark;
    pos = span.end;
  }
  out += text.slice(pos);
  return { text: out, kinds: kindOrder.filter((k) => merged.some((s) => s.kind === k)) };
}

/** Whether a message carries a contact, to count attempts. */
export function hasContact(text: string): boolean {
  return maskContacts(text).kinds.length > 0;
}
