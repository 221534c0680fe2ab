import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { signedInUser } from "../../../tests/setup/money.ts";
import { merchantWithStore } from "../../../tests/setup/shop.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";

let database: TestDatabase;
let ops: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ops = await signedInUser(database, "operator");
});
afterAll(() => database.destroy());

const faq = (n: string) => ({
  question: { ind: `Pertanyaan ${n}?`, en: `Question ${n}?`, zh: `问题${n}？` },
  answer: { ind: `Jawaban ${n}.`, en: `Answer ${n}.`, zh: `回答${n}。` },
});

/** The public FAQ page's questions in a language, in order. */
async function shown(lang: "ind" | "en" | "zh") {
  return (await callerFor(database, { lang }).faq.list()).map((f) => f.question);
}

describe("the operator's FAQs", () => {
  it("adds, edits, reorders and deletes, each audited, and the public list follows in every language", async () => {
    await ops.api.ops.faqs.create(faq("A"));
    await ops.api.ops.faqs.create(faq("B"));
    const list = await ops.api.ops.faqs.create(faq("C"));
    expect(list.map((f) => f.question.en)).toEqual(["Question A?", "Question B?", "Question C?"]);
    expect(await shown("ind")).toEqual(["Pertanyaan A?", "Pertanyaan B?", "Pertanyaan C?"]);
    const [a, b, c] = list.map((f) => f.id) as [string, string, string];

    const edited = await ops.api.ops.faqs.update({
      id: b,
      question: { ind: "Berapa lama pengiriman?", en: "How long does delivery take?", zh: "配送需要多久？" },
      answer: { ind: "2 sampai 7 hari kerja.", en: "2 to 7 business days.", zh: "2 到 7 个工作日。" },
    });
    expect(edited.find((f) => f.id === b)?.answer.zh).toBe("2 到 7 个工作日。");
    expect(await shown("en")).toEqual(["Question A?", "How long does delivery take?", "Question C?"]);
    expect((await callerFor(database, { lang: "zh" }).faq.list())[1]).toEqual({
      id: b,
      question: "配送需要多久？",
      answer: "2 到 7 个工作日。",
    });

    await ops.api.ops.faqs.move({ id: c, direction: "up" });
    expect(await shown("en")).toEqual(["Question A?", "Question C?", "How long does delivery take?"]);
    await ops.api.ops.faqs.move({ id: a, direction: "down" });
    expect(await shown("zh")).toEqual(["问题C？", "问题A？", "配送需要多久？"]);
    // At the top already: nothing moves, nothing is recorded.
    const moves = (await ops.api.ops.money.audit({ action: "faq.move", limit: 50 })).items.length;
    await ops.api.ops.faqs.move({ id: c, direction: "up" });
    expect(await shown("zh")).toEqual(["问题C？", "问题A？", "配送需要多久？"]);
    expect((await ops.api.ops.money.audit({ action: "faq.move", limit: 50 })).items).toHaveLength(moves);

    const remaining = await ops.api.ops.faqs.delete({ id: a });
    expect(remaining.map((f) => f.id)).toEqual([c, b]);
    expect(await shown("ind")).toEqual(["Pertanyaan C?", "Berapa lama pengiriman?"]);
    // A new one goes to the end.
    const more = await ops.api.ops.faqs.create(faq("D"));
    expect(more.map((f) => f.question.en).at(-1)).toBe("Question D?");

    const audit = (await ops.api.ops.money.audit({ limit: 100 })).items.filter(
      (e) => e.subjectType === "faq",
    );
    expect(audit.map((e) => e.action).sort()).toEqual([
      "faq.create",
      "faq.create",
      "faq.create",
      "faq.create",
      "faq.delete",
      "faq.move",
      "faq.move",
      "faq.update",
    ]);
    expect(audit.find((e) => e.action === "faq.update")).toMatchObject({
      subjectId: b,
      actor: ops.email,
      before: { question: { en: "Question B?" } },
      after: { question: { en: "How long does delivery take?" } },
    });
    expect(audit.find((e) => e.action === "faq.delete")).toMatchObject({
      subjectId: a,
      before: { question: { ind: "Pertanyaan A?" } },
    });
    expect(audit.find((e) => e.action === "faq.move" && e.subjectId === c)).toMatchObject({
      before: { position: 3 },
      after: { position: 2 },
    });
  });

  it("requires the question and answer in all three languages, in the caller's language, and keeps nothing", async () => {
    const before = await ops.api.ops.faqs.list();
    const response = await createTestApp(database).request("/trpc/ops.faqs.create", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: ops.token, lang: "en" },
      body: JSON.stringify({
        json: {
          question: { ind: "Ada?", en: " ", zh: "有吗？" },
          answer: { ind: "Ya.", en: "Yes.", zh: "" },
        },
      }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { json: { data: { issues: unknown[] } } } };
    expect(body.error.json.data.issues).toEqual(
      expect.arrayContaining([
        { path: "question.en", message: "Enter the question" },
        { path: "answer.zh", message: "Enter the answer" },
      ]),
    );
    expect(await ops.api.ops.faqs.list()).toEqual(before);
    await expect(ops.api.ops.faqs.delete({ id: "faq_nosuchfaq" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Pertanyaan ini sudah tidak ada",
    });
  });

  it("is operators only: shoppers and merchants are forbidden, visitors must sign in", async () => {
    const [first] = await ops.api.ops.faqs.list();
    const shopper = await signedInUser(database);
    const merchant = await merchantWithStore(database);
    for (const [api, code] of [
      [shopper.api, "FORBIDDEN"],
      [merchant.api, "FORBIDDEN"],
      [callerFor(database), "UNAUTHORIZED"],
    ] as const) {
      for (const call of [
        () => api.ops.faqs.list(),
        () => api.ops.faqs.create(faq("X")),
        () => api.ops.faqs.update({ id: first!.id, ...faq("X") }),
        () => api.ops.faqs.move({ id: first!.id, direction: "down" }),
        () => api.ops.faqs.delete({ id: first!.id }),
      ]) {
        const error = await call().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(TRPCError);
        expect((error as TRPCError).code).toBe(code);
      }
    }
    expect((await ops.api.ops.faqs.list())[0]).toEqual(first);
  });
});
