/**
 * A dynamic QRIS payload (EMVCo merchant-presented mode, as Bank Indonesia's QRIS standard profiles it), for
 * the providers the shop simulates: the sandbox and the local Midtrans and Xendit simulators. Real providers
 * send their own string; the shop only draws it.
 */

/** CRC-16/CCITT-FALSE over the payload, as EMV QR ends with (tag 63, 4 hex digits). */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

const field = (tag: string, value: string) => `${tag}${String(value.length).padStart(2, "0")}${value}`;

/** A QRIS string for one payment: the merchant, the amount in rupiah, and the reference it pays. */
export function qrisPayload(input: {
  merchantName: string;
  city: string;
  amount: number;
  reference: string;
}): string {
  const body =
    field("00", "01") +
    // 12: dynamic (one payment), not a printed sticker.
    field("01", "12") +
    field(
      "26",
      field("00", "ID.CO.QRIS.WWW") +
        field("01", "936000000000000000") +
        field("02", "ID1026000000001") +
        field("03", "UMI"),
    ) +
    field("51", field("00", "ID.CO.QRIS.WWW") + field("02", "ID1026000000001") + field("03", "UMI")) +
    field("52", "5999") +
    field("53", "360") +
    field("54", String(input.amount)) +
    field("58", "ID") +
    field("59", input.merchantName.slice(0, 25)) +
    field("60", input.city.slice(0, 15)) +
    field("61", "10110") +
    field("62", field("01", input.reference.slice(0, 25))) +
    "6304";
  return body + crc16(body);
}
