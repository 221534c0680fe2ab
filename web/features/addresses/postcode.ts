import type { PostcodeView } from "#common/contracts/orders.ts";

/** The address form's postcode field, and how the form filled it in (decision 20). */
export interface PostcodeField {
  postcode: string;
  /** From the chosen village's own postcode or its district's; null when the shopper typed it (or nothing). */
  postcodeFrom: "village" | "district" | null;
}

/**
 * The field once the data answered for a newly chosen village (`found`: null when it knows none). The data
 * replaces an empty field, one the form filled in, or one holding what the data gives the village chosen before
 * (`before`: an address being edited, or a postcode typed the same as the data); a postcode the shopper typed
 * stays, whatever the data says.
 */
export function fillPostcode(field: PostcodeField, found: PostcodeView, before: PostcodeView): PostcodeField {
  const replaceable =
    field.postcode === "" || field.postcodeFrom !== null || field.postcode === before?.postcode;
  if (!replaceable) return { postcode: field.postcode, postcodeFrom: field.postcodeFrom };
  return found
    ? { postcode: found.postcode, postcodeFrom: found.from }
    : { postcode: "", postcodeFrom: null };
}

/**
 * The field once the village is cleared (another province, regency or district): a filled-in postcode goes.
 * Only the field's two values, whatever else `field` holds (it may be the whole form).
 */
export function clearFilledPostcode(field: PostcodeField): PostcodeField {
  return field.postcodeFrom
    ? { postcode: "", postcodeFrom: null }
    : { postcode: field.postcode, postcodeFrom: field.postcodeFrom };
}
