import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHANNEL_KINDS, MESSAGE_KINDS } from "./registry";

// docs/mail.md, "Adding a message": a kind is one file here and one line in the registry.
describe("the registry of message kinds", () => {
  it("holds the kind of every file in this folder, once each, under a kebab-case name", async () => {
    const files = readdirSync(import.meta.dirname).filter(
      (file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && file !== "registry.ts",
    );
    const defined = await Promise.all(
      files.map(async (file) => Object.values(await import(path.join(import.meta.dirname, file)))),
    );
    const registered = [...MESSAGE_KINDS, ...CHANNEL_KINDS] as unknown[];
    for (const values of defined) expect(values.some((v) => registered.includes(v))).toBe(true);
    const kinds = defined.flat().filter((value) => registered.includes(value));
    expect(kinds).toHaveLength(registered.length);
    const names = MESSAGE_KINDS.map((kind) => kind.name);
    expect(names).toEqual([...new Set(names)]);
    const channelFiles = ["slack-kinds", "teams-kinds", "webhook-event"];
    expect(names.sort()).toEqual(
      files
        .map((file) => path.basename(file, ".ts"))
        .filter((name) => !channelFiles.includes(name))
        .sort(),
    );
  });
});
