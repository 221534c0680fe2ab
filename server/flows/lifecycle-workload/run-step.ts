// The lifecycle workload's steps played (lifecycle-workload.test.ts): each step on one of the run's orders,
// payments, returns, withdrawals or people.
import { newKey, pinProof } from "../../../tests/setup/money.ts";
import { credit } from "../../../tests/setup/shop.ts";
import { returnReasons } from "#common/order-states.ts";
import { minute, hour, day, type World, setAutoPay, setClockTo } from "./world.ts";
import type { Op, Step } from "./steps.ts";
import {
  count,
  attempt,
  nth,
  runOrders,
  orderWhere,
  codDue,
  returnRows,
  attemptsWhere,
  ownerOf,
  merchantOf,
  notify,
  reverse,
  runJobs,
  lineOf,
  placeOp,
  attemptOf,
  courier,
  switchAttempt,
  paidAttempts,
  orderAction,
  returnParcelOf,
  returnTravels,
} from "./actions.ts";

async function runOp(w: World, op: Op): Promise<void> {
  switch (op.t) {
    case "cart":
      return attempt("cart", () => w.shoppers[op.s]!.api.cart.add(lineOf(w, op)));
    case "place":
      return placeOp(w, op);
    case "payLater": {
      const o = await orderWhere(w, op.o, (x) => x.status === "pending_payment");
      if (!o) return;
      return attempt(`pay later ${op.method}`, async () => {
        const paid = await ownerOf(w, o).api.orders.pay({
          id: o.id,
          method: op.method,
          proof: pinProof,
          idempotencyKey: newKey(),
        });
        if (paid.attemptId) w.gatewayPayments.push(paid.attemptId);
      });
    }
    case "notify": {
      const paymentId = nth(w.gatewayPayments, op.p);
      if (!paymentId) return;
      if (op.twice) await Promise.all([notify(w, paymentId, op.status), notify(w, paymentId, op.status)]);
      else await notify(w, paymentId, op.status);
      return;
    }
    case "switch": {
      const pending = await attemptsWhere(w, (a) => a.purpose === "orders" && a.status === "pending");
      const old = nth(pending, op.p);
      if (old) await switchAttempt(w, old, op.channel, op.then);
      return;
    }
    case "reverse": {
      const paid = nth(await paidAttempts(w, op.what), op.p);
      if (paid) await reverse(w, paid.id, op.twice);
      return;
    }
    case "payGoods": {
      const merchant = w.merchants[op.m]!;
      if (op.one === null) {
        return attempt("pay goods (all)", () =>
          merchant.api.merchantOrders.payGoods({ idempotencyKey: newKey() }),
        );
      }
      const o = await orderWhere(w, op.one, (x) => x.status === "paid" && !x.goodsPaidAt);
      if (o) await orderAction(w, "payGoods", o);
      return;
    }
    case "autoPay": {
      await setAutoPay(w.merchants[op.m]!, op.on);
      count(`auto-pay ${op.on ? "on" : "off"}`);
      return;
    }
    case "cancel": {
      const o = await orderWhere(w, op.o, (x) => x.status === "pending_payment" || x.status === "paid");
      if (o) await orderAction(w, op.byOperator ? "opsCancel" : "cancel", o);
      return;
    }
    case "ship": {
      const o = await orderWhere(w, op.o, (x) => x.status === "paid" && !!x.goodsPaidAt);
      if (o) await orderAction(w, "ship", o);
      return;
    }
    case "courier": {
      const o = await orderWhere(w, op.o, (x) => x.status === "shipped" && (op.to !== "refuse" || codDue(x)));
      if (o) await courier(w, o, op.to);
      return;
    }
    case "remit": {
      // The operator records a courier's report: some of the parcels it collected for, and what it paid.
      const owed = (await w.ops.api.ops.shipping.cod()).parcels
        .filter((p) => w.orderIds.has(p.orderId))
        .sort((a, b) => (a.shipmentId < b.shipmentId ? -1 : 1));
      if (owed.length === 0) return;
      const start = op.from % owed.length;
      const parcels = owed.slice(start, start + op.n);
      // Net of the couriers' fees, as couriers remit (decision 24); a mistyped amount is refused.
      const fee = parcels.reduce((n, p) => n + p.courierFee, 0);
      const amount = parcels.reduce((n, p) => n + p.codAmount, 0) - fee - (op.wrong ? 1_000 : 0);
      return attempt(op.wrong ? "remit, amount mistyped" : `remit ${parcels.length} parcel(s)`, () =>
        w.ops.api.ops.shipping.remitCod({
          shipmentIds: parcels.map((p) => p.shipmentId),
          reference: `KURIR-${newKey()}`,
          amount,
          fee,
          idempotencyKey: newKey(),
        }),
      );
    }
    case "confirm": {
      const o = await orderWhere(w, op.o, (x) => x.status === "shipped");
      if (o) await orderAction(w, "confirm", o);
      return;
    }
    case "advance": {
      const by = {
        payment: hour + minute,
        goods: day + minute,
        receipt: 7 * day + minute,
        minutes: 10 * minute,
      }[op.by];
      // Sessions last 30 days: the people of this run act within 25 of its start.
      if (w.clockOffset + by > 25 * day) return;
      setClockTo(w, w.clockOffset + by);
      count(`advance ${op.by}: ${await runJobs(w)} job(s)`);
      return;
    }
    case "return": {
      // An item (one variant of a listing) of a completed order of this run that nobody asked about yet.
      const done = (await runOrders(w)).filter((x) => x.status === "completed");
      const asked = new Set((await returnRows(w)).map((r) => `${r.orderId} ${r.variantId}`));
      const items = (
        await w.database.db.query.orderItems.findMany({
          where: (i, { inArray }) =>
            inArray(
              i.orderId,
              done.map((x) => x.id),
            ),
          orderBy: (i, { asc }) => [asc(i.orderId), asc(i.variantId)],
        })
      ).filter((i) => !asked.has(`${i.orderId} ${i.variantId}`));
      const item = nth(items, op.o);
      if (!item) return;
      const o = done.find((x) => x.id === item.orderId)!;
      const form = new FormData();
      form.set("orderId", o.id);
      form.set("variantId", item.variantId);
      form.set("kind", op.kind);
      form.set("category", op.category);
      form.set("quantity", String(Math.min(op.q, item.quantity)));
      form.set("reason", "Barang rusak saat tiba.");
      form.set("idempotencyKey", newKey());
      return attempt(`request ${op.kind}`, () => ownerOf(w, o).api.orders.requestAfterSales(form));
    }
    case "decideReturn": {
      const r = nth(
        (await returnRows(w)).filter((x) => x.status === "requested"),
        op.r,
      );
      if (!r) return;
      return attempt(`store ${op.approve ? "approves" : "refuses"} ${r.kind}`, () =>
        merchantOf(w, r.storeId).api.merchantOrders.decideAfterSales({
          id: r.id,
          approve: op.approve,
          reason: op.approve ? "" : "Barang tidak sesuai syarat.",
          idempotencyKey: newKey(),
        }),
      );
    }
    case "escalate": {
      const r = nth(
        (await returnRows(w)).filter((x) => x.status === "refused"),
        op.r,
      );
      if (!r) return;
      return attempt("escalate", () =>
        ownerOf(w, r).api.orders.escalate({
          id: r.id,
          note: "Mohon ditinjau ulang.",
          idempotencyKey: newKey(),
        }),
      );
    }
    case "opsDecide": {
      const r = nth(
        (await returnRows(w)).filter((x) => x.status === "escalated"),
        op.r,
      );
      if (!r) return;
      return attempt(`operator ${op.approve ? "approves" : "rejects"} ${r.kind}`, () =>
        w.ops.api.ops.afterSales.decide({
          id: r.id,
          approve: op.approve,
          reason: "Keputusan operator.",
          idempotencyKey: newKey(),
        }),
      );
    }
    case "returnTravels": {
      // A return parcel on its way to the warehouse (refunded early or not) moves on; the courier desk moves
      // it, the shop tracks it.
      const travelling: { id: string }[] = [];
      for (const r of (await returnRows(w)).filter((x) => x.kind === "return")) {
        if (await returnParcelOf(w, r.id)) travelling.push(r);
      }
      const r = nth(travelling, op.r);
      if (r) await returnTravels(w, r, op.all);
      return;
    }
    case "refundNow": {
      const r = nth(
        (await returnRows(w)).filter(
          (x) => x.kind === "return" && (x.status === "returning" || x.status === "received"),
        ),
        op.r,
      );
      if (!r) return;
      return attempt(`refund now (${r.status})`, () =>
        w.ops.api.ops.afterSales.refundNow({ id: r.id, reason: "Uji", idempotencyKey: newKey() }),
      );
    }
    case "shipReplacement": {
      const r = nth(
        (await returnRows(w)).filter((x) => x.kind === "replacement" && x.status === "approved"),
        op.r,
      );
      if (!r) return;
      return attempt("ship replacement", () =>
        w.ops.api.ops.afterSales.ship({ id: r.id, idempotencyKey: newKey() }),
      );
    }
    case "recharge":
      return attempt("recharge", async () => {
        const started = await w.people[op.u]!.api.wallet.recharge({
          amount: op.amount,
          method: "qris",
          idempotencyKey: newKey(),
        });
        w.gatewayPayments.push(started.attemptId);
      });
    case "withdraw":
      return attempt("withdraw", async () => {
        const held = await w.people[op.u]!.api.wallet.withdraw({
          amount: op.amount,
          proof: pinProof,
          idempotencyKey: newKey(),
        });
        w.withdrawals.push(held.id);
      });
    case "decideWithdrawal": {
      const pending = (
        await w.database.db.query.withdrawals.findMany({ orderBy: (x, { asc }) => [asc(x.id)] })
      )
        .filter((x) => x.status === "pending" && w.withdrawals.includes(x.id))
        .map((x) => x.id);
      const id = nth(pending, op.w);
      if (!id) return;
      return attempt(`withdrawal ${op.approve ? "approved" : "rejected"}`, () =>
        op.approve
          ? w.ops.api.ops.money.approveWithdrawal({ id, idempotencyKey: newKey() })
          : w.ops.api.ops.money.rejectWithdrawal({
              id,
              reason: "Rekening tidak cocok.",
              idempotencyKey: newKey(),
            }),
      );
    }
    case "credit": {
      const person = w.people[op.u]!;
      await credit(w.ops, person.account, op.amount);
      w.credits.set(person.id, (w.credits.get(person.id) ?? 0) + op.amount);
      count("credit");
      return;
    }
    case "progress": {
      const o = await orderWhere(w, op.o, (x) => x.status !== "cancelled");
      if (!o) return;
      if (o.status === "pending_payment") {
        const payment = await w.database.db.query.orderPaymentOrders.findFirst({
          where: (p, { eq }) => eq(p.orderId, o.id),
        });
        const newest = await attemptOf(w, payment!.paymentId);
        // Now and then the shopper picks another method before paying, and pays that (or the old one's money
        // arrives anyway, or both).
        if (newest?.status === "pending" && op.o % 3 === 0) {
          return switchAttempt(
            w,
            newest,
            newest.channel === "qris" ? "va_bca" : "qris",
            (["new", "both", "old"] as const)[Math.floor(op.o / 3) % 3]!,
          );
        }
        return orderAction(w, newest ? "notify" : "payWallet", o);
      }
      if (o.status === "paid") return orderAction(w, o.goodsPaidAt ? "ship" : "payGoods", o);
      // Paid on delivery: the courier delivers and collects (or, now and then, the shopper refuses it at the
      // door); otherwise the shopper confirms receipt.
      if (o.status === "shipped") {
        return orderAction(w, codDue(o) ? (op.o % 2 === 0 ? "refuse" : "deliver") : "confirm", o);
      }
      const returns = (await returnRows(w)).filter((r) => r.orderId === o.id);
      const asked = returns.find((r) => r.status === "requested");
      if (asked) {
        return attempt(`store approves ${asked.kind}`, () =>
          merchantOf(w, o.storeId).api.merchantOrders.decideAfterSales({
            id: asked.id,
            approve: true,
            reason: "",
            idempotencyKey: newKey(),
          }),
        );
      }
      // A return on its way: its parcel arrives (and refunds), or now and then the operator refunds it before
      // (late parcel); one whose store was short at arrival waits for the operator.
      const returning = returns.find((r) => r.kind === "return" && r.status === "returning");
      if (returning && op.o % 3 !== 0 && (await returnParcelOf(w, returning.id))) {
        return returnTravels(w, returning, true);
      }
      const waiting = returns.find(
        (r) => r.kind === "return" && (r.status === "received" || r.status === "returning"),
      );
      if (waiting) {
        return attempt(`refund now (${waiting.status})`, () =>
          w.ops.api.ops.afterSales.refundNow({ id: waiting.id, reason: "Uji", idempotencyKey: newKey() }),
        );
      }
      return runOp(w, {
        t: "return",
        o: op.o,
        q: 1,
        kind: "return",
        category: returnReasons[op.o % returnReasons.length]!,
      });
    }
    case "race": {
      const o = await orderWhere(w, op.o, (x) => x.status !== "completed" && x.status !== "cancelled");
      if (!o) return;
      count(`race: ${op.actions.join(" + ")}`);
      await Promise.all(op.actions.map((a) => orderAction(w, a, o)));
      return;
    }
  }
}

export async function runStep(w: World, step: Step): Promise<void> {
  if (step.t === "together") await Promise.all(step.ops.map((op) => runOp(w, op)));
  else await runOp(w, step);
}
