import type { Db } from "../db/client.ts";
import { createSandboxGateway } from "../modules/gateway/gateway.service.ts";
import type { PaymentGateway } from "../platform/payments.ts";
import { createMidtransGateway } from "./midtrans/midtrans.adapter.ts";
import { createXenditGateway } from "./xendit/xendit.adapter.ts";

/** The settings that choose the payment provider (validated in server/platform/env.ts). */
export interface PaymentSettings {
  PAYMENT_PROVIDER: "sandbox" | "midtrans" | "xendit";
  PUBLIC_URL: string;
  MIDTRANS_SERVER_KEY?: string | undefined;
  MIDTRANS_API_URL: string;
  XENDIT_SECRET_KEY?: string | undefined;
  XENDIT_CALLBACK_TOKEN?: string | undefined;
  XENDIT_API_URL: string;
}

/** The shop's payment provider, as its settings choose (decision 19): the sandbox unless told otherwise. */
export function createPaymentGateway(settings: PaymentSettings, db: Db): PaymentGateway {
  switch (settings.PAYMENT_PROVIDER) {
    case "midtrans":
      return createMidtransGateway({
        baseUrl: settings.MIDTRANS_API_URL,
        serverKey: settings.MIDTRANS_SERVER_KEY!,
      });
    case "xendit":
      return createXenditGateway({
        baseUrl: settings.XENDIT_API_URL,
        secretKey: settings.XENDIT_SECRET_KEY!,
        callbackToken: settings.XENDIT_CALLBACK_TOKEN!,
      });
    case "sandbox":
      return createSandboxGateway(db, { publicUrl: settings.PUBLIC_URL });
  }
}
