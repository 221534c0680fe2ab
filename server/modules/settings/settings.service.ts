import {
  MoneySettingsSchema,
  type MoneySettings,
  StoredWebConfigSchema,
  type StoredWebConfig,
  type WebConfigView,
} from "#common/contracts/settings.ts";
import { formatPhone } from "#common/phone-format.ts";
import { moneySettingsDefaults, webConfigDefaults } from "#common/platform.ts";
import type { Db } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { memoPerDatabase } from "../../platform/memo.ts";
import { selectSettings, upsertSetting } from "./settings.queries.ts";

const webConfigKey = "web_config";

/** A stored path gets its leading slash (seed section 3); absolute URLs pass through. */
function withLeadingSlash(value: string): string {
  return /^(https?:)?\/\//.test(value) || value.startsWith("/") ? value : `/${value}`;
}

/**
 * The web config is read by every page and kept for 5 seconds; `updateWebConfig` forgets it, so this
 * process shows a change at once and others within 5 seconds.
 */
const keptWebConfig = memoPerDatabase<Db, WebConfigView>(5_000);

/** The platform web config: stored settings merged over the local defaults. */
export function getWebConfig(db: Db): Promise<WebConfigView> {
  return keptWebConfig.get(db, () => readWebConfig(db));
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
  keptWebConfig.forget();
}

const moneySettingsKey = "money";
const keptMoneySettings = memoPerDatabase<Db, MoneySettings>(5_000);

/** Recharge limits, withdrawal minimum and fee, payment window: stored values over the defaults. */
export function getMoneySettings(db: Db): Promise<MoneySettings> {
  return keptMoneySettings.get(db, async () => {
    const rows = await selectSettings(db, [moneySettingsKey]);
    const merged = { ...moneySettingsDefaults, ...((rows[0]?.value as object | undefined) ?? {}) };
    const parsed = MoneySettingsSchema.safeParse(merged);
    return parsed.success
      ? parsed.data
      : { ...moneySettingsDefaults, rechargePresets: [...moneySettingsDefaults.rechargePresets] };
  });
}

/** Stores money settings (operators). Fields not given keep their value; the result must be consistent. */
export async function updateMoneySettings(db: Db, patch: Partial<MoneySettings>): Promise<MoneySettings> {
  const next = MoneySettingsSchema.parse({ ...(await getMoneySettings(db)), ...patch });
  await upsertSetting(db, moneySettingsKey, next, now());
  keptMoneySettings.forget();
  return next;
}
