import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Database, migrationsFolder, openDatabase } from "../db/client";
import { repoRoot } from "../repo-root";

/**
 * Where the snapshot of a freshly migrated embedded database lives: keyed by every migration file
 * and the PGlite version, so a new or edited migration (or a PGlite upgrade) makes a new one.
 * Starting PGlite from it skips initdb and the migrations, most of a test file's set-up
 * (docs/performance.md, "The test suite").
 */
function snapshotPath(): string {
  return path.join(snapshotsFolder(), `coj-migrated-${migrationsKey()}.tar`);
}

/**
 * One folder per checkout: a clone beside this one (a clean-clone CI run, a second work tree) with
 * other migrations keeps its own snapshots, and forgetting older ones here never deletes the
 * snapshot another checkout is reading (docs/performance.md, "The test suite").
 */
function snapshotsFolder(): string {
  const checkout = createHash("sha256").update(repoRoot).digest("hex").slice(0, 12);
  const folder = path.join(tmpdir(), `coj-snapshots-${checkout}`);
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** Where the snapshot is unpacked into a data folder: beside the tarball, under its name. */
function unpackedSnapshotPath(): string {
  return snapshotPath().replace(/\.tar$/, "");
}

/** A short hash of every migration file and the PGlite version: a new or edited one changes it. */
export function migrationsKey(): string {
  const hash = createHash("sha256");
  const pglite = JSON.parse(
    readFileSync(path.join(repoRoot, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  );
  hash.update(`pglite ${pglite.version}\n`);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(`${path.relative(migrationsFolder, file)}\n`).update(readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest("hex").slice(0, 16);
}

/** Makes the snapshot and its unpacked data folder unless they are there (the global set-ups call this). */
export async function ensureMigratedSnapshot(): Promise<void> {
  await ensureMigratedTarball();
  await ensureMigratedDataDir();
}

/**
 * Where the same database is kept as initdb left it, before any migration: the migration tests
 * start from it instead of running initdb, which costs five to nine seconds of CPU where loading
 * this takes about one (docs/performance.md, "The test suite").
 */
function unmigratedSnapshotPath(): string {
  return path.join(snapshotsFolder(), `coj-unmigrated-${migrationsKey()}.tar`);
}

async function ensureMigratedTarball(): Promise<void> {
  const [file, unmigrated] = [snapshotPath(), unmigratedSnapshotPath()];
  if (existsSync(file) && existsSync(unmigrated)) return;
  const database = await openDatabase({});
  try {
    await writeDump(database, unmigrated);
    await database.migrate();
    await writeDump(database, file);
    forgetOlderSnapshots([file, unmigrated, unpackedSnapshotPath()]);
  } finally {
    await database.close();
  }
}

async function writeDump(database: Database, file: string): Promise<void> {
  if (!database.dumpDataDir) throw new Error("The embedded database cannot dump its data folder");
  const dump = await database.dumpDataDir();
  // Written beside and renamed, so a reader never sees half a file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
}

/** Snapshots of earlier migrations are never read again; a file missing meanwhile only means migrating. */
function forgetOlderSnapshots(kept: string[]) {
  const folder = snapshotsFolder();
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (/^coj-(un)?migrated-\w+(\.tar)?$/.test(name) && !kept.includes(file))
      rmSync(file, { recursive: true, force: true });
  }
}

/**
 * The snapshot unpacked once into a data folder (beside the tarball), made with it by the global
 * set-ups. A test that starts the app on a data folder copies this one: a copy and an embedded
 * start on it take a third of unpacking the tarball each time (docs/performance.md, "The test
 * suite").
 */
async function ensureMigratedDataDir(): Promise<void> {
  const dir = unpackedSnapshotPath();
  if (existsSync(dir)) return;
  const partial = `${dir}.${process.pid}.partial`;
  const database = await openDatabase({ dataDir: partial, loadDataDir: readMigratedSnapshot() });
  await database.migrate();
  await database.close();
  renameSync(partial, dir);
}

/**
 * Fills `dbDir` (a data folder's `db`, which must not exist yet) with the migrated database, so the
 * app's start finds nothing to migrate; without the unpacked snapshot it is left empty (the app
 * then migrates).
 */
export function copyMigratedDataDir(dbDir: string): void {
  const dir = unpackedSnapshotPath();
  if (existsSync(dir)) copyFolder(dir, dbDir);
}

/**
 * A folder copied a file at a time. `cpSync` checks each of the data folder's 1,200 files several
 * times over: it took 0.23–0.56 s a copy where this takes 0.15–0.25 s (docs/performance.md, "The
 * test suite").
 */
function copyFolder(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) copyFolder(source, target);
    else copyFileSync(source, target);
  }
}

/** The snapshot's contents, or undefined when none was made (then the caller migrates). */
export function readMigratedSnapshot(): Blob | undefined {
  return readSnapshot(snapshotPath());
}

/** The database before any migration, or undefined when none was made (then the caller runs initdb). */
export function readUnmigratedSnapshot(): Blob | undefined {
  return readSnapshot(unmigratedSnapshotPath());
}

function readSnapshot(file: string): Blob | undefined {
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}
