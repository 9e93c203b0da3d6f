import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { answerList, chatHappened } from "../../shared/chat-happened";
import { repoRoot } from "../repo-root";

// The help pages state the rule every figure counts by (docs/matches.md, "When a chat happened";
// src/shared/chat-happened.ts): a month over with one "Missed" and the others silent is a chat.

const help = (name: string) => readFileSync(path.join(repoRoot, "docs/help", name), "utf8");
/** The bullet of admin-console.md's "The figures" that defines a label, joined on one line. */
function figure(label: string): string {
  const text = help("admin-console.md").replace(/\n {2}/g, " ");
  const line = text.split("\n").find((l) => l.startsWith(`- **${label}**`));
  if (!line) throw new Error(`no figure "${label}"`);
  return line;
}

describe("help pages on when a chat happened", () => {
  it("counts a finished month with one 'Missed' and no other answer as a chat, as the rule does", () => {
    const oneMissed = answerList(["not_confirmed", "pending", "pending"]);
    expect(chatHappened({ status: "completed", members: oneMissed })).toBe(true);
    const definition = figure("Chats that happened");
    expect(definition).not.toMatch(/nobody said the chat was missed/);
    expect(definition).toMatch(/not everyone said the chat was missed/);
    expect(help("matches.md")).toMatch(/only some said they missed it\) it counts once the month/);
  });

  it("names the figure by the label the pages show", () => {
    const shown = readFileSync(
      path.join(repoRoot, "src/client/features/admin/metrics/metrics-panel.tsx"),
      "utf8",
    );
    expect(shown).toContain('label="Chats that happened"');
    expect(figure("Chats that happened")).toContain("Previous Months");
  });
});
