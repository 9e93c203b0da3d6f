/**
 * Writes the module picture of docs/architecture.md from `npm run deps:graph` (its section "The
 * module picture"). `--check` only compares and fails when the picture differs from the code.
 */
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const root = path.resolve(import.meta.dirname, "..");
const doc = path.join(root, "docs", "architecture.md");
const block = /```mermaid\n[\s\S]*?```/;

/** Asynchronous, so that a test waiting on it keeps its worker answering. */
export async function currentPicture(): Promise<string> {
  const { stdout: graph } = await promisify(execFile)("npm", ["run", "--silent", "deps:graph"], {
    cwd: root,
    encoding: "utf8",
  });
  return `\`\`\`mermaid\n${graph.trim()}\n\`\`\``;
}

export function documentedPicture(): string {
  return readFileSync(doc, "utf8").match(block)?.[0] ?? "";
}

if (process.argv[1] === import.meta.filename) {
  const picture = await currentPicture();
  if (process.argv.includes("--check")) {
    if (picture !== documentedPicture()) {
      console.error("docs/architecture.md's module picture differs: run npm run docs:picture");
      process.exit(1);
    }
  } else {
    writeFileSync(doc, readFileSync(doc, "utf8").replace(block, picture));
  }
}
