import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Clock } from "../clock";
import { createTestApp, type TestApp } from "./test-app";
import { createTestDatabase } from "./test-database";

/**
 * The app on a database that records the SQL of every statement it runs, for the tests of one
 * file that count statements: `statements` is emptied before each test; `started` receives the
 * app (e.g. `(app) => { t = app; }`). Call once at the top of the file.
 */
export function setUpAppWithStatementLog(
  clock: Clock,
  started: (app: TestApp) => void,
): { statements: string[] } {
  const statements: string[] = [];
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase({ logQuery: (query) => statements.push(query) });
    const app = await createTestApp({ clock, database });
    close = async () => {
      await app.close();
      await database.close();
    };
    started(app);
  });
  afterAll(() => close?.());
  beforeEach(() => {
    statements.length = 0;
  });
  return { statements };
}
