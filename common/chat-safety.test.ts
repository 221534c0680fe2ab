import { describe, expect, it } from "vitest";
import { type ContactKind, hasContact, maskContacts, maskMark } from "./chat-safety.ts";

const m = maskMark;

describe("masking contacts exactly", () => {
  // The whole output: only the contact goes, the words and punctuation around it stay as written.
  it.each<[string, string, ContactKind[]]>([
    ["WA: 0812-3456-7890 ya kak", `WA: ${m} ya kak`, ["phone"]],
    ["Pak, no HP saya +62 812 3456 7890 (WA)", `Pak, no HP saya ${m} (WA)`, ["phone"]],
    ["telp (021) 5551234.", `telp ${m}.`, ["phone"]],
    ["nomorku (0812 3456 7890)", `nomorku (${m})`, ["phone"]],
    ["Transfer ke BCA 123 456 7890 a.n. Budi", `Transfer ke BCA ${m} a.n. Budi`, ["account"]],
    ["no rek: 0123456789, makasih", `no rek: ${m}, makasih`, ["account"]],
    ["Email: budi.s@tokosaya.co.id.", `Email: ${m}.`, ["email"]],
    ["chat di wa.me/6281234567890 ya", `chat di ${m} ya`, ["link"]],
    ["Promo https://bit.ly/abc123?x=1, cepat!", `Promo ${m}, cepat!`, ["link"]],
    ["Buy at shopee.co.id instead", `Buy at ${m} instead`, ["link"]],
    ["我的电话是零八一二三四五六七八九零，谢谢", `我的电话是${m}，谢谢`, ["phone"]],
    ["I 0812 3456 7890 lo", `I ${m} lo`, ["phone"]],
    ["0️⃣8️⃣1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣7️⃣8️⃣ ok", `${m} ok`, ["phone"]],
    [
      // Kinds come in a fixed order, whatever the order in the message.
      "BCA 1234567890, toko.com, budi@yahoo.co.id atau 0812 3456 7890",
      `BCA ${m}, ${m}, ${m} atau ${m}`,
      ["phone", "email", "link", "account"],
    ],
  ])("%s", (input, text, kinds) => {
    expect(maskContacts(input)).toEqual({ text, kinds });
  });
});

/** The message is masked as the one kind given, and nothing of the number is left after the mark. */
function expectNumberMasked(input: string, kind: ContactKind) {
  const result = maskContacts(input);
  expect(result.kinds).toEqual([kind]);
  expect(result.text).toContain(maskMark);
  expect(result.text.slice(result.text.indexOf(maskMark) + maskMark.length)).toBe("");
}

describe("phone numbers", () => {
  it.each([
    "081234567890",
    "0812-3456-7890",
    "0812 3456 7890",
    "0812.3456.7890",
    "0812/3456/7890",
    "+62 812 3456 7890",
    "6281234567890",
    "(021) 5551234",
    "O8l2 3456 7890",
    "０８１２－３４５６－７８９０",
    "nol delapan satu dua tiga empat lima enam tujuh delapan sembilan",
    "kosong delapan satu dua 3456 7890",
    "zero eight one two three four five six seven eight nine",
    "〇八幺二 三四五六 七八两九",
    "08 satu dua 3456 7890",
  ])("%s", (input) => expectNumberMasked(input, "phone"));

  it("reads other ways of writing one", () => {
    for (const input of [
      "+62(812)3456-7890",
      "+1 (415) 555-2671",
      "+62 81 23 45 67 89",
      "WA ke nol delapan satu dua - tiga empat lima enam - tujuh delapan sembilan nol",
      "Zero Eight One Two, 3456 7890",
      "0812 3456 789O",
      "0812\u200b3456\u200b7890",
      "tel081234567890",
      "电话：一三八 一二三四 五六七八",
      "我的微信号是 13812345678",
    ])
      expectNumberMasked(input, "phone");
  });

  it("tells phones from accounts by the digits, then by the words before them", () => {
    expect(maskContacts("+44 20 7946 0958").kinds).toEqual(["phone"]);
    expect(maskContacts("62 21 5551 2345").kinds).toEqual(["phone"]);
    expect(maskContacts("0211234567").kinds).toEqual(["phone"]);
    expect(maskContacts("BNI 0211234567").kinds).toEqual(["account"]);
    expect(maskContacts("WA 5551234567").kinds).toEqual(["phone"]);
    // An Indonesian mobile stays a phone even after "rek" (e-wallets use the number).
    expect(maskContacts("rek DANA 081234567890").kinds).toEqual(["phone"]);
  });
});

describe("account numbers", () => {
  it.each([
    "BCA 1234567890",
    "VA 8808 1234 5678 9012",
    "rek 123-456-7890",
    // Eight digits are enough; seven are not (see the shop talk below).
    "VA 12345678",
    "norek mandiri 137.00.1234567.8",
    "1 2 3 4 5 6 7 8 9 0",
    // Grouped in thousands but longer than any price said without "Rp".
    "1.234.567.890",
    "银行卡号 6222 0212 3456 7890",
  ])("%s", (input) => expectNumberMasked(input, "account"));

  it("masks the number, not the words that name it", () => {
    expect(maskContacts("no rek BNI")).toEqual({ text: "no rek BNI", kinds: [] });
    expect(maskContacts("no rek BNI 0123456789").text).toBe(`no rek BNI ${m}`);
  });
});

describe("e-mail addresses", () => {
  it.each([
    "nama@gmail.com",
    "nama @ gmail . com",
    "nama(at)gmail(dot)com",
    "nama [at] gmail [dot] com",
    "nama at gmail dot com",
    "NAMA AT GMAIL DOT COM",
    "nama.toko_01@yahoo.co.id",
    "owner@tokosaya.berlin",
    "nama艾特gmail点com",
    "ＮＡＭＡ＠ＧＭＡＩＬ．ＣＯＭ",
    "kirim ke tokosaya@gmail",
  ])("%s", (input) => {
    const result = maskContacts(input);
    expect(result.kinds).toEqual(["email"]);
    expect(result.text).not.toMatch(/gmail|yahoo|tokosaya|ＧＭＡＩＬ/i);
  });
});

describe("links", () => {
  it.each([
    ["http://tokosaya.ru/p/1", m],
    ["https://www.tokosaya.com", m],
    ["www.tokosaya.xyz", m],
    ["TOKOSAYA.CO.ID", m],
    ["bit.ly/promo t.me/tokosaya s.id/abc line.me/ti/p/abc", `${m} ${m} ${m} ${m}`],
    ["cek toko . com ya", `cek ${m} ya`],
    ["cek toko. com ya", `cek ${m} ya`],
    ["tokosaya dotcom, tokosaya dot net", `${m}, ${m}`],
    ["tokosaya titik co titik id", m],
    ["tokosaya(dot)shop", m],
    ["follow @toko.id", `follow @${m}`],
  ])("%s", (input, text) => {
    expect(maskContacts(input)).toEqual({ text, kinds: ["link"] });
  });
});

describe("shop talk is left alone", () => {
  it.each([
    [
      "money",
      [
        "Rp 150.000",
        "harga 1.250.000",
        "Rp 1.250.000",
        "Rp1,250,000",
        "1.250.000",
        "Rp 12500000",
        "Rp 1.500.000.000",
        "12.500.000 rupiah",
        "harga 150.000-200.000, ongkir 15rb",
        "harga 12.500.000 - 15.000.000",
        "ok kak, 2 pcs x Rp 75.000 = Rp 150.000",
        "150rb, 1,5 juta",
      ],
    ],
    [
      "sizes and quantities",
      [
        "ukuran 42",
        "ukuran 39 40 41 42 43",
        "ukuran 39, 40, 41, 42, 43",
        "ukuran 40,5 41 41,5 42 42,5 43",
        "stok 100, 200, 300, 500 pcs",
        "ukuran 30x40x50 cm, 3 x 4",
        "order 2 pcs",
        "1 2 3 4 5 6 7",
      ],
    ],
    [
      "dates, times, codes",
      [
        "kirim tanggal 12/12",
        "periode 12/12/2026 - 15/12/2026",
        "tahun 2025/2026",
        "jam 10.30",
        "jam buka 09.00 - 17.00, Senin-Jumat",
        "Dikirim hari ini, estimasi 2-3 hari",
        "Bandung 40115",
        "pesanan ord_01JX8K2M3N4P5Q6R7S8T9V0W sudah dikirim",
      ],
    ],
    [
      "sentence ends, mentions",
      [
        "Terima kasih. Info stok besok",
        "Barang ada di toko. Online juga bisa",
        "ukuran 42. Id nya apa?",
        "cek @toko ya",
        "follow ig @toko.official",
      ],
    ],
    [
      "English",
      [
        "Is it in stock?",
        "size 42 true to size?",
        "Size 40.5 41 41.5 42 42.5 43",
        "look at the dot pattern",
        "Order 2 pcs, 41.5 and 42, by 2026",
        "I will send one or two today",
      ],
    ],
    [
      "Chinese",
      ["42码偏大吗？", "这个有货吗", "价格是1250000元", "两件一起买有优惠吗？", "二〇二六年十二月发货"],
    ],
  ])("%s", (_, messages) => {
    expect(messages.map(maskContacts)).toEqual(messages.map((text) => ({ text, kinds: [] })));
  });
});

describe("hasContact", () => {
  it("is true exactly when something is masked", () => {
    expect(hasContact("WA 0812 3456 7890")).toBe(true);
    expect(hasContact("nama at gmail dot com")).toBe(true);
    expect(hasContact("Rp 1.250.000, ukuran 42")).toBe(false);
    expect(hasContact("")).toBe(false);
  });
});

describe("speed", () => {
  // A crafted message must not stall the chat: no pattern backtracks over more than a word.
  const pathological = {
    "alternating digits and spaces": "1 ".repeat(1000),
    "one long word": "a".repeat(2000),
    "dotted labels": "a.".repeat(1000),
    "spaced dots": "a . ".repeat(500),
    "at signs": "a@".repeat(1000),
    "at and dot words": "nama at x dot ".repeat(143),
    "bracketed dots": "a(dot)".repeat(333),
    "confusables and digits": "O1".repeat(1000),
    "spelled digits": "satu ".repeat(400),
    "money chain": "1.000 ".repeat(333),
    "long link": `http://${"a.".repeat(996)}`,
    "joined number words": "tujuhiji".repeat(249) + "x",
    "Arabic-Indic digits": "٠".repeat(2000),
    "mathematical digits": "𝟎".repeat(1000),
    "circled digits": "❶".repeat(2000),
    "zero-width spaces": "\u200b1".repeat(1000),
    "combining marks": "a\u0301".repeat(1000),
    "emoji between digits": "1🔥".repeat(666),
    "words before a path": "ab.cd/".repeat(333),
  };

  it("takes well under 5 ms for 2,000 pathological characters", () => {
    for (const [name, input] of Object.entries(pathological)) {
      expect(input.length, name).toBeGreaterThanOrEqual(1990);
      // Warmed as on a server that has run a while (the first call compiles the patterns); the median, so
      // that a busy machine pausing the test once does not fail it.
      for (let i = 0; i < 20; i++) maskContacts(input);
      const times = Array.from({ length: 11 }, () => {
        const started = performance.now();
        maskContacts(input);
        return performance.now() - started;
      }).sort((a, b) => a - b);
      expect(times[5], name).toBeLessThan(5);
    }
  });

  it("masks the pathological digits as one number", () => {
    expect(maskContacts("1 ".repeat(1000))).toEqual({ text: `${m} `, kinds: ["account"] });
    expect(maskContacts("a".repeat(2000))).toEqual({ text: "a".repeat(2000), kinds: [] });
  });
});

// The table of crafted messages (issue 40, hole 4) and of shop talk that must stay as written. This table may only
// grow: a way around the masking that is found is added to `crafted`, shop talk masked by mistake to `kept`;
// no row is ever removed or loosened. Invisible characters are written as escapes so that a reader sees them.
const crafted: [input: string, shown: string, kinds: ContactKind[], why: string][] = [
  // Digits of other scripts and styles: every Unicode decimal digit is its ASCII digit.
  ["WA ٠٨١٢٣٤٥٦٧٨٩٠", `WA ${m}`, ["phone"], "Arabic-Indic digits"],
  ["۰۸۱۲ ۳۴۵۶ ۷۸۹۰", m, ["phone"], "Extended Arabic-Indic digits"],
  ["०८१२-३४५६-७८९०", m, ["phone"], "Devanagari digits"],
  ["০৮১২৩৪৫৬৭৮৯০", m, ["phone"], "Bengali digits"],
  ["๐๘๑๒๓๔๕๖๗๘๙๐", m, ["phone"], "Thai digits"],
  ["꧐꧘꧑꧒꧓꧔꧕꧖꧗꧘꧙꧐", m, ["phone"], "Javanese digits"],
  ["᭐᭘᭑᭒᭓᭔᭕᭖᭗᭘᭙᭐", m, ["phone"], "Balinese digits"],
  ["០៨១២៣៤៥៦៧៨៩០", m, ["phone"], "Khmer digits"],
  ["BCA ١٢٣٤٥٦٧٨٩٠ a.n. Budi", `BCA ${m} a.n. Budi`, ["account"], "Arabic-Indic account number"],
  ["𝟎𝟖𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗𝟎", m, ["phone"], "mathematical bold digits"],
  ["𝟘𝟠𝟙𝟚𝟛𝟜𝟝𝟞𝟟𝟠𝟡𝟘", m, ["phone"], "mathematical double-struck digits"],
  ["𝟶𝟾𝟷𝟸 𝟹𝟺𝟻𝟼 𝟽𝟾𝟿𝟶", m, ["phone"], "mathematical monospace digits"],
  ["⓪⑧①②③④⑤⑥⑦⑧⑨⓪", m, ["phone"], "circled digits"],
  ["⁰⁸¹²³⁴⁵⁶⁷⁸⁹⁰", m, ["phone"], "superscript digits"],
  ["₀₈₁₂₃₄₅₆₇₈₉₀", m, ["phone"], "subscript digits"],
  ["⓿❽❶❷❸❹❺❻❼❽❾⓿", m, ["phone"], "negative circled digits (dingbats)"],
  ["rek ➊➋➌➍➎➏➐➑➒", `rek ${m}`, ["account"], "negative circled sans-serif digits"],
  ["no rek ⑴⑵⑶⑷⑸⑹⑺⑻⑼", `no rek ${m}`, ["account"], "parenthesized digits"],
  ["０８１２ ३४५६ ٧٨٩٠", m, ["phone"], "three scripts in one number"],
  // Invisible characters, combining marks and unusual separators inside a digit run.
  ["0812\u200d3456\u200d7890", m, ["phone"], "zero-width joiner"],
  [
    "0\u200b8\u200b1\u200b2\u200b3\u200b4\u200b5\u200b6\u200b7\u200b8\u200b9\u200b0",
    m,
    ["phone"],
    "zero-width space between every digit",
  ],
  ["0812\u00ad3456\u00ad7890", m, ["phone"], "soft hyphens"],
  ["0812\u20603456\u20607890", m, ["phone"], "word joiners"],
  ["0812\u200e3456\u200f7890", m, ["phone"], "left-to-right and right-to-left marks"],
  ["\u202a0812\u202c3456\u202d7890\u202c", m, ["phone"], "bidirectional embeddings"],
  ["0812\u180e3456\u180e7890", m, ["phone"], "Mongolian vowel separators"],
  ["0812\u31643456\u31647890", m, ["phone"], "Hangul fillers (default-ignorable letters)"],
  [
    "0\u034f8\u034f1\u034f2\u034f3\u034f4\u034f5\u034f6\u034f7\u034f8\u034f9\u034f0",
    m,
    ["phone"],
    "combining grapheme joiners",
  ],
  ["0812\ufe003456\ufe017890", m, ["phone"], "variation selectors"],
  [
    "0\u03328\u03321\u03322\u03323\u03324\u03325\u03326\u03327\u03328\u03329\u03320\u0332 ya",
    `${m} ya`,
    ["phone"],
    "combining low line under every digit",
  ],
  [
    "0\u20dd8\u20dd1\u20dd2\u20dd3\u20dd4\u20dd5\u20dd6\u20dd7\u20dd8\u20dd9\u20dd0\u20dd",
    m,
    ["phone"],
    "combining enclosing circles",
  ],
  [
    "0\u03368\u03361\u03362\u0336 3\u03364\u03365\u03366\u0336 7\u03368\u03369\u03360\u0336",
    m,
    ["phone"],
    "combining strokes",
  ],
  ["0812\u00a03456\u00a07890", m, ["phone"], "no-break spaces"],
  ["0812\u20023456\u20097890", m, ["phone"], "en and thin spaces"],
  ["0812\u202f3456\u205f7890", m, ["phone"], "narrow no-break and medium mathematical spaces"],
  ["0812\u16803456\u16807890", m, ["phone"], "Ogham space marks"],
  ["08.12.34.56.78.90", m, ["phone"], "dots in pairs (the first three read as a date)"],
  ["08/12/34/56/78/90", m, ["phone"], "slashes in pairs (the first three read as a date)"],
  ["0_8_1_2_3_4_5_6_7_8_9_0", m, ["phone"], "underscores between digits"],
  ["0812 _ 3456 _ 7890", m, ["phone"], "spaced underscores"],
  ["0812•3456•7890", m, ["phone"], "bullets"],
  ["0812‒3456−7890", m, ["phone"], "figure dash and minus sign"],
  ["0812:3456:7890", m, ["phone"], "colons"],
  ["0812'3456'7890", m, ["phone"], "apostrophes"],
  ["0812🔥3456🔥7890", m, ["phone"], "emoji between the groups"],
  ["0812 ✨ 3456 ✨ 7890", m, ["phone"], "spaced symbols between the groups"],
  ["(0812) [3456] {7890}", m, ["phone"], "brackets around every group"],
  ["rek 123/456/7890", `rek ${m}`, ["account"], "slashes between growing groups (not a list of quantities)"],
  ["123, 456, 7890", m, ["account"], "commas between growing groups (not a list of quantities)"],
  ["12-34-56-78-90", m, ["account"], "dashes between growing pairs (not a list of sizes)"],
  ["О8І2 3456 7890", m, ["phone"], "Cyrillic О and І for 0 and 1"],
  // Number words: slang, regional, English, joined, mixed with digits.
  ["noldelapansatuduatigaempatlimaenamtujuhdelapansembilan", m, ["phone"], "Indonesian number words joined"],
  ["nolsatudua tigaempatlima enamtujuhdelapan", m, ["phone"], "joined in groups"],
  ["08satu2tiga4lima6tujuh8sembilan0", m, ["phone"], "words and digits joined"],
  ["0 lapan 1 2 tiga 4 5 enam 7 8 9 kosong", m, ["phone"], "words and digits spaced, slang 'lapan'"],
  ["kosong lapan satu dua tiga mpat lima nam tujuh dlapan smbilan", m, ["phone"], "slang number words"],
  ["nól dèlapan sätu dua tiga empat lima enam tujuh delapan sembilan", m, ["phone"], "accented number words"],
  [
    "ＮＯＬ ＤＥＬＡＰＡＮ ＳＡＴＵ ＤＵＡ ＴＩＧＡ ＥＭＰＡＴ ＬＩＭＡ ＥＮＡＭ ＴＵＪＵＨ",
    m,
    ["phone"],
    "full-width number words",
  ],
  ["nol wolu siji loro telu papat limo enem pitu wolu songo", m, ["phone"], "Javanese number words"],
  ["nol dalapan hiji dua tilu opat lima genep tujuh dalapan salapan", m, ["phone"], "Sundanese number words"],
  ["ZeroEightOneTwoThreeFourFiveSixSevenEightNine", m, ["phone"], "English number words joined"],
  ["oh eight one two three four five six seven eight nine", m, ["phone"], "English 'oh' for zero"],
  [
    "kosong delapan satu dua dobel tiga empat lima enam tujuh",
    m,
    ["phone"],
    "'dobel' for a digit said twice",
  ],
  ["zero eight one two triple three four five six", m, ["phone"], "'triple' for a digit said three times"],
  // Links on any domain, with the dot in any dress.
  ["tokosaya.ru", m, ["link"], "country domain outside the fixed list"],
  ["cek linktr.ee/tokosaya", `cek ${m}`, ["link"], "link-in-bio domain"],
  ["shope.ee/abc123", m, ["link"], "short link on .ee"],
  ["toko.vip dan tokosaya.top", `${m} dan ${m}`, ["link"], "cheap generic domains"],
  ["tokosaya.anything/p/1", m, ["link"], "any domain with a path"],
  ["lynk.id/tokosaya", m, ["link"], "link-in-bio on .id"],
  ["t.me/tokosaya s.id/promo", `${m} ${m}`, ["link"], "one-letter short-link hosts"],
  ["WA.ME/6281234567890", m, ["link"], "short link in capitals"],
  ["example . com", m, ["link"], "spaces around the dot"],
  ["tokosaya dot com", m, ["link"], "'dot'"],
  ["tokosaya titik com", m, ["link"], "'titik'"],
  ["tokosaya(.)com", m, ["link"], "bracketed dot"],
  ["tokosaya．com", m, ["link"], "full-width full stop"],
  ["tokosaya。com", m, ["link"], "ideographic full stop"],
  ["tokosaya․com", m, ["link"], "one-dot leader"],
  ["ｔｏｋｏｓａｙａ．ｃｏｍ", m, ["link"], "full-width letters"],
  ["tokosaya.c\u200bo\u200bm", m, ["link"], "zero-width spaces in the domain"],
  ["wa\u00ad.me/6281234567890", m, ["link"], "soft hyphen before the dot"],
  ["t\u0332o\u0332k\u0332o\u0332.c\u0332o\u0332m\u0332", m, ["link"], "combining marks on the letters"],
  ["tokosaya . co . id", m, ["link"], "spaced dots twice"],
  ["tokosaya dot ru", m, ["link"], "'dot' before a country domain"],
  ["tokosаya.com", m, ["link"], "Cyrillic а in the domain"],
  ["cek tokosaya.com.Makasih", `cek ${m}.Makasih`, ["link"], "a sentence joined after the domain"],
  // E-mail addresses with a look-alike "@" and ".".
  ["nama＠gmail.com", m, ["email"], "full-width @"],
  ["nama﹫gmail﹒com", m, ["email"], "small @ and small full stop"],
  ["nama (at) gmail (dot) com", m, ["email"], "'(at)' and '(dot)' spaced"],
  ["nama [at] tokosaya [dot] co [dot] id", m, ["email"], "'[at]' and '[dot]'"],
  ["nama{at}gmail{dot}com", m, ["email"], "'{at}' and '{dot}'"],
  ["nama(@)gmail(.)com", m, ["email"], "bracketed @ and ."],
  ["nama at tokosaya titik com", m, ["email"], "' at ' and 'titik'"],
  ["nama @ gmail dot com", m, ["email"], "spaced @ and 'dot'"],
  ["nama@tokosaya titik co titik id", m, ["email"], "@ and 'titik'"],
  ["nama＠ｔｏｋｏｓａｙａ．ｒｕ", m, ["email"], "full-width address on a country domain"],
  ["nama at tokosaya dot ru", m, ["email"], "' at ' and 'dot' before a country domain"],
  ["nama@gmail.c\u200bom", m, ["email"], "zero-width space in the domain"],
  ["nаma@gmаil.com", m, ["email"], "Cyrillic а in the address"],
  // An account number written like a rupiah amount: 10 digits or more that no price rounds to.
  ["transfer Rp 1.234.567.890 ya", `transfer Rp ${m} ya`, ["account"], "account as an amount"],
  ["Rp1234567890", `Rp${m}`, ["account"], "account as an amount without dots"],
  ["IDR 1,234,567,890", `IDR ${m}`, ["account"], "account as an amount in IDR"],
  ["Rp. 8.808.123.456.789", `Rp. ${m}`, ["account"], "virtual account as an amount"],
];

const kept: [input: string, why: string][] = [
  ["Rp 150.000", "price"],
  ["harga 25rb", "price in thousands"],
  ["Rp 1.500.000.000", "a price of ten digits, round"],
  ["Rp 2.750.000.000 nego", "a price of ten digits, round"],
  ["harga Rp 12.345.000.000", "a price of eleven digits, five of them significant"],
  ["Rp ١٥٠.٠٠٠", "price in Arabic-Indic digits"],
  ["harga ２５rb", "price in full-width digits"],
  ["ukuran 42", "size"],
  ["ukuran ٤٢ ada?", "size in Arabic-Indic digits"],
  ["XL", "size"],
  ["ukuran 39 40 41 42 oh", "sizes followed by 'oh'"],
  ["order 2 pcs", "quantity"],
  ["diskon 10% 20% 30% 40%", "percentages"],
  ["stok tinggal 3 🔥 buruan", "quantity and emoji"],
  ["tgl 12/12", "date"],
  ["tgl 12/12 jam 14.30", "date and time"],
  ["jam 14.30", "time"],
  ["jam 09:00-17:00", "opening hours"],
  ["pesanan P26121212345678 sudah dikirim", "the order code the shop shows"],
  ["pesanan ord_01JX8K2M3N4P5Q6R7S8T9V0W sudah dikirim", "order id"],
  ["kak.siap, besok dikirim", "sentence joined without a space"],
  ["ok kak.ga ada warna lain", "sentence joined before 'ga'"],
  ["Thanks.It fits well", "English sentence joined without a space"],
  ["alamat Jl.Merdeka No.5", "street address"],
  ["a.n. Budi", "abbreviation"],
  ["look at the dot pattern", "'at' and 'dot' in a sentence"],
  ["the dot is red", "'dot' before a word that is a country code"],
  ["see you at the store", "'at' in a sentence"],
  ["satu dua tiga", "counting"],
  ["dua tiga hari lagi", "days"],
  ["beli satu dapat dua", "promotion"],
  ["2 x Rp 75.000 = Rp 150.000", "sum"],
  ["ukuran 40 & 41 & 42 & 43", "sizes joined with '&'"],
  ["ukuran: 38-39-40-41", "sizes joined with dashes"],
  ["ukuran 28/30/32/34", "sizes joined with slashes"],
  ["stok 10, 20, 50, 100", "round quantities"],
  ["stok 100 🔥 200 🔥 300 🔥 400", "round quantities between emoji"],
  ["Ωmega 42, Привет", "Greek and Cyrillic words"],
  ["berat 1.kg, motor 150.cc", "units after a dot"],
  ["sy.dm aja kak, ok kak.bg", "chat words after a dot"],
  ["Siap.Besok dikirim", "sentence joined without a space"],
  ["Kec.Cibinong Kab.Bogor", "abbreviations in an address"],
  ["ukuran 30×40×50 cm", "dimensions"],
];

describe("the table of crafted messages", () => {
  it.each(crafted)("%s (%s, %s: %s)", (input, shown, kinds) => {
    expect(maskContacts(input)).toEqual({ text: shown, kinds });
  });

  it.each(kept)("%s stays (%s)", (input) => {
    expect(maskContacts(input)).toEqual({ text: input, kinds: [] });
  });
});
