import {
  MoneySettingsSchema,
  type MoneySettings,
  CodSettingsSchema,
  type CodSettings,
  type ReturnPostage,
  ReturnPostageSchema,
  type OpsSettingsView,
  type SiteSettingsInput,
  StoredWebConfigSchema,
  type StoredWebConfig,
  type Warehouse,
  WarehouseSchema,
  type WebConfigView,
} from "#common/contracts/settings.ts";
import { formatPhone } from "#common/phone-format.ts";
import { codSettingsDefaults, moneySettingsDefaults, webConfigDefaults } from "#common/platform.ts";
import { returnPostageDefaults } from "#common/order-states.ts";
import type { Db, Tx } from "../../db/client.ts";
import { transact } from "../../db/transaction.ts";
import { now } from "../../platform/clock.ts";
import { storeSiteLogo } from "../../platform/images.ts";
import type { Logger } from "../../platform/logger.ts";
import { memoPerDatabase, type Kept } from "../../platform/memo.ts";
import type { Storage } from "../../platform/storage.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { selectSettingForUpdate, selectSettings, upsertSetting } from "./settings.queries.ts";
import { forgetEverywhere } from "../../platform/kept-sync.ts";

const webConfigKey = "web_config";

/** A stored path gets its leading slash (seed section 3); absolute URLs pass through. */
function withLeadingSlash(value: string): string {
  return /^(https?:)?\/\//.test(value) || value.startsWith("/") ? value : `/${value}`;
}

/**
 * The web config is read by every page and kept for 5 seconds; `updateWebConfig` forgets it, so this
 * process shows a change at once and others within 5 seconds.
 */
const keptWebConfig = memoPerDatabase<Db, WebConfigView>("settings.webConfig", 5_000);

/** The platform web config: stored settings merged over the local defaults. */
export function getWebConfig(db: Db): Promise<WebConfigView> {
  return keptWebConfig.get(db, (primary) => readWebConfig(primary));
}

async function readWebConfig(db: Db): Promise<WebConfigView> {
  const rows = await selectSettings(db, [webConfigKey]);
  const parsed = StoredWebConfigSchema.safeParse(rows[0]?.value ?? {});
  const stored: StoredWebConfig = parsed.success ? parsed.data : {};
  const { supportWhatsapp, supportEmail, ...rest } = stored;
  const merged = { ...webConfigDefaults, ...rest };
  return {
    ...merged,
    support: {
      whatsapp: supportWhatsapp ?? null,
      whatsappText: supportWhatsapp ? formatPhone(supportWhatsapp) : null,
      email: supportEmail ?? null,
    },
    logo: withLeadingSlash(merged.logo),
    favicon: withLeadingSlash(merged.favicon),
    shareImage: withLeadingSlash(merged.shareImage),
    categoryIds: { ...webConfigDefaults.categoryIds },
    locale: webConfigDefaults.locale,
  };
}

/** Stores web config fields (operators; the seed). Fields not given keep their stored value. */
export async function updateWebConfig(db: Db, patch: StoredWebConfig): Promise<void> {
  const clean = StoredWebConfigSchema.parse(patch);
  const rows = await selectSettings(db, [webConfigKey]);
  const current = StoredWebConfigSchema.safeParse(rows[0]?.value ?? {});
  await upsertSetting(db, webConfigKey, { ...(current.success ? current.data : {}), ...clean }, now());
  await forgetEverywhere(db, keptWebConfig);
}

const warehouseKey = "warehouse";
const keptWarehouse = memoPerDatabase<Db, Warehouse>("settings.warehouse", 5_000);

/**
 * The platform's warehouse until an operator sets it: a dropship warehouse in the Pulogadung industrial estate,
 * East Jakarta, where Jakarta's couriers all have hubs.
 */
export const warehouseDefaults: Warehouse = {
  name: "Gudang Pasar",
  phone: "+62214600000",
  provinceCode: "31",
  regencyCode: "31.75",
  districtCode: "31.75.06",
  villageCode: "31.75.06.1002",
  area: "Rawa Terate, Cakung, Kota Administrasi Jakarta Timur, DKI Jakarta",
  postcode: "13920",
  detail: "Kawasan Industri Pulogadung, Jl. Rawa Gelam V Blok L No. 8",
};

/** Where every parcel leaves from (issue 27): the stored warehouse, else the default one. */
export function getWarehouse(db: Db): Promise<Warehouse> {
  return keptWarehouse.get(db, async (primary) => {
    const rows = await selectSettings(primary, [warehouseKey]);
    return warehouseOf(rows[0]?.value);
  });
}

/** The stored warehouse, else the default one. */
function warehouseOf(stored: unknown): Warehouse {
  const parsed = WarehouseSchema.safeParse(stored);
  return parsed.success ? parsed.data : warehouseDefaults;
}

const returnPostageKey = "return_postage";

/** Who pays return postage for each reason: the stored choice, else the defaults. */
function returnPostageOf(stored: unknown): ReturnPostage {
  const parsed = ReturnPostageSchema.safeParse({ ...returnPostageDefaults, ...(stored as object) });
  return parsed.success ? parsed.data : { ...returnPostageDefaults };
}

/** Who pays return postage, by reason (read when a return is approved; not kept: approvals are rare). */
export async function getReturnPostage(db: Db | Tx): Promise<ReturnPostage> {
  const rows = await selectSettings(db as Db, [returnPostageKey]);
  return returnPostageOf(rows[0]?.value);
}

const moneySettingsKey = "money";
const keptMoneySettings = memoPerDatabase<Db, MoneySettings>("settings.money", 5_000);

/** Recharge limits, withdrawal minimum and fee, payment window: stored values over the defaults. */
export function getMoneySettings(db: Db): Promise<MoneySettings> {
  return keptMoneySettings.get(db, async (primary) => {
    const rows = await selectSettings(primary, [moneySettingsKey]);
    return moneySettingsOf(rows[0]?.value);
  });
}

/**
 * Money settings saved before rates were basis points kept VAT as `vatPercent` (a number that could be
 * fractional): read as basis points, rounded to the nearest one.
 */
function upgradeStored(stored: unknown): object {
  if (!stored || typeof stored !== "object") return {};
  const { vatPercent, ...rest } = stored as { vatPercent?: unknown } & Record<string, unknown>;
  if (typeof vatPercent === "number" && rest.vatBasisPoints === undefined) {
    return { ...rest, vatBasisPoints: Math.round(vatPercent * 100) };
  }
  return rest;
}

/** Stored money settings over the defaults; the defaults alone when what is stored is not consistent. */
function moneySettingsOf(stored: unknown): MoneySettings {
  const merged = { ...moneySettingsDefaults, ...upgradeStored(stored) };
  const parsed = MoneySettingsSchema.safeParse(merged);
  return parsed.success
    ? parsed.data
    : {
        ...moneySettingsDefaults,
        rechargePresets: [...moneySettingsDefaults.rechargePresets],
        channelFees: {},
      };
}

const codSettingsKey = "cod";
const keptCodSettings = memoPerDatabase<Db, CodSettings>("settings.cod", 5_000);

/** Cash on delivery as the operator set it (issue 27), over the defaults. */
export function getCodSettings(db: Db): Promise<CodSettings> {
  return keptCodSettings.get(db, async (primary) => {
    const rows = await selectSettings(primary, [codSettingsKey]);
    return codSettingsOf(rows[0]?.value);
  });
}

/** Stored cash-on-delivery settings over the defaults; the defaults alone when what is stored is not valid. */
function codSettingsOf(stored: unknown): CodSettings {
  const parsed = CodSettingsSchema.safeParse({
    ...codSettingsDefaults,
    ...(stored && typeof stored === "object" ? stored : {}),
  });
  return parsed.success ? parsed.data : { ...codSettingsDefaults };
}

// ------------------------------------------------------------------------------------------- operators
//
// Every change an operator makes is written with its audit row in one transaction (the setting's row locked,
// so two operators saving at once save one after the other), and the kept copy of this process is forgotten
// once it has committed: the next page this process renders shows it. Other processes follow within the
// 5 seconds they keep it, and a page kept for signed-out visitors within PAGE_CACHE_MS (decision 0009).

const storedWebConfigOf = (value: unknown): StoredWebConfig => {
  const parsed = StoredWebConfigSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
};

/** The fields whose values differ, as the audit's before and after. */
function changes<T extends object>(before: T, after: T, keys: readonly (keyof T)[]) {
  const changed = keys.filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
  const pick = (from: T) => Object.fromEntries(changed.map((k) => [k, from[k] ?? null]));
  return { changed: changed.length > 0, before: pick(before), after: pick(after) };
}

/** What the operator's settings page edits, read from the database (not the kept copy). */
export async function getOpsSettings(db: Db): Promise<OpsSettingsView> {
  const rows = await selectSettings(db, [
    webConfigKey,
    moneySettingsKey,
    warehouseKey,
    codSettingsKey,
    returnPostageKey,
  ]);
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  const stored = storedWebConfigOf(value(webConfigKey));
  const logo = withLeadingSlash(stored.logo ?? webConfigDefaults.logo);
  return {
    site: {
      title: stored.title ?? webConfigDefaults.title,
      desc: stored.desc ?? webConfigDefaults.desc,
      logo,
      customLogo: logo !== webConfigDefaults.logo,
      favicon: withLeadingSlash(stored.favicon ?? webConfigDefaults.favicon),
      supportWhatsapp: stored.supportWhatsapp ?? null,
      supportEmail: stored.supportEmail ?? null,
    },
    money: moneySettingsOf(value(moneySettingsKey)),
    warehouse: warehouseOf(value(warehouseKey)),
    cod: codSettingsOf(value(codSettingsKey)),
    returnPostage: returnPostageOf(value(returnPostageKey)),
  };
}

/** Changes the stored web config in the operator's transaction, audited with the fields that changed. */
async function changeWebConfig(
  db: Db,
  operatorId: string,
  action: string,
  change: (current: StoredWebConfig) => StoredWebConfig,
): Promise<void> {
  await transact(db, async (tx: Tx) => {
    const current = storedWebConfigOf(await selectSettingForUpdate(tx, webConfigKey));
    const next = StoredWebConfigSchema.parse(change(current));
    const diff = changes(current, next, StoredWebConfigSchema.keyof().options);
    if (!diff.changed) return;
    await upsertSetting(tx, webConfigKey, next, now());
    await recordAudit(tx, {
      actorId: operatorId,
      action,
      subject: { type: "settings", id: webConfigKey },
      before: diff.before,
      after: diff.after,
    });
  });
  await forgetEverywhere(db, keptWebConfig);
}

/** The site's title, description and support contacts (an operator); an empty contact is removed. */
export async function updateSiteSettings(
  db: Db,
  operatorId: string,
  input: SiteSettingsInput,
): Promise<OpsSettingsView> {
  await changeWebConfig(db, operatorId, "settings.site", (current) => {
    const { supportWhatsapp: _w, supportEmail: _e, ...rest } = current;
    return {
      ...rest,
      title: input.title,
      desc: input.desc,
      ...(input.supportWhatsapp ? { supportWhatsapp: input.supportWhatsapp } : {}),
      ...(input.supportEmail ? { supportEmail: input.supportEmail } : {}),
    };
  });
  return getOpsSettings(db);
}

/**
 * A new site logo (an operator): stored as a square PNG, it becomes the web config's logo and share image,
 * and its small size the favicon, so the browser tab and link previews show it too.
 */
export async function updateSiteLogo(
  deps: { db: Db; storage: Storage; log: Logger },
  operatorId: string,
  file: Blob,
): Promise<OpsSettingsView> {
  const files = await storeSiteLogo(deps, file);
  await changeWebConfig(deps.db, operatorId, "settings.logo", (current) => ({
    ...current,
    logo: files.logo,
    favicon: files.favicon,
    shareImage: files.logo,
  }));
  return getOpsSettings(deps.db);
}

/** Back to the shop's own logo, favicon and share image (an operator). */
export async function resetSiteLogo(db: Db, operatorId: string): Promise<OpsSettingsView> {
  await changeWebConfig(db, operatorId, "settings.logo", (current) => {
    const { logo: _l, favicon: _f, shareImage: _s, ...rest } = current;
    return rest;
  });
  return getOpsSettings(db);
}

/**
 * Saves one stored setting (an operator): the stored value read under its row lock, the new one checked by its
 * schema, and, when anything differs, written with its audit row (the fields that changed) in one transaction;
 * then this process's kept copy, if any, is forgotten.
 */
async function changeSetting<T extends object>(
  db: Db,
  operatorId: string,
  setting: {
    key: string;
    action: string;
    read: (stored: unknown) => T;
    parse: (input: unknown) => T;
    fields: readonly (keyof T)[];
    kept?: Kept;
  },
  input: T,
): Promise<OpsSettingsView> {
  await transact(db, async (tx: Tx) => {
    const current = setting.read(await selectSettingForUpdate(tx, setting.key));
    const next = setting.parse(input);
    const diff = changes(current, next, setting.fields);
    if (!diff.changed) return;
    await upsertSetting(tx, setting.key, next, now());
    await recordAudit(tx, {
      actorId: operatorId,
      action: setting.action,
      subject: { type: "settings", id: setting.key },
      before: diff.before,
      after: diff.after,
    });
  });
  if (setting.kept) await forgetEverywhere(db, setting.kept);
  return getOpsSettings(db);
}

/**
 * Every money setting at once (an operator), audited with the values that changed. Orders placed from now
 * on use the new fees and windows; orders already placed keep theirs.
 */
export async function updateMoneySettingsByOperator(
  db: Db,
  operatorId: string,
  input: MoneySettings,
): Promise<OpsSettingsView> {
  return changeSetting(
    db,
    operatorId,
    {
      key: moneySettingsKey,
      action: "settings.money",
      read: moneySettingsOf,
      parse: (value) => MoneySettingsSchema.parse(value),
      fields: Object.keys(moneySettingsDefaults) as (keyof MoneySettings)[],
      kept: keptMoneySettings,
    },
    input,
  );
}

/**
 * The warehouse every parcel leaves from (an operator), its area names already found from its codes; audited
 * with the fields that changed. Checkouts from then on quote from its zone; orders already placed keep their
 * postage.
 */
export async function updateWarehouse(
  db: Db,
  operatorId: string,
  input: Warehouse,
): Promise<OpsSettingsView> {
  return changeSetting(
    db,
    operatorId,
    {
      key: warehouseKey,
      action: "settings.warehouse",
      read: warehouseOf,
      parse: (value) => WarehouseSchema.parse(value),
      fields: WarehouseSchema.keyof().options,
      kept: keptWarehouse,
    },
    input,
  );
}

/**
 * Cash on delivery (an operator): whether it is offered, its fee and cap, who qualifies, who pays a refused
 * parcel's way back; audited with the fields that changed. Checkouts from then on follow it; orders placed
 * keep the fee they were placed with.
 */
export async function updateCodSettings(
  db: Db,
  operatorId: string,
  input: CodSettings,
): Promise<OpsSettingsView> {
  return changeSetting(
    db,
    operatorId,
    {
      key: codSettingsKey,
      action: "settings.cod",
      read: codSettingsOf,
      parse: (value) => CodSettingsSchema.parse(value),
      fields: CodSettingsSchema.keyof().options,
      kept: keptCodSettings,
    },
    input,
  );
}

/**
 * Who pays return postage for each reason (an operator), audited with the reasons that changed. Returns
 * approved from then on follow it; a return already approved keeps its payer.
 */
export async function updateReturnPostage(
  db: Db,
  operatorId: string,
  input: ReturnPostage,
): Promise<OpsSettingsView> {
  return changeSetting(
    db,
    operatorId,
    {
      key: returnPostageKey,
      action: "settings.returnPostage",
      read: returnPostageOf,
      parse: (value) => ReturnPostageSchema.parse(value),
      fields: ReturnPostageSchema.keyof().options,
    },
    input,
  );
}
