import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { signedInUser } from "../../../tests/setup/money.ts";
import { createTestApp, queryInput } from "../../../tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-db.ts";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** Kebon Kacang (Tanah Abang, Jakarta Pusat), whose postcode is 10240. */
const kebonKacang = {
  name: "Siti",
  mobile: "0812 3456 7890",
  provinceCode: "31",
  regencyCode: "31.71",
  districtCode: "31.71.07",
  villageCode: "31.71.07.1006",
  postcode: "10240",
  detail: "Jl. Kebon Kacang Raya 12",
};

describe("villages' postcodes for the address form (decision 20)", () => {
  it("answers anyone a village's postcode and where it came from, or null for an unknown village", async () => {
    const api = callerFor(database);
    expect(await api.addresses.postcode({ villageCode: "31.71.07.1006" })).toEqual({
      postcode: "10240",
      from: "village",
    });
    expect(await api.addresses.postcode({ villageCode: "11.16.06.2021" })).toEqual({
      postcode: "24477",
      from: "district",
    });
    expect(await api.addresses.postcode({ villageCode: "31.71.07.9999" })).toBeNull();
  });

  it("refuses a malformed code with the translated bad request, over HTTP as the page asks", async () => {
    const app = createTestApp(database);
    for (const [lang, message] of [
      ["en", "Some of the information is not valid."],
      ["ind", "Ada data yang tidak valid."],
    ] as const) {
      for (const villageCode of ["31.71.07", "31.71.07.1006; drop", 42]) {
        const response = await app.request(`/trpc/addresses.postcode?input=${queryInput({ villageCode })}`, {
          headers: { lang },
        });
        const answer = (await response.json()) as { error: { json: { message: string } } };
        expect(response.status, JSON.stringify(villageCode)).toBe(400);
        expect(answer.error.json.message).toBe(message);
      }
    }
  });

  it("saves the postcode the shopper gives even when the data knows another for the village", async () => {
    const user = await signedInUser(database);
    // The data can be wrong (or the shopper's building has its own postcode): a suggestion, never a refusal.
    const saved = await user.api.addresses.save({ ...kebonKacang, postcode: "10250" });
    expect(saved).toMatchObject({ villageCode: "31.71.07.1006", postcode: "10250" });
    const changed = await user.api.addresses.save({ ...kebonKacang, id: saved.id, postcode: "10241" });
    expect(changed.postcode).toBe("10241");
    expect((await user.api.addresses.list()).map((a) => a.postcode)).toEqual(["10241"]);
  });
});
