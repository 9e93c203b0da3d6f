import { ensureAdmin } from "./auth/ensure-admin";
import { generatePassword } from "./auth/password";
import { loadConfig, loadDotEnv } from "./config";
import { openDatabase } from "./db/client";
import { printError, printLine } from "./terminal";

const [command, email] = process.argv.slice(2);
if (command !== "create" || !email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
  printError("Usage: npm run admin -- create EMAIL");
  process.exit(2);
}
loadDotEnv();
const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dbDir });
try {
  await database.migrate();
  const password = generatePassword();
  const result = await ensureAdmin(database.db, email, password);
  const ended = !result.created && result.passwordChanged ? "; its sessions were ended" : "";
  printLine(
    `${result.created ? "Created" : "Updated"} admin ${email.trim().toLowerCase()}${ended}`,
  );
  printLine(`Password (shown once): ${password}`);
} finally {
  await database.close();
}
