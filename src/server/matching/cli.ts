/**
 * `npm run --silent match < instance.json > result.json`: reads one instance on standard input,
 * writes one result (JSON) on standard output. A malformed instance exits with status 1 and one
 * line on standard error; an unexpected failure exits with status 2.
 */
import { runMatching } from "./engine";
import { InstanceError, prepareInstanceText } from "./instance-schema";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function main(): Promise<void> {
  const text = await readStdin();
  if (text.trim() === "") throw new InstanceError("invalid instance: standard input is empty");
  const { instance, ids } = prepareInstanceText(text);
  const result = runMatching(instance, {}, ids);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  const line = error instanceof Error ? error.message : String(error);
  process.stderr.write(`match: ${line.replace(/\s+/g, " ")}\n`);
  process.exitCode = error instanceof InstanceError ? 1 : 2;
});
