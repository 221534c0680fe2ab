import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { createSeededDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createSeededDatabase();
});
afterAll(() => database.destroy());

describe("faq.list", () => {
  it("answers the seed's facts in the reader's language, from the database", async () => {
    const en = (await callerFor(database, { lang: "en" }).faq.list()).map((f) => f.answer).join(" ");
    expect(en).toContain("within 7 days");
    expect(en).toContain("15-day replacement guarantee");
    expect(en).toContain("2 to 7 business days");
    const ind = (await callerFor(database).faq.list()).map((f) => f.answer).join(" ");
    expect(ind).toContain("dalam 7 hari");
    const zh = await callerFor(database, { lang: "zh" }).faq.list();
    expect(zh[0]!.question).toBe("可以退货吗？");
    const rows = await database.db.query.faqs.findMany();
    expect(rows).toHaveLength(zh.length);
  });
});
