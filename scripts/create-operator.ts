// Creates an operator account; operators are never created by sign-up.
// Usage: npm run operator:create -- --account ops@example.id --password 'a-strong-pass1'
// Uses the same configuration as the server (DATABASE_URL, or the PGlite database in DATA_DIR).
import { parseArgs } from "node:util";
import { openDatabase } from "../server/db/client.ts";
import { createOperator } from "../server/modules/auth/auth.service.ts";
import { EnvError, parseEnv } from "../server/platform/env.ts";
import { DomainError } from "../server/platform/errors.ts";
import { serverTranslator } from "../server/platform/i18n.ts";

const { values } = parseArgs({ options: { account: { type: "string" }, password: { type: "string" } } });
if (!values.account || !values.password) {
  console.error("usage: npm run operator:create -- --account <email or +62 number> --password <password>");
  process.exit(2);
}

let env;
try {
  // Only the database settings matter here; the code channels are the server's business.
  env = parseEnv({ ...process.env, NODE_ENV: "development" });
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await database.migrate();
  const id = await createOperator(database.db, { account: values.account, password: values.password });
  console.log(`operator created: ${id} (${values.account})`);
} catch (error) {
  if (error instanceof DomainError) {
    console.error(serverTranslator("en")(error.key, error.params));
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await database.close();
}
