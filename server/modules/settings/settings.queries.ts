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
