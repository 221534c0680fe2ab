import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";
import { updateWebConfig } from "./settings.service.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("settings.webConfig", () => {
  it("answers the local defaults of the seed when nothing is stored", async () => {
    const config = await callerFor(database).settings.webConfig({ platformCode: 2 });
    expect(config).toMatchObject({
      desc: "Online Shop",
      platformCode: 2,
      currency: "Rp",
      countryId: 1,
      countryMobilePre: "+62",
      categoryIds: { man: 11044364, cosmetics: 29, digital: 36 },
      locale: "ind",
    });
  });

  it("merges stored settings over the defaults and gives a logo path its leading slash", async () => {
    await updateWebConfig(database.db, { title: "Pasar Jaya", logo: "uploads/logo.png" });
    await updateWebConfig(database.db, { desc: "Belanja hemat" });
    const config = await callerFor(database).settings.webConfig({ platformCode: 2 });
    expect(config.title).toBe("Pasar Jaya");
    expect(config.desc).toBe("Belanja hemat");
    expect(config.logo).toBe("/uploads/logo.png");
    expect(config.currency).toBe("Rp");
  });

  it("sends the support WhatsApp number formatted for reading, for any country", async () => {
    await updateWebConfig(database.db, { supportWhatsapp: "+6281100002026" });
    let config = await callerFor(database).settings.webConfig({ platformCode: 2 });
    expect(config.support).toMatchObject({ whatsapp: "+6281100002026", whatsappText: "+62 811-0000-2026" });
    await updateWebConfig(database.db, { supportWhatsapp: "+6591234567" });
    config = await callerFor(database).settings.webConfig({ platformCode: 2 });
    expect(config.support).toMatchObject({ whatsapp: "+6591234567", whatsappText: "+65 9123 4567" });
  });

  it("takes only platform code 2", async () => {
    await expect(
      callerFor(database).settings.webConfig({ platformCode: 3 as unknown as 2 }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
