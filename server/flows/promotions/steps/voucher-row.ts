import type { z } from "zod";
import type { VoucherFormSchema } from "#common/contracts/promotions.ts";
import type { VoucherKind } from "#common/promotions.ts";
import type { NewVoucher } from "../../../modules/promotions/vouchers.service.ts";
import { DomainError } from "../../../platform/errors.ts";
import { newId } from "../../../platform/ids.ts";

export type VoucherForm = z.infer<typeof VoucherFormSchema>;

/**
 * A new voucher's row from its form (issue 42): the discount as an amount, or basis points with a cap; the
 * limits as given (null: none). One that would have ended already is refused: nobody could use it.
 */
export function voucherRow(
  form: VoucherForm,
  owner: { kind: VoucherKind; storeId: string | null; storeIds: string[] | null; createdBy: string },
  at: Date,
): NewVoucher {
  if (form.endsAt <= at) throw new DomainError("bad_request", "errors.vouchers.endInPast");
  return {
    id: newId("vou", at.getTime()),
    kind: owner.kind,
    storeId: owner.storeId,
    storeIds: owner.storeIds,
    code: form.code,
    amount: form.discount.type === "amount" ? form.discount.amount : null,
    percentBp: form.discount.type === "percent" ? form.discount.percentBp : null,
    cap: form.discount.type === "percent" ? form.discount.cap : null,
    minSpend: form.minSpend,
    startsAt: form.startsAt,
    endsAt: form.endsAt,
    usageLimit: form.usageLimit,
    perShopperLimit: form.perShopperLimit,
    budget: form.budget,
    categoryIds: form.categoryIds,
    newShoppersOnly: form.newShoppersOnly,
    methods: form.methods,
    createdBy: owner.createdBy,
    createdAt: at,
    updatedAt: at,
  };
}
