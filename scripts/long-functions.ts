/**
 * Lists functions longer than a limit (lines from the first to the last line of the function),
 * so the size rule of docs/architecture.md can be checked: `npx tsx scripts/long-functions.ts`
 * [--over 80] [--exclude folder] [--fail] [folders…]. Nested functions are counted on their own
 * and inside their parent; a test file's `describe` callbacks are not counted, its tests are.
 * `npm run lint:size` fails on any function over 120 lines.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

export type LongFunction = { file: string; line: number; name: string; lines: number };

function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText();
    const first = parent.arguments[0];
    const label = first && ts.isStringLiteralLike(first) ? ` ${JSON.stringify(first.text)}` : "";
    return `${callee.length > 40 ? `${callee.slice(0, 40)}…` : callee}(${label} callback)`;
  }
  return "(anonymous)";
}

/**
 * A `describe` callback only groups tests: its size is the sum of its tests, each counted on its
 * own, so a behaviour keeps one `describe` however many tests it has.
 */
function isDescribeCallback(node: ts.Node): boolean {
  const parent = node.parent;
  if (!ts.isCallExpression(parent) || !parent.arguments.includes(node as ts.Expression))
    return false;
  const callee = parent.expression;
  const base = ts.isCallExpression(callee) ? callee.expression : callee;
  return /^describe(\.\w+)*$/.test(base.getText());
}

export function longFunctionsInSource(file: string, text: string, over: number): LongFunction[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body && !isDescribeCallback(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > over) found.push({ file, line: start + 1, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(path: string): string[] {
  if (statSync(path).isFile()) return /\.tsx?$/.test(path) ? [path] : [];
  return readdirSync(path)
    .filter((name) => name !== "node_modules" && !name.startsWith("."))
    .flatMap((name) => sourceFiles(join(path, name)));
}

/** `--over N` (default 80), `--exclude folder` (repeatable), `--fail` (exit 1 when any is listed). */
function parseArgs(args: string[]) {
  const options = { over: 80, exclude: [] as string[], fail: false, roots: [] as string[] };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--over") options.over = Number(args[++i]);
    else if (args[i] === "--exclude") options.exclude.push(args[++i].replace(/\/$/, ""));
    else if (args[i] === "--fail") options.fail = true;
    else options.roots.push(args[i]);
  }
  return options;
}

function main(args: string[]) {
  const { over, exclude, fail, roots } = parseArgs(args);
  const excluded = (file: string) =>
    exclude.some((folder) => file === folder || file.startsWith(`${folder}/`));
  const files = (roots.length ? roots : ["src/server", "src/shared", "bench", "e2e"])
    .flatMap(sourceFiles)
    .filter((file) => !excluded(file));
  const found = files
    .flatMap((file) => longFunctionsInSource(file, readFileSync(file, "utf8"), over))
    .sort((a, b) => b.lines - a.lines);
  for (const f of found)
    console.log(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}`);
  console.log(
    `${found.length} functions over ${over} lines, ${found.filter((f) => f.lines > 120).length} over 120`,
  );
  if (fail && found.length > 0) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
