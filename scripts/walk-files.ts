/**
 * Counts the files a walk passes through (docs/architecture.md, "Three walks"): the files of
 * src/server/ outside db/ and the root files reachable by import from an entry file, walking only
 * through such files, from `depcruise src/server --output-type json`. Prints the count without
 * type-only and dynamic imports (what loading the entry loads), with type-only ones, and with
 * both (what a kind's `render` loads with `import()` when the worker delivers), and the files per
 * top folder.
 *
 *   npx tsx scripts/walk-files.ts rounds/publish-step.ts [rounds/partner-away.ts …]
 */
import { execFileSync } from "node:child_process";
import path from "node:path";

type Dependency = { resolved: string; dependencyTypes: string[] };
type Module = { source: string; dependencies: Dependency[] };
type Edges = Map<string, { to: string; typeOnly: boolean; dynamic: boolean }[]>;
/** Which imports a walk follows besides the static ones of code. */
type Following = { typeOnly: boolean; dynamic: boolean };

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
        dynamic: d.dependencyTypes.includes("dynamic-import"),
      })),
    ]),
  );
}

/** The counted files reachable from `entry`, the entry included. */
function walk(edges: Edges, entry: string, following: Following): Set<string> {
  const seen = new Set([entry]);
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const { to, typeOnly, dynamic } of edges.get(file) ?? []) {
      const followed = (following.typeOnly || !typeOnly) && (following.dynamic || !dynamic);
      if (followed && counted(to) && !seen.has(to)) {
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

const walks: [string, Following][] = [
  ["without type-only and dynamic imports", { typeOnly: false, dynamic: false }],
  ["with type-only imports", { typeOnly: true, dynamic: false }],
  ["with type-only and dynamic imports", { typeOnly: true, dynamic: true }],
];

if (process.argv[1] === import.meta.filename) {
  const edges = serverEdges();
  for (const name of process.argv.slice(2)) {
    const entry = `src/server/${name}`;
    if (!edges.has(entry)) throw new Error(`${entry} is not a file of src/server`);
    for (const [how, following] of walks) {
      const files = walk(edges, entry, following);
      const folders = new Set([...files].map((f) => f.split("/")[2])).size;
      console.log(`${name} ${how}: ${files.size} files in ${folders} top folders`);
      console.log(`  ${topFolders(files)}`);
    }
  }
}
