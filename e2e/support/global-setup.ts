import { build } from "vite";
import { repoRoot } from "../../src/server/start-server";

/** Builds the client once so every story runs against the production bundle. */
export default async function setup() {
  if (process.env.E2E_SKIP_BUILD === "1") return;
  await build({ root: repoRoot, logLevel: "warn" });
}
