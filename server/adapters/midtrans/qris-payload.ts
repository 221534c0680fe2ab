/**
 * QRIS payloads: EMV merchant-presented QR strings ("000201010212…6304XXXX") as Bank Indonesia's standard
 * writes them, each field a two-digit tag, a two-digit length and the value, closed by the CRC of tag 63.
 * The Midtrans simulator draws its QR strings with this; tests read them (and the documented examples) back.
 */

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF) of a payload, as four upper-case hex digits. */
export function qrisCrc(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** One field: tag, length (two digits each) and value. */
function field(tag: string, value: string): string {
  if (value.length > 99) throw new Error(`QRIS field ${tag} is longer than 99 characters`);
  return `${tag}${value.length.toString().padStart(2, "0")}${value}`;
}

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
  return /6304[0-9A-F]{4}$/.test(payload) && qrisCrc(payload.slice(0, -4)) === payload.slice(-4);
}

/**
 * A dynamic QRIS payload for one amount, in the shape of Midtrans' documented GoPay-acquired examples: the
 * acquirer's merchant account (26), the national QRIS id (51), category, rupiah (360), the amount with two
 * decimals (54), country, merchant name and city, and the transaction reference in the additional data (62).
 */
export function buildQrisPayload(input: {
  amount: number;
  reference: string;
  merchantName: string;
  city: string;
  postalCode: string;
}): string {
  const merchantAccount =
    field("00", "COM.GO-JEK.WWW") + field("01", "936009140000000001") + field("02", "G000000001");
  const national = field("00", "ID.CO.QRIS.WWW") + field("02", "ID1020000000001") + field("03", "UKE");
  const body =
    field("00", "01") +
    // 12: dynamic, the QR is for this one payment.
    field("01", "12") +
    field("26", merchantAccount) +
    field("51", national) +
    field("52", "5999") +
    field("53", "360") +
    field("54", `${input.amount}.00`) +
    field("58", "ID") +
    field("59", input.merchantName.slice(0, 25)) +
    field("60", input.city.slice(0, 15)) +
    field("61", input.postalCode) +
    field("62", field("05", input.reference.slice(0, 25)) + field("07", "A01")) +
    "6304";
  return body + qrisCrc(body);
}
