/**
 * Indonesian banks a withdrawal can be paid to, by their BI codes, with the account number lengths each
 * issues (digits only). Zod-free: the bank card form imports it.
 */
export interface Bank {
  code: string;
  name: string;
  /** Allowed account number lengths, in digits. */
  lengths: readonly number[];
}

export const banks: readonly Bank[] = [
  { code: "014", name: "BCA", lengths: [10] },
  { code: "008", name: "Bank Mandiri", lengths: [13] },
  { code: "002", name: "BRI", lengths: [15] },
  { code: "009", name: "BNI", lengths: [10] },
  { code: "451", name: "BSI (Bank Syariah Indonesia)", lengths: [10] },
  { code: "022", name: "CIMB Niaga", lengths: [12, 13, 14] },
  { code: "013", name: "Bank Permata", lengths: [10] },
  { code: "011", name: "Bank Danamon", lengths: [10, 12] },
  { code: "200", name: "BTN", lengths: [16] },
  { code: "028", name: "OCBC NISP", lengths: [12] },
  { code: "016", name: "Maybank Indonesia", lengths: [10, 11] },
  { code: "019", name: "Panin Bank", lengths: [10] },
  { code: "213", name: "Bank SMBC Indonesia (Jenius)", lengths: [11, 12] },
  { code: "542", name: "Bank Jago", lengths: [12] },
  { code: "535", name: "SeaBank", lengths: [12] },
  { code: "426", name: "Bank Mega", lengths: [15] },
  { code: "153", name: "Bank Sinarmas", lengths: [10] },
  { code: "111", name: "Bank DKI", lengths: [11] },
  { code: "110", name: "Bank BJB", lengths: [13] },
  { code: "490", name: "Bank Neo Commerce", lengths: [12] },
];

export function bankByCode(code: string): Bank | undefined {
  return banks.find((b) => b.code === code);
}

/** Whether an account number fits the bank: digits only, one of its lengths. */
export function validAccountNumber(bank: Bank, number: string): boolean {
  return /^\d+$/.test(number) && bank.lengths.includes(number.length);
}

/** An account number as screens show it: only the last four digits ("•••• 7890"). */
export function maskAccountNumber(number: string): string {
  return `•••• ${number.slice(-4)}`;
}
