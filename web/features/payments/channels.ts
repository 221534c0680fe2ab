// The payment screens' rules without React or zod: how channels are grouped, what an OVO number may be, how
// numbers and times read. The channel picker ships with checkout, so nothing here may grow heavy.
import type { ChannelOffer } from "#common/contracts/payments.ts";
import {
  channelKinds,
  isPaymentChannel,
  walletPhonePattern,
  type ChannelKind,
} from "#common/payment-channels.ts";

/** The groups in the order a shopper meets them: scan, transfer, e-wallet, cash at the till. */
export const kindOrder: readonly ChannelKind[] = ["qris", "va", "ewallet", "retail"];

export interface ChannelGroup {
  kind: ChannelKind;
  offers: ChannelOffer[];
}

/**
 * The offers by kind, in `kindOrder`; within a group in the server's order. A kind with no offer is left out,
 * and a channel offered twice is shown once (its first offer).
 */
export function groupOffers(offers: readonly ChannelOffer[]): ChannelGroup[] {
  const seen = new Set<string>();
  const byKind = new Map<ChannelKind, ChannelOffer[]>();
  for (const offer of offers) {
    if (!isPaymentChannel(offer.channel) || seen.has(offer.channel)) continue;
    seen.add(offer.channel);
    const kind = channelKinds[offer.channel];
    byKind.set(kind, [...(byKind.get(kind) ?? []), offer]);
  }
  return kindOrder.flatMap((kind) => {
    const group = byKind.get(kind);
    return group ? [{ kind, offers: group }] : [];
  });
}

/** The translation key of what is wrong with an OVO number as typed, or undefined when the server takes it. */
export function walletPhoneProblem(phone: string): "errors.payments.phone" | undefined {
  return walletPhonePattern.test(phone.trim()) ? undefined : "errors.payments.phone";
}

/** A stored mobile number (E.164, "+6281234567890") as people type it: "0812 3456 7890"; "" for none. */
export function typedMobile(e164: string | null | undefined): string {
  const match = /^\+62(8\d{7,13})$/.exec(e164?.trim() ?? "");
  if (!match) return "";
  const national = `0${match[1]}`;
  return [national.slice(0, 4), national.slice(4, 8), national.slice(8)].filter(Boolean).join(" ");
}

/**
 * A number to read aloud or type into a bank's app, in groups of four from the left: "8808 1234 5678 9012".
 * Anything that is not all digits (a code with letters) is only trimmed.
 */
export function groupDigits(value: string, size = 4): string {
  const digits = value.replace(/\s+/g, "");
  if (!/^\d+$/.test(digits)) return value.trim();
  return digits.replace(new RegExp(`(\\d{${size}})(?=\\d)`, "g"), "$1 ");
}

/** The time left as a countdown reads it: "14:59", "1:02:03" from an hour on; never below "0:00". */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${ss}` : `${minutes}:${ss}`;
}

/**
 * A payment window as a shopper reads it: "15 menit", "24 jam", "1 jam 30 menit", "3 hari" (whole days from
 * two on). `t` is the translator (the plural keys `payments.window.*`).
 */
export function formatWindow(
  t: (
    key: "payments.window.minutes" | "payments.window.hours" | "payments.window.days",
    params: { count: number },
  ) => string,
  minutes: number,
): string {
  if (minutes >= 2 * 24 * 60 && minutes % (24 * 60) === 0) {
    return t("payments.window.days", { count: minutes / (24 * 60) });
  }
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t("payments.window.minutes", { count: rest });
  const h = t("payments.window.hours", { count: hours });
  return rest === 0 ? h : `${h} ${t("payments.window.minutes", { count: rest })}`;
}

/** Whole minutes left, rounded up (a minute and a half is "2 minutes"); 0 once past. */
export function minutesLeft(ms: number): number {
  return Math.max(0, Math.ceil(ms / 60_000));
}

/**
 * How often a waiting attempt's status is asked, by how long the screen has been waiting: every 3 s for the
 * first 2 minutes (a QRIS or e-wallet payment lands within seconds), then every 5 s, and every 10 s after 10
 * minutes (a transfer at an ATM or a till takes a while).
 */
export function pollInterval(waitedMs: number): number {
  if (waitedMs < 2 * 60_000) return 3_000;
  if (waitedMs < 10 * 60_000) return 5_000;
  return 10_000;
}

/** The method screen of an attempt; `open` asks it to open the e-wallet once (just chosen). */
export function attemptPath(attemptId: string, options: { open?: boolean } = {}): string {
  return `/h5/payment?id=${encodeURIComponent(attemptId)}${options.open ? "&open=1" : ""}`;
}
