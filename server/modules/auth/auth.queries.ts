import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "./auth.tables.ts";

export async function insertUser(db: Db, row: typeof users.$inferInsert) {
  await db.insert(users).values(row);
}

export async function selectUserIdByEmail(db: Db, email: string) {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return rows[0]?.id;
}

export async function countUsers(db: Db) {
  return db.$count(users);
}
