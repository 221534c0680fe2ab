import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { platformSettings } from "./settings.tables.ts";

export async function selectSettings(db: Db, keys: readonly string[]) {
  return db
    .select({ key: platformSettings.key, value: platformSettings.value })
    .from(platformSettings)
    .where(inArray(platformSettings.key, [...keys]));
}

export async function upsertSetting(db: Db, key: string, value: unknown, at: Date) {
  await db
    .insert(platformSettings)
    .values({ key, value, updatedAt: at })
    .onConflictDoUpdate({
      target: platformSettings.key,
      set: { value: sql`excluded.value`, updatedAt: at },
    });
}

/** One setting's stored value, its row locked until the transaction ends (an operator's change). */
export async function selectSettingForUpdate(db: Db, key: string): Promise<unknown> {
  const rows = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(inArray(platformSettings.key, [key]))
    .for("update");
  return rows[0]?.value;
}
