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
