/**
 * A dynamic QRIS payload as an EMV merchant-presented QR string (EMVCo MPM; Bank Indonesia's QRIS profile):
 * `ID LEN VALUE` fields, a nested merchant-account template, and CRC-16/CCITT-FALSE over everything up to and
 * including the CRC field's own `6304`. What the simulator answers as the QR_STRING action; any QRIS reader
 * can parse it, though no issuer knows the merchant.
 */

/** One `ID LEN VALUE` field; the length is two decimal digits, so a value is at most 99 characters. */
function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`EMV field ${id} is longer than 99 characters`);
  return `${id}${value.length.toString().padStart(2, "0")}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as four upper-case hex digits. */
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** EMV names and cities are plain upper-case ASCII of a bounded length. */
function emvText(text: string, max: number): string {
  const ascii = text
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .toUpperCase()
    .trim();
  return (ascii || "MERCHANT").slice(0, max);
}

/** A dynamic (single-use, amount fixed) QRIS string for an amount in rupiah. */
export function buildQrisString(input: {
  merchantName: string;
  merchantCity: string;
  /** The National Merchant ID printed under a QRIS, 15 digits after `ID`. */
  nmid: string;
  amount: number;
  /** The reference label the payer's app shows (EMV tag 62, sub-tag 05). */
  reference: string;
}): string {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error("a QRIS amount is whole rupiah");
  const payload =
    field("00", "01") +
    // 12: dynamic; the QR is for this payment only.
    field("01", "12") +
    field("26", field("00", "ID.CO.XENDIT.WWW") + field("01", "936008990000000000") + field("03", "UMI")) +
    field("51", field("00", "ID.CO.QRIS.WWW") + field("02", input.nmid) + field("03", "UMI")) +
    field("52", "5999") +
    // ISO 4217 numeric for IDR.
    field("53", "360") +
    field("54", String(input.amount)) +
    field("58", "ID") +
    field("59", emvText(input.merchantName, 25)) +
    field("60", emvText(input.merchantCity, 15)) +
    field("62", field("05", input.reference.replace(/[^\x20-\x7e]/g, "").slice(0, 25))) +
    "6304";
  return payload + crc16Ccitt(payload);
}

/** Whether a QRIS string's last field is the CRC of everything before it. */
export function qrisCrcValid(qris: string): boolean {
  const match = /^(.*6304)([0-9A-F]{4})$/.exec(qris);
  return match !== null && crc16Ccitt(match[1]!) === match[2];
}
