/**
 * Lists functions longer than a limit (lines from the first to the last line of the function),
 * so the size rule of docs/contributing.md can be checked: `npx tsx scripts/long-functions.ts`
 * [--over 80] [folders…]. Nested functions are counted on their own and inside their parent.
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

export function longFunctionsInSource(file: string, text: string, over: number): LongFunction[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
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

function main(args: string[]) {
  const overAt = args.indexOf("--over");
  const over = overAt >= 0 ? Number(args[overAt + 1]) : 80;
  const roots = overAt >= 0 ? args.filter((_, i) => i !== overAt && i !== overAt + 1) : args;
  const files = (roots.length ? roots : ["src/server", "src/shared", "bench", "e2e"]).flatMap(
    sourceFiles,
  );
  const found = files
    .flatMap((file) => longFunctionsInSource(file, readFileSync(file, "utf8"), over))
    .sort((a, b) => b.lines - a.lines);
  for (const f of found)
    console.log(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}`);
  console.log(
    `${found.length} functions over ${over} lines, ${found.filter((f) => f.lines > 120).length} over 120`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
