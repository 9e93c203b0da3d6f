/**
 * `npm run --silent match < instance.json > result.json`: reads one instance on standard input,
 * writes one result (JSON) on standard output. A malformed instance exits with status 1 and one
 * line on standard error; an unexpected failure exits with status 2.
 */
import { fstatSync, readFileSync } from "node:fs";
import { runMatching } from "./engine";
import { readInstanceFast } from "./instance-fast-read";
import { InstanceError, prepareInstanceText } from "./instance-schema";

function isFile(fd: number): boolean {
  try {
    return fstatSync(fd).isFile();
  } catch {
    return false;
  }
}

/** Standard input's bytes: a redirected file in one read, a pipe chunk by chunk. */
async function readStdin(): Promise<Buffer> {
  if (isFile(0)) return readFileSync(0);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function main(): Promise<void> {
  const bytes = await readStdin();
  // The plain form of a valid instance is read without JSON.parse of its history; anything
  // else (and every error's wording) takes the usual way (instance-fast-read.ts).
  let prepared = readInstanceFast(bytes);
  if (prepared === null) {
    const text = bytes.toString("utf8");
    if (text.trim() === "") throw new InstanceError("invalid instance: standard input is empty");
    prepared = prepareInstanceText(text);
  }
  const result = runMatching(prepared.instance, {}, prepared.ids);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  const line = error instanceof Error ? error.message : String(error);
  process.stderr.write(`match: ${line.replace(/\s+/g, " ")}\n`);
  process.exitCode = error instanceof InstanceError ? 1 : 2;
});
