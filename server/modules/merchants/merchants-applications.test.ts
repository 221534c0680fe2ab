import { describe, expect, it } from "vitest";
import { callerFor } from "../../../tests/setup/caller.ts";
import { newKey, signedInUser } from "../../../tests/setup/money.ts";
import { picture } from "../../../tests/setup/pictures.ts";
import { merchantWithStore } from "../../../tests/setup/shop.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { database, ops, useMerchantsDatabase, form, failure } from "./merchants-test-setup.ts";

useMerchantsDatabase();

describe("applying to be a merchant", () => {
  it("goes from awaiting review to rejected with a reason, then applied again and approved into a store", async () => {
    const user = await signedInUser(database);
    expect(await user.api.merchants.status()).toEqual({ merchant: false, application: null, store: null });

    const first = await user.api.merchants.applyForStore(
      await form({ storeName: "Toko Melati" }, await picture(300, 200)),
    );
    expect(first).toMatchObject({ status: "pending", storeName: "Toko Melati", phone: "+6281234567890" });
    expect(first.logo?.width).toBe(192);
    expect((await user.api.merchants.status()).application?.status).toBe("pending");
    expect(await failure(user.api.merchants.applyForStore(await form()))).toMatchObject({
      code: "CONFLICT",
      message: "Pengajuan Anda sedang menunggu peninjauan.",
    });
    // Someone else cannot ask for the same name, whatever its case.
    const other = await signedInUser(database);
    expect(
      (await failure(other.api.merchants.applyForStore(await form({ storeName: "toko MELATI" })))).code,
    ).toBe("CONFLICT");

    const queue = await ops.api.ops.merchants.list({ view: "pending" });
    expect(queue.items.find((i) => i.id === first.id)).toMatchObject({
      account: user.email,
      ownerName: "Budi Santoso",
    });
    expect(await ops.api.ops.merchants.counts()).toMatchObject({ pending: expect.any(Number) });

    await ops.api.ops.merchants.reject({
      id: first.id,
      reason: "Foto KTP tidak jelas",
      idempotencyKey: newKey(),
    });
    const rejected = await user.api.merchants.status();
    expect(rejected).toMatchObject({
      merchant: false,
      application: { status: "rejected", reason: "Foto KTP tidak jelas" },
    });
    expect(
      await failure(ops.api.ops.merchants.approve({ id: first.id, idempotencyKey: newKey() })),
    ).toMatchObject({ code: "CONFLICT" });

    const second = await user.api.merchants.applyForStore(
      await form({ storeName: "Toko Melati" }, await picture(200, 200)),
    );
    const key = newKey();
    const approved = await ops.api.ops.merchants.approve({ id: second.id, idempotencyKey: key });
    // A repeated tap answers the same and opens no second store.
    expect(await ops.api.ops.merchants.approve({ id: second.id, idempotencyKey: key })).toEqual(approved);

    const merchant = callerFor(database, { token: user.token });
    const status = await merchant.merchants.status();
    expect(status).toMatchObject({
      merchant: true,
      application: { status: "approved" },
      store: { id: approved.storeId, status: "approved" },
    });
    const store = await merchant.merchants.store();
    expect(store).toMatchObject({ name: "Toko Melati", phone: "+6281234567890", autoPay: false });
    expect(store.logo).not.toBeNull();
    // The new store is in the shop street, empty.
    const page = await callerFor(database).stores.get({ storeId: approved.storeId });
    expect(page).toMatchObject({ name: "Toko Melati", products: 0, sales: 0 });

    expect((await failure(merchant.merchants.applyForStore(await form()))).code).toBe("CONFLICT");
    const audit = await ops.api.ops.money.audit({ limit: 50 });
    const actions = audit.items.filter((a) => a.subjectId === first.id || a.subjectId === second.id);
    expect(actions.map((a) => a.action).sort()).toEqual(["merchant.approve", "merchant.reject"]);
  });

  it("refuses a form with bad fields, in the caller's language, and keeps nothing", async () => {
    const user = await signedInUser(database);
    // Over HTTP as the page sends it (multipart) and receives the answer.
    const app = createTestApp(database);
    const submit = async (data: FormData) => {
      const response = await app.request("/trpc/merchants.applyForStore", {
        method: "POST",
        headers: { authorization: user.token, lang: "en" },
        body: data,
      });
      const answer = (await response.json()) as {
        error: { json: { message: string; data: { issues?: { message: string }[] } } };
      };
      return {
        status: response.status,
        messages: [answer.error.json.message, ...(answer.error.json.data.issues ?? []).map((i) => i.message)],
      };
    };
    expect(await submit(await form({ phone: "12", storeName: "x" }))).toEqual({
      status: 400,
      messages: expect.arrayContaining([
        "Enter an Indonesian mobile number, e.g. 0812 3456 7890",
        "Enter a store name of at least 2 characters",
      ]),
    });
    expect((await submit(await form({ categoryId: "424242" }))).messages).toContain(
      "Choose the kind of goods you will sell",
    );
    const notAPicture = await form({}, new TextEncoder().encode("not a picture"));
    expect(await submit(notAPicture)).toEqual({
      status: 400,
      messages: ["Choose a JPEG, PNG or WebP picture"],
    });
    expect(await user.api.merchants.status()).toMatchObject({ application: null });
  });

  it("lets only operators decide, and only signed-in shoppers apply", async () => {
    const shopper = await signedInUser(database);
    const merchant = await merchantWithStore(database);
    const application = await shopper.api.merchants.applyForStore(await form());
    for (const api of [shopper.api, merchant.api]) {
      expect((await failure(api.ops.merchants.list({ view: "pending" }))).code).toBe("FORBIDDEN");
      expect(
        (await failure(api.ops.merchants.approve({ id: application.id, idempotencyKey: newKey() }))).code,
      ).toBe("FORBIDDEN");
    }
    expect((await failure(callerFor(database).merchants.applyForStore(await form()))).code).toBe(
      "UNAUTHORIZED",
    );
    expect((await failure(ops.api.merchants.applyForStore(await form()))).code).toBe("FORBIDDEN");
    expect((await failure(merchant.api.merchants.applyForStore(await form()))).code).toBe("CONFLICT");
    // A shopper has no merchant centre.
    expect((await failure(shopper.api.merchants.home())).code).toBe("FORBIDDEN");
    expect((await failure(shopper.api.merchants.supply({}))).code).toBe("FORBIDDEN");
  });
});
