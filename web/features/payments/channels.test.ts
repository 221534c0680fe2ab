import fc from "fast-check";
import { describe, expect, it } from "vitest";
// The server's schema, to prove the page's copy of its rule agrees (a test, never in a page's JavaScript).
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { WalletPhoneSchema, type ChannelOffer } from "#common/contracts/payments.ts";
import { paymentChannels } from "#common/payment-channels.ts";
import {
  attemptPath,
  formatCountdown,
  formatWindow,
  groupDigits,
  groupOffers,
  minutesLeft,
  pollInterval,
  typedMobile,
  walletPhoneProblem,
} from "./channels.ts";

const offer = (channel: ChannelOffer["channel"], fee = 0): ChannelOffer => ({
  channel,
  fee,
  feeRule: { fixed: fee, basisPoints: 0 },
  refundable: false,
  windowMinutes: 15,
});

describe("the channels a shopper chooses from", () => {
  it("come grouped QRIS, virtual account, e-wallet, retail, each in the server's order", () => {
    const groups = groupOffers([
      offer("alfamart"),
      offer("ovo", 1_500),
      offer("va_mandiri", 4_000),
      offer("qris", 700),
      offer("va_bca", 4_000),
      offer("dana"),
    ]);
    expect(groups.map((g) => [g.kind, g.offers.map((o) => o.channel)])).toEqual([
      ["qris", ["qris"]],
      ["va", ["va_mandiri", "va_bca"]],
      ["ewallet", ["ovo", "dana"]],
      ["retail", ["alfamart"]],
    ]);
    expect(groups[1]!.offers[0]!.fee).toBe(4_000);
  });

  it("leave out a kind with nothing offered, a channel offered twice and one the page does not know", () => {
    const groups = groupOffers([
      offer("va_bni", 1),
      offer("va_bni", 2),
      {
        channel: "tokopay" as ChannelOffer["channel"],
        fee: 0,
        feeRule: { fixed: 0, basisPoints: 0 },
        refundable: true,
        windowMinutes: 15,
      },
    ]);
    expect(groups).toEqual([{ kind: "va", offers: [offer("va_bni", 1)] }]);
    expect(groupOffers([])).toEqual([]);
  });

  it("put every channel in exactly one group", () => {
    const groups = groupOffers(paymentChannels.map((c) => offer(c)));
    expect(groups.flatMap((g) => g.offers.map((o) => o.channel)).sort()).toEqual([...paymentChannels].sort());
  });
});

describe("an OVO number", () => {
  it("is taken as the server takes it: 08…, 628…, +628… or +62 8…, with spaces or dashes", () => {
    for (const phone of [
      "0812 3456 7890",
      "081234567890",
      "+6281234567890",
      "+62 812 3456 7890",
      "6281234567890",
      " 0812-3456-789 ",
    ])
      expect(walletPhoneProblem(phone), phone).toBeUndefined();
    for (const phone of [
      "",
      "0212345678",
      "812345678",
      "+62  812 3456 7890",
      "0812345",
      "0812abc34567",
      "08123456789012345",
    ])
      expect(walletPhoneProblem(phone), phone).toBe("errors.payments.phone");
  });

  it("follows WalletPhoneSchema's rule exactly, for any text", () => {
    const phoneLike = fc.oneof(
      fc.string(),
      fc
        .tuple(
          fc.constantFrom("", " ", "0", "08", "62", "628", "+62", "+628", "+6208", "8"),
          fc.array(fc.constantFrom("0", "1", "8", "9", " ", "-", "x"), { maxLength: 18 }),
          fc.constantFrom("", " "),
        )
        .map(([head, body, tail]) => head + body.join("") + tail),
    );
    fc.assert(
      fc.property(phoneLike, (phone) => {
        const serverTakes = WalletPhoneSchema.safeParse(phone).success;
        expect(walletPhoneProblem(phone) === undefined).toBe(serverTakes);
      }),
      { numRuns: 2_000 },
    );
  });

  it("is suggested from a stored mobile number as people type it", () => {
    expect(typedMobile("+6281234567890")).toBe("0812 3456 7890");
    expect(typedMobile("+628123456789")).toBe("0812 3456 789");
    expect(walletPhoneProblem(typedMobile("+6281234567890"))).toBeUndefined();
    expect(typedMobile(null)).toBe("");
    expect(typedMobile("+6221234567")).toBe("");
    expect(typedMobile("shopper@pasar.test")).toBe("");
  });
});

describe("a virtual account number", () => {
  it("reads in groups of four from the left", () => {
    expect(groupDigits("8808123456789012")).toBe("8808 1234 5678 9012");
    expect(groupDigits("88081234567890123")).toBe("8808 1234 5678 9012 3");
    expect(groupDigits("1234")).toBe("1234");
    expect(groupDigits("12345")).toBe("1234 5");
    expect(groupDigits(" 8808 1234 5678 ")).toBe("8808 1234 5678");
  });

  it("is left alone when it is not all digits (a retail code with letters)", () => {
    expect(groupDigits("PSR-AB12CD")).toBe("PSR-AB12CD");
    expect(groupDigits("")).toBe("");
  });
});

describe("the time left to pay", () => {
  it("counts down in minutes and seconds, with hours from an hour on", () => {
    expect(formatCountdown(15 * 60_000 - 1_000)).toBe("14:59");
    expect(formatCountdown(15 * 60_000 - 1)).toBe("14:59");
    expect(formatCountdown(59_000)).toBe("0:59");
    expect(formatCountdown(60 * 60_000)).toBe("1:00:00");
    expect(formatCountdown(24 * 3_600_000 - 1_000)).toBe("23:59:59");
    expect(formatCountdown(3_723_000)).toBe("1:02:03");
  });

  it("stops at 0:00 once the deadline has passed", () => {
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(-5_000)).toBe("0:00");
  });

  it("counts whole minutes up, for the OVO notification", () => {
    expect(minutesLeft(90_000)).toBe(2);
    expect(minutesLeft(60_000)).toBe(1);
    expect(minutesLeft(-1)).toBe(0);
  });
});

describe("a payment window", () => {
  it("reads in minutes, hours, hours and minutes, or whole days from two on", () => {
    const t = (key: string, params: { count: number }) => `${params.count} ${key.split(".").at(-1)}`;
    expect(formatWindow(t, 15)).toBe("15 minutes");
    expect(formatWindow(t, 60)).toBe("1 hours");
    expect(formatWindow(t, 24 * 60)).toBe("24 hours");
    expect(formatWindow(t, 90)).toBe("1 hours 30 minutes");
    expect(formatWindow(t, 3 * 24 * 60)).toBe("3 days");
    expect(formatWindow(t, 7 * 24 * 60)).toBe("7 days");
  });
});

describe("following a waiting attempt", () => {
  it("asks every 3 s at first, then less often", () => {
    expect(pollInterval(0)).toBe(3_000);
    expect(pollInterval(119_999)).toBe(3_000);
    expect(pollInterval(2 * 60_000)).toBe(5_000);
    expect(pollInterval(10 * 60_000)).toBe(10_000);
    expect(pollInterval(24 * 3_600_000)).toBe(10_000);
  });
});

describe("the answers the payment screens read", () => {
  it("link to the method screen, asking it to open the e-wallet when just chosen", () => {
    expect(attemptPath("pat_abc")).toBe("/h5/payment?id=pat_abc");
    expect(attemptPath("pat_abc", { open: true })).toBe("/h5/payment?id=pat_abc&open=1");
  });
});
