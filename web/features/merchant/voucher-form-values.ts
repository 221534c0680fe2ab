// The voucher form's values and figures (issue 42), without the form: times in the reader's zone, the cost
// estimate, and a refused save's issues under their fields.
import type { z } from "zod";
import type { VoucherFormSchema } from "#common/contracts/promotions.ts";
import type { PlaceMethod } from "#common/payment-channels.ts";
import type { TimeZoneName } from "#common/time-zones.ts";
import type { FieldErrors } from "../auth/form.tsx";

/** A voucher as the create procedures take it (merchantVouchers.create, and `voucher` of ops.vouchers.create). */
export type VoucherInput = z.input<typeof VoucherFormSchema>;
/** The kinds an operator creates; a merchant's vouchers are always their store's. */
export type PlatformKind = "platform" | "shipping";

/** The most categories (with their subcategories) and stores a voucher can be limited to, as the schemas take. */
export const maxCategoryIds = 50;
export const maxStoreIds = 50;

/** Indonesia's zones keep one offset all year (no daylight saving): WIB is UTC+7, WITA +8, WIT +9. */
const zoneHours: Record<TimeZoneName, number> = { WIB: 7, WITA: 8, WIT: 9 };

/** A moment as a `datetime-local` input shows it in the reader's zone: "2026-12-01T10:00". */
export function toZoneInput(at: Date, zone: TimeZoneName): string {
  return new Date(at.getTime() + zoneHours[zone] * 3_600_000).toISOString().slice(0, 16);
}

/** A `datetime-local` value read as a time in the reader's zone; null when it is not one (empty, half typed). */
export function fromZoneInput(value: string, zone: TimeZoneName): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2}(?:\.\d{1,3})?)?$/.exec(value);
  if (!match) return null;
  const at = new Date(`${match[1]}${match[2] ?? ":00"}+0${zoneHours[zone]}:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The most a voucher can cost whoever funds it, as the form shows it before saving: the most one use takes off
 * (the amount, or the cap; unknown for a percentage without a cap) times the usage limit, and never more than the
 * budget. `null` figures are unknown or unlimited; `total` and `capped` are null when they cannot be said.
 */
export function costEstimate(v: {
  perUse: number | null;
  usageLimit: number | null;
  budget: number | null;
}): { total: bigint | null; capped: boolean } {
  const total = v.perUse !== null && v.usageLimit !== null ? BigInt(v.perUse) * BigInt(v.usageLimit) : null;
  if (v.budget === null) return { total, capped: false };
  if (total !== null && total <= BigInt(v.budget)) return { total, capped: false };
  return { total: BigInt(v.budget), capped: true };
}

export interface Values {
  kind: PlatformKind;
  type: "amount" | "percent";
  amount: number | null;
  percent: string;
  cap: number | null;
  minSpend: number | null;
  startsAt: string;
  endsAt: string;
  usageLimit: number | null;
  perShopperLimit: number | null;
  budget: number | null;
  code: string;
  newShoppersOnly: boolean;
  /** Only some ways of paying (null: any). */
  methods: PlaceMethod[] | null;
  /** Only some top-level categories, with their subcategories (null: all products). */
  categoryIds: number[] | null;
  /** The operator's: only some stores (null: all). */
  storeIds: string[] | null;
}
export type FieldName = keyof Values;
/** The conditions under "Syarat lainnya": an error in one opens it. */
export const conditionFields: readonly FieldName[] = [
  "newShoppersOnly",
  "methods",
  "categoryIds",
  "storeIds",
];

/**
 * The form's field a server issue names (`discount.percentBp`, `voucher.endsAt`, `voucher.methods.0`), or "form"
 * for the others.
 */
function fieldOf(path: string): FieldName | "form" {
  const fields: readonly string[] = [
    "kind",
    "amount",
    "cap",
    "minSpend",
    "startsAt",
    "endsAt",
    "usageLimit",
    "perShopperLimit",
    "budget",
    "code",
    "newShoppersOnly",
    "methods",
    "categoryIds",
    "storeIds",
  ];
  for (const part of path.split(".").reverse()) {
    if (part === "percentBp") return "percent";
    if (fields.includes(part)) return part as FieldName;
  }
  return "form";
}

/**
 * A refused save as the form shows it: each zod issue (translated by the server) under its field, and a
 * refusal of the whole voucher (a code already taken, an end already past: a translated DomainError) above
 * the buttons.
 */
export function voucherErrors(error: unknown): FieldErrors {
  const e = error as { message?: unknown; data?: { issues?: { path: string; message: string }[] } } | null;
  const issues = e?.data?.issues ?? [];
  const errors: FieldErrors = {};
  for (const issue of issues) errors[fieldOf(issue.path)] ??= issue.message;
  if (issues.length === 0 && typeof e?.message === "string" && e.message) errors.form = e.message;
  return errors;
}
