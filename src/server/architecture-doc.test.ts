import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { currentPicture, documentedPicture } from "../../scripts/module-picture";

// docs/architecture.md describes the server's folders and draws their imports; both are checked
// against the tree so the page cannot drift from the code.
const server = import.meta.dirname;
const doc = readFileSync(path.join(server, "..", "..", "docs", "architecture.md"), "utf8");
/** Folders whose parts are listed one by one in the table. */
const listedByPart = ["directory", "pairings", "people"];
/** Test helpers, not a part of the app. */
const notAFeature = ["test"];

function serverFolders(): string[] {
  const folders = (dir: string) =>
    readdirSync(path.join(server, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  return folders("")
    .filter((name) => !notAFeature.includes(name))
    .flatMap((name) =>
      listedByPart.includes(name)
        ? [`${name}/`, ...folders(name).map((part) => `${name}/${part}/`)]
        : [`${name}/`],
    )
    .sort();
}

function tableFolders(): string[] {
  const table = doc.split("| folder | what it is |")[1]?.split("\n\n")[0] ?? "";
  const named = table
    .split("\n")
    .flatMap((row) => [...(row.split("|")[1] ?? "").matchAll(/`([\w/-]+\/)`/g)].map((m) => m[1]));
  return [...new Set([...named, ...listedByPart.map((name) => `${name}/`)])].sort();
}

describe("docs/architecture.md", () => {
  it("lists every folder of src/server in its folder table, and no folder that is gone", () => {
    expect(tableFolders()).toEqual(serverFolders());
  });

  // dependency-cruiser reads the whole server: seconds alone, far more on a busy two-core machine.
  it("draws the module picture that npm run deps:graph makes of the code today", async () => {
    expect(documentedPicture()).toBe(await currentPicture());
  }, 120_000);
});
