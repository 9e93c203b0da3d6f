import { loadConfig, loadDotEnv } from "../config";
import { printLine } from "../terminal";
import { openDatabase } from "./client";

loadDotEnv();
const config = loadConfig(process.env);
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.dbDir,
});
await database.migrate();
await database.close();
printLine(`Migrations applied (${database.kind}).`);
