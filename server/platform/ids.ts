import { randomBytes } from "node:crypto";

const alphabet = "0123456789abcdefghjkmnpqrstvwxyz";

/** Prefixes of every id kind in the system, so an id tells what it names. */
type IdPrefix =
  | "usr"
  | "ntf"
  | "psh"
  | "wch"
  | "str"
  | "sup"
  | "prd"
  | "img"
  | "ses"
  | "vc"
  | "msg"
  | "srch"
  | "faq"
  /** Ledger transfers, recharges, withdrawals, sandbox gateway payments, scheduled jobs, audit entries. */
  | "trf"
  | "rch"
  | "wdr"
  | "pay"
  | "job"
  | "aud"
  /** Delivery addresses, orders, order payments (checkouts) and order timeline events. */
  | "adr"
  | "ord"
  | "chk"
  | "evt"
  /** Merchant applications. */
  | "app"
  /** Reviews, and after-sales requests (returns and replacements). */
  | "rev"
  | "ret"
  /** Payment attempts at a provider, the provider events the shop received, refunds, reconciliation differences. */
  | "pat"
  | "pev"
  | "prf"
  | "rcn"
  /** Shipments of orders, and the parcels the built-in courier keeps of them. */
  | "shp"
  /** Vouchers and their redemptions (issue 42). */
  | "vou"
  | "vrd"
  /** Flash-sale events, their slots and the items enrolled in them (issue 42). */
  | "fls"
  | "flt"
  | "fli"
  | "prc"
  /** Product option axes, their values, variants, and the cart's notices of variants taken off sale. */
  | "opt"
  | "opv"
  | "var"
  | "cno"
  /** Conversations with stores, reports of them, and stores' quick replies. */
  | "cnv"
  | "crp"
  | "cqr";

/**
 * A new id such as `prd_0m3xk2c9hq4w7d8e1f5g`: a time part (milliseconds, base32, sorts by creation)
 * followed by 60 random bits.
 */
export function newId(prefix: IdPrefix, at: number = Date.now()): string {
  let time = "";
  let t = at;
  for (let i = 0; i < 9; i++) {
    time = alphabet[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(12);
  let random = "";
  for (const byte of bytes) random += alphabet[byte % 32];
  return `${prefix}_${time}${random}`;
}

/**
 * An order code as people read and say it: "P", the date in Indonesian western time (yymmdd), then eight
 * random digits ("P26112304718263"). Unique by the orders table: a clash (about one in 10^8 for two orders
 * of a day) fails that placement whole, and the shopper's retry with the same key places it.
 */
export function orderCode(at: Date): string {
  const wib = new Date(at.getTime() + 7 * 60 * 60 * 1000);
  const date = wib.toISOString().slice(2, 10).replaceAll("-", "");
  const digits = randomBytes(8).reduce((s, b) => s + (b % 10).toString(), "");
  return `P${date}${digits}`;
}
