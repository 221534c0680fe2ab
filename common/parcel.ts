// Zod-free bounds of a packed supply product (issue 27), safe for the browser bundle: the database's
// supply_products_parcel_valid check, which the catalogue's schemas and the operator's form both follow.

/** The heaviest packed product, in grams (150 kg). */
export const maxParcelGrams = 150_000;
/** The longest side of a packed product, in centimetres. */
export const maxParcelCm = 300;
