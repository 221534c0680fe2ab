/**
 * Dynamic QRIS payloads (EMVCo merchant-presented mode, as Bank Indonesia's QRIS standard profiles it) for the
 * providers the shop simulates: the sandbox and the local Midtrans and Xendit simulators. Real providers send
 * their own string; the shop only draws it. Tests read them back with `parseEmv` and `hasValidCrc`.
 */

/** CRC-16/CCITT-FALSE over the payload, as EMV QR ends with (tag 63, 4 upper-case hex digits). */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

function field(tag: string, value: string): string {
  if (value.length > 99) throw new Error(`QRIS field ${tag} is longer than 99 characters`);
  return `${tag}${String(value.length).padStart(2, "0")}${value}`;
}

/** Printable ASCII, upper case, cut to an EMV field's length. */
const emvText = (text: string, max: number) =>
  (
    text
      .replace(/[^\x20-\x7e]/g, "")
      .toUpperCase()
      .trim() || "MERCHANT"
  ).slice(0, max);

/** The fields of an EMV payload (top level, or the value of a template such as tag 26 or 62), by tag. */
export function parseEmv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const tag = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(tag) || !Number.isInteger(length) || at + 4 + length > payload.length) {
      throw new Error(`not an EMV payload at position ${at}`);
    }
    fields.set(tag, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** Whether a QRIS string ends in tag 63 carrying the CRC of everything before its value. */
export function hasValidCrc(payload: string): boolean {
  return /6304[0-9A-F]{4}$/.test(payload) && crc16(payload.slice(0, -4)) === payload.slice(-4);
}

/**
 * A QRIS string for one payment: the acquirer's merchant account (26, by its reverse domain), the national
 * QRIS id (51), category, rupiah (360), the amount (54; with two decimals where the acquirer writes them),
 * country, merchant name and city, postal code, and the reference the payer's app shows (62/05).
 */
export function qrisPayload(input: {
  merchantName: string;
  city: string;
  amount: number;
  reference: string;
  acquirer?: string;
  decimals?: boolean;
}): string {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error("a QRIS amount is whole rupiah");
  const body =
    field("00", "01") +
    // 12: dynamic, the QR is for this one payment (not a printed sticker).
    field("01", "12") +
    field(
      "26",
      field("00", input.acquirer ?? "ID.CO.QRIS.WWW") +
        field("01", "936000000000000001") +
        field("03", "UMI"),
    ) +
    field("51", field("00", "ID.CO.QRIS.WWW") + field("02", "ID1026000000001") + field("03", "UMI")) +
    field("52", "5999") +
    field("53", "360") +
    field("54", input.decimals ? `${input.amount}.00` : String(input.amount)) +
    field("58", "ID") +
    field("59", emvText(input.merchantName, 25)) +
    field("60", emvText(input.city, 15)) +
    field("61", "10110") +
    field("62", field("05", input.reference.replace(/[^\x20-\x7e]/g, "").slice(0, 25))) +
    "6304";
  return body + crc16(body);
}
