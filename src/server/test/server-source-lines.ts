import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The server's folder: the rule tests' paths are relative to it, with `/` between parts. */
const serverRoot = path.resolve(import.meta.dirname, "..");

/** A comment line: a name in a comment is no use of it. */
const commentLine = /^\s*(\/\/|\*|\/\*)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every source file of src/server but tests and the test helpers, as `folder/file.ts`. */
export function serverSourceFiles(): string[] {
  return sourceFiles(serverRoot).map((file) =>
    path.relative(serverRoot, file).split(path.sep).join("/"),
  );
}

/** The text of `file`, named as serverSourceFiles names it. */
export function serverSource(file: string): string {
  return readFileSync(path.join(serverRoot, file), "utf8");
}

/** The lines of `file` (as serverSourceFiles names it) that match `pattern` outside comments. */
export function linesMatching(file: string, pattern: RegExp): string[] {
  return serverSource(file)
    .split("\n")
    .flatMap((line, i) =>
      pattern.test(line) && !commentLine.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
    );
}
