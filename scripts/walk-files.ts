/**
 * Counts the files a walk passes through (docs/architecture.md, "Three walks"): the files of
 * src/server/ outside db/ and the root files reachable by import from an entry file, walking only
 * through such files, from `depcruise src/server --output-type json`. Prints the count with every
 * import and without type-only ones, and the files per top folder.
 *
 *   npx tsx scripts/walk-files.ts rounds/publish-step.ts [rounds/partner-away.ts …]
 */
import { execFileSync } from "node:child_process";
import path from "node:path";

type Dependency = { resolved: string; dependencyTypes: string[] };
type Module = { source: string; dependencies: Dependency[] };
type Edges = Map<string, { to: string; typeOnly: boolean }[]>;

const root = path.resolve(import.meta.dirname, "..");
const counted = (file: string) => /^src\/server\/(?!db\/)[^/]+\//.test(file);

function serverEdges(): Edges {
  const depcruise = path.join(root, "node_modules", ".bin", "depcruise");
  const json = execFileSync(depcruise, ["src/server", "--output-type", "json"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  const modules: Module[] = JSON.parse(json).modules;
  return new Map(
    modules.map((m) => [
      m.source,
      m.dependencies.map((d) => ({
        to: d.resolved,
        typeOnly: d.dependencyTypes.includes("type-only"),
      })),
    ]),
  );
}

/** The counted files reachable from `entry`, the entry included. */
function walk(edges: Edges, entry: string, withTypes: boolean): Set<string> {
  const seen = new Set([entry]);
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const { to, typeOnly } of edges.get(file) ?? []) {
      if ((withTypes || !typeOnly) && counted(to) && !seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  return seen;
}

function topFolders(files: Set<string>): string {
  const perFolder = new Map<string, number>();
  for (const file of files) {
    const folder = file.split("/")[2];
    perFolder.set(folder, (perFolder.get(folder) ?? 0) + 1);
  }
  const sorted = [...perFolder].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return sorted.map(([folder, n]) => `${folder} ${n}`).join(", ");
}

if (process.argv[1] === import.meta.filename) {
  const edges = serverEdges();
  for (const name of process.argv.slice(2)) {
    const entry = `src/server/${name}`;
    if (!edges.has(entry)) throw new Error(`${entry} is not a file of src/server`);
    for (const withTypes of [false, true]) {
      const files = walk(edges, entry, withTypes);
      const folders = new Set([...files].map((f) => f.split("/")[2])).size;
      const how = withTypes ? "with type-only imports" : "without type-only imports";
      console.log(`${name} ${how}: ${files.size} files in ${folders} top folders`);
      console.log(`  ${topFolders(files)}`);
    }
  }
}
