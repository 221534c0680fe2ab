// What the method screen shows for each kind of action: how to pay this attempt, step by step.
import { useState } from "react";
import { BellRing, Download, ExternalLink } from "lucide-react";
import type { AttemptView, PaymentActionView } from "#common/contracts/payments.ts";
import { channelNames } from "#common/payment-channels.ts";
import { buttonLink } from "../../ui/card.tsx";
import { formatRupiah } from "../../lib/format.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { groupDigits, minutesLeft, typedMobile } from "./channels.ts";
import { CopyButton, type CopyState } from "./copy.tsx";
import { Countdown, useNow } from "./countdown.tsx";
import { Disclosure, Steps } from "./guide.tsx";

type Action<T extends PaymentActionView["type"]> = Extract<PaymentActionView, { type: T }>;

/** A figure to copy: its label, the figure large, and its copy button. */
function CopyRow(props: {
  copy: CopyState;
  id: string;
  label: string;
  shown: string;
  text: string;
  large?: boolean;
}) {
  return (
    <div className="mt-3 first:mt-0">
      <dt className="text-sm text-gray-700 dark:text-gray-300">{props.label}</dt>
      <dd className="mt-0.5 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <span
          className={`font-mono font-bold tracking-wide break-all tabular-nums ${props.large ? "text-2xl" : "text-xl"}`}
        >
          {props.shown}
        </span>
        <CopyButton state={props.copy} id={props.id} text={props.text} label={props.label} />
      </dd>
    </div>
  );
}

// ------------------------------------------------------------------------------------------------------ QRIS

/** The apps that pay QRIS, as their users know them (brands are not translated). */
const qrisWallets = ["GoPay", "OVO", "DANA", "ShopeePay", "LinkAja"] as const;
const qrisBanks = ["BCA mobile", "Livin' by Mandiri", "BRImo", "wondr by BNI"] as const;

/** The QR as an image: the server's SVG in a data URL (no markup of it enters the page). */
function qrDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Draws the QR on a white canvas with a quiet zone and saves it as a PNG (for paying from this phone). */
async function downloadQr(svg: string, fileName: string): Promise<void> {
  const image = new Image();
  image.src = qrDataUrl(svg);
  await image.decode();
  const size = 960;
  const margin = 80;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = size + 2 * margin;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no canvas");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingEnabled = false;
  context.drawImage(image, margin, margin, size, size);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  if (!blob) throw new Error("no png");
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function QrisPanel(props: { attempt: AttemptView; action: Action<"qr"> }) {
  const { t } = useI18n();
  const [failed, setFailed] = useState(false);
  const amount = formatRupiah(props.attempt.amount);
  return (
    <>
      <p className="text-center text-sm">{t("payments.qris.howTo")}</p>
      {/* White all round, dark theme too: a scanner needs the quiet zone. */}
      <div className="mx-auto mt-3 w-full max-w-72 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-700">
        <img
          src={qrDataUrl(props.action.qrSvg)}
          alt={t("payments.qris.alt", { amount })}
          width={256}
          height={256}
          className="block aspect-square h-auto w-full"
        />
      </div>
      <p className="mt-3 text-center text-2xl font-bold tabular-nums">{amount}</p>
      <Countdown expiresAt={props.attempt.expiresAt} />
      <button
        type="button"
        onClick={() => {
          setFailed(false);
          downloadQr(props.action.qrSvg, `pasar-qris-${props.attempt.id}.png`).catch(() => setFailed(true));
        }}
        className={`${buttonLink("secondary")} mt-4 w-full`}
      >
        <Download className="size-5" aria-hidden="true" />
        {t("payments.qris.download")}
      </button>
      <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">{t("payments.qris.downloadHint")}</p>
      {failed && (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {t("payments.qris.downloadFailed")}
        </p>
      )}
      <h2 className="mt-5 font-semibold">{t("payments.qris.apps")}</h2>
      <ul className="mt-2 flex flex-wrap gap-2 text-sm">
        {[...qrisWallets, ...qrisBanks].map((app) => (
          <li key={app} className="rounded-full bg-gray-100 px-3 py-1 dark:bg-gray-800">
            {app}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{t("payments.qris.otherApps")}</p>
    </>
  );
}

// ------------------------------------------------------------------------------------------ virtual account

type Bank = Action<"va">["bank"];

/** Each bank's short name and its transfer code (for a transfer from another bank). */
const banks: Record<Bank, { name: string; code: string; fromOtherBanks: boolean }> = {
  bca: { name: "BCA", code: "014", fromOtherBanks: false },
  bni: { name: "BNI", code: "009", fromOtherBanks: true },
  bri: { name: "BRI", code: "002", fromOtherBanks: true },
  mandiri: { name: "Mandiri", code: "008", fromOtherBanks: false },
  permata: { name: "Permata", code: "013", fromOtherBanks: true },
};

/** The ways to pay each bank's virtual account: its ATM, its mobile app, its internet banking. */
const vaGuides = {
  bca: ["payments.va.guides.bca.atm", "payments.va.guides.bca.mobile", "payments.va.guides.bca.internet"],
  bni: ["payments.va.guides.bni.atm", "payments.va.guides.bni.mobile", "payments.va.guides.bni.internet"],
  bri: ["payments.va.guides.bri.atm", "payments.va.guides.bri.mobile", "payments.va.guides.bri.internet"],
  mandiri: ["payments.va.guides.mandiri.atm", "payments.va.guides.mandiri.mobile"],
  /** Mandiri's bill payment: a company (biller) code, then the bill key. */
  mandiriBiller: ["payments.va.guides.mandiri.atmBiller", "payments.va.guides.mandiri.mobileBiller"],
  permata: [
    "payments.va.guides.permata.atm",
    "payments.va.guides.permata.mobile",
    "payments.va.guides.permata.internet",
  ],
} as const;

export function VaPanel(props: { attempt: AttemptView; action: Action<"va">; copy: CopyState }) {
  const { t } = useI18n();
  const { action, attempt, copy } = props;
  const bank = banks[action.bank];
  const biller = action.billerCode;
  const number = action.accountNumber.replace(/\s+/g, "");
  const amount = formatRupiah(attempt.amount);
  const params = { number, amount, biller: biller ?? "", bank: bank.name, code: bank.code };
  const guides = action.bank === "mandiri" && biller ? vaGuides.mandiriBiller : vaGuides[action.bank];
  return (
    <>
      <dl>
        {biller && (
          <CopyRow copy={copy} id="biller" label={t("payments.va.billerCode")} shown={biller} text={biller} />
        )}
        <CopyRow
          copy={copy}
          id="number"
          label={t(biller ? "payments.va.billKey" : "payments.va.number")}
          shown={groupDigits(number)}
          text={number}
          large
        />
        <CopyRow
          copy={copy}
          id="amount"
          label={t("payments.va.amount")}
          shown={amount}
          text={String(attempt.amount)}
        />
      </dl>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{t("payments.va.exact")}</p>
      <Countdown expiresAt={attempt.expiresAt} />
      <h2 className="mt-5 font-semibold">{t("payments.screen.howTo")}</h2>
      <div className="mt-1">
        {guides.map((key) => (
          <Disclosure key={key} title={t(`${key}.title`)}>
            <Steps text={t(`${key}.steps`, params)} />
          </Disclosure>
        ))}
        {bank.fromOtherBanks && (
          <Disclosure title={t("payments.va.guides.otherBank.title")}>
            <Steps text={t("payments.va.guides.otherBank.steps", params)} />
          </Disclosure>
        )}
      </div>
    </>
  );
}

// ------------------------------------------------------------------------------------------------- e-wallet

/** The address to open a redirect e-wallet at: its app's deeplink on a phone, its web page elsewhere. */
export function walletTarget(action: Action<"redirect">, phone: boolean): string {
  return (phone && action.mobileUrl) || action.url;
}

export function RedirectPanel(props: { attempt: AttemptView; action: Action<"redirect">; phone: boolean }) {
  const { t } = useI18n();
  const name = channelNames[props.attempt.channel];
  return (
    <>
      <p className="text-sm">{t("payments.ewallet.howTo", { name })}</p>
      <p className="mt-3 text-center text-2xl font-bold tabular-nums">{formatRupiah(props.attempt.amount)}</p>
      <a href={walletTarget(props.action, props.phone)} className={`${buttonLink("primary")} mt-4 w-full`}>
        <ExternalLink className="size-5" aria-hidden="true" />
        {t("payments.ewallet.open", { name })}
      </a>
      <Countdown expiresAt={props.attempt.expiresAt} />
      <div className="mt-4">
        <Disclosure title={t("payments.ewallet.notOpened")}>
          <Steps text={t("payments.ewallet.notOpenedSteps", { name })} />
          <a
            href={props.action.url}
            target="_blank"
            rel="noopener"
            className="mt-3 inline-flex min-h-11 items-center gap-1.5 font-semibold text-primary-800 underline dark:text-primary-300"
          >
            {t("payments.ewallet.openInBrowser", { name })}
          </a>
        </Disclosure>
      </div>
    </>
  );
}

export function PushPanel(props: { attempt: AttemptView; action: Action<"push"> }) {
  const { t } = useI18n();
  const now = useNow();
  const phone = typedMobile(props.action.phone) || props.action.phone;
  return (
    <>
      <div className="flex items-start gap-3">
        <BellRing
          className="mt-0.5 size-6 shrink-0 text-primary-700 dark:text-primary-400"
          aria-hidden="true"
        />
        <div>
          <p className="font-medium">{t("payments.ewallet.push", { phone })}</p>
          {now !== null && (
            <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
              {t("payments.ewallet.pushWithin", {
                count: Math.max(1, minutesLeft(props.attempt.expiresAt.getTime() - now)),
              })}
            </p>
          )}
        </div>
      </div>
      <p className="mt-3 text-center text-2xl font-bold tabular-nums">{formatRupiah(props.attempt.amount)}</p>
      <Countdown expiresAt={props.attempt.expiresAt} />
      <div className="mt-4">
        <Disclosure title={t("payments.ewallet.noPush")}>
          <Steps text={t("payments.ewallet.noPushSteps", { phone })} />
        </Disclosure>
      </div>
    </>
  );
}

// --------------------------------------------------------------------------------------------------- retail

const outletNames: Record<Action<"code">["outlet"], string> = {
  alfamart: "Alfamart",
  indomaret: "Indomaret",
};

export function RetailPanel(props: { attempt: AttemptView; action: Action<"code">; copy: CopyState }) {
  const { t } = useI18n();
  const outlet = outletNames[props.action.outlet];
  const amount = formatRupiah(props.attempt.amount);
  const code = props.action.paymentCode;
  return (
    <>
      <dl>
        <CopyRow
          copy={props.copy}
          id="code"
          label={t("payments.retail.code")}
          shown={groupDigits(code)}
          text={code}
          large
        />
        <div className="mt-3">
          <dt className="text-sm text-gray-700 dark:text-gray-300">{t("payments.retail.amount")}</dt>
          <dd className="mt-0.5 text-xl font-bold tabular-nums">{amount}</dd>
        </div>
      </dl>
      <p className="mt-3 rounded-lg bg-gray-100 px-3 py-2 text-sm dark:bg-gray-800">
        {t("payments.retail.tell", { outlet })}
      </p>
      <Countdown expiresAt={props.attempt.expiresAt} />
      <h2 className="mt-5 font-semibold">{t("payments.retail.stepsTitle", { outlet })}</h2>
      <Steps className="mt-2" text={t("payments.retail.steps", { outlet, code, amount })} />
    </>
  );
}
