import { expect, test, type APIRequestContext } from "@playwright/test";
import { toasts, trpcMutation } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { signInFreshShopper, trpcQuery } from "../support/browsing.ts";
import { fill, langs, localePath, messages } from "../support/i18n.ts";
import { demoOperator, rupiah } from "../support/money.ts";
import { waitForHydration } from "../support/page.ts";
import { demoStores, pageAs, tokenOf } from "../support/roles.ts";

const address = {
  name: "Budi Santoso",
  mobile: "0812 9876 5432",
  provinceCode: "31",
  regencyCode: "31.71",
  districtCode: "31.71.07",
  villageCode: "31.71.07.1006",
  postcode: "10240",
  detail: "Jl. Kebon Kacang Raya No. 20",
  isDefault: true,
};

const key = (what: string) => `e2e-ops-${what}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

/** A tRPC mutation taking multipart form data (a review, an after-sales request). */
async function formMutation<T>(
  request: APIRequestContext,
  procedure: string,
  fields: Record<string, string>,
  token: string,
): Promise<T> {
  const res = await request.post(`/trpc/${procedure}`, {
    headers: { authorization: token, lang: "ind" },
    multipart: fields,
  });
  const body = await res.text();
  if (!res.ok()) throw new Error(`${procedure} answered ${res.status()}: ${body}`);
  return (JSON.parse(body) as { result: { data: { json: T } } }).result.data.json;
}

// Each language: a received order whose review is abusive and whose return the store refused; the operator
// sees the escalated return on the dashboard, approves it (the shopper is refunded), and hides the review with
// a reason, which the product page then shows instead of the review.
for (const [index, lang] of langs.entries()) {
  test(`the operator decides an escalated return and hides a review in ${lang}`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const m = messages[lang];
    const { email, token } = await signInFreshShopper(page, `opsas-${lang}`);
    const opsToken = await tokenOf(request, demoOperator.account);
    const [storeId, merchant] = [...(await demoStores(request)).entries()][(index + 2) % 5]!;
    const merchantToken = await tokenOf(request, merchant);
    for (const account of [email, merchant]) {
      await trpcMutation(
        request,
        "ops.money.adjust",
        { account, amount: 3_000_000, reason: "uji e2e", idempotencyKey: key("credit") },
        { authorization: opsToken },
      );
    }
    const listings = await trpcQuery<{ items: { id: string }[] }>(request, "listings.list", {
      limit: 5,
      storeId,
    });
    const listingId = listings.items[0]!.id;
    const { id: addressId } = await trpcMutation<{ id: string }>(request, "addresses.save", address, {
      authorization: token,
    });
    const { orderIds } = await trpcMutation<{ orderIds: string[] }>(
      request,
      "orders.place",
      {
        lines: [{ listingId, quantity: 1 }],
        addressId,
        method: "wallet",
        fromCart: false,
        idempotencyKey: key("place"),
      },
      { authorization: token },
    );
    const orderId = orderIds[0]!;
    await trpcMutation(
      request,
      "merchantOrders.payGoods",
      { orderIds: [orderId], idempotencyKey: key("goods") },
      { authorization: merchantToken },
    );
    await trpcMutation(
      request,
      "ops.orders.ship",
      { id: orderId, courier: "jnt", trackingNumber: `JNT${Date.now()}`, idempotencyKey: key("ship") },
      { authorization: opsToken },
    );
    await trpcMutation(
      request,
      "orders.confirm",
      { id: orderId, idempotencyKey: key("confirm") },
      {
        authorization: token,
      },
    );
    const abusive = `Penjualnya bodoh sekali ${lang} ${Date.now()}`;
    // Its own note: the three languages run at once, and the queue lists every escalated request.
    const note = `Lihat foto jahitan ${lang} ${Date.now()}`;
    await formMutation(request, "reviews.write", { orderId, listingId, rating: "1", text: abusive }, token);
    const asked = await formMutation<{ id: string }>(
      request,
      "orders.requestAfterSales",
      {
        orderId,
        listingId,
        kind: "return",
        quantity: "1",
        reason: "Jahitan lepas",
        idempotencyKey: key("ask"),
      },
      token,
    );
    await trpcMutation(
      request,
      "merchantOrders.decideAfterSales",
      { id: asked.id, approve: false, reason: "Tidak ada kerusakan", idempotencyKey: key("refuse") },
      { authorization: merchantToken },
    );
    await trpcMutation(
      request,
      "orders.escalate",
      { id: asked.id, note, idempotencyKey: key("escalate") },
      { authorization: token },
    );

    // The dashboard's queue leads to the escalated request; the operator approves it with a reason.
    const ops = await pageAs(browser, demoOperator.account);
    await ops.goto(localePath(lang, "/ops"));
    await waitForHydration(ops);
    await ops.getByRole("link", { name: new RegExp(m.ops.dashboard.queues.escalated) }).click();
    await ops.waitForURL(/\/ops\/aftersales\?status=escalated/);
    await waitForHydration(ops);
    await expectNoSeriousViolations(ops, `ops after-sales (${lang})`);
    const before = (await trpcQuery<{ balance: number }>(request, "wallet.summary", undefined, lang, token))
      .balance;
    const item = ops.getByTestId("after-sales").filter({ hasText: note });
    await item.getByRole("button", { name: m.aftersales.approve }).click();
    const dialog = ops.getByRole("dialog");
    const quote = await dialog.getByTestId("refund-quote").innerText();
    await dialog.getByLabel(m.ops.reason).fill("Kerusakan terlihat di foto");
    await dialog.getByRole("button", { name: m.aftersales.approve }).click();
    await expect(toasts(ops, lang).getByText(m.ops.aftersales.decided)).toBeVisible();
    const after = (await trpcQuery<{ balance: number }>(request, "wallet.summary", undefined, lang, token))
      .balance;
    expect(after).toBeGreaterThan(before);
    // The dialog named exactly the amount refunded.
    expect(quote).toContain(rupiah(after - before));
    await page.goto(localePath(lang, `/h5/order/detail?id=${orderId}`));
    await waitForHydration(page);
    await expect(page.getByTestId("refund")).toHaveText(
      fill(m.aftersales.refunded, { amount: rupiah(after - before) }),
    );

    // The abusive review: hidden with a reason; the product page says so instead of showing it.
    await ops.goto(localePath(lang, "/ops/reviews?status=low"));
    await waitForHydration(ops);
    await expectNoSeriousViolations(ops, `ops reviews (${lang})`);
    const review = ops.getByTestId("ops-review").filter({ hasText: abusive });
    await review.getByRole("button", { name: m.ops.reviews.hide }).click();
    await ops.getByRole("dialog").getByLabel(m.ops.reason).fill("Kata-kata kasar");
    await ops.getByRole("dialog").getByRole("button", { name: m.ops.reviews.hide }).click();
    await expect(toasts(ops, lang).getByText(m.ops.reviews.hidden)).toBeVisible();
    await ops.context().close();
    const reviews = await trpcQuery<{ items: { text: string; hidden: { reason: string } | null }[] }>(
      request,
      "reviews.forProduct",
      { listingId, limit: 30 },
    );
    expect(reviews.items.map((r) => r.text)).not.toContain(abusive);
    expect(reviews.items.some((r) => r.hidden?.reason === "Kata-kata kasar")).toBe(true);
  });
}
