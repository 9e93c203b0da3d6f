import { build } from "vite";
import { repoRoot } from "../../src/server/repo-root";

/** Builds the client once so every story runs against the production bundle. */
export default async function setup() {
  if (process.env.E2E_SKIP_BUILD === "1") return;
  await build({ root: repoRoot, logLevel: "warn" });
}
