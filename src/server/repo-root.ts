import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project folder (package.json, dist/, assets/): two levels above this module's folder. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
