/**
 * Independent checker of a result against its instance: the three hard rules, "everyone exactly
 * once", group sizes and the reported statistics. Returns one message per violation (empty when
 * the result is valid). Deliberately shares no code with the engine.
 */
import type { MatchingInstance, MatchingResult, MatchingUser } from "./types";
import { isInWindow } from "./window";

function mayPair(a: MatchingUser, b: MatchingUser): boolean {
  const same = a.department === b.department;
  const ok = (x: MatchingUser) =>
    x.preference === "any" || (x.preference === "same-department" ? same : !same);
  return ok(a) && ok(b);
}

export function validateResult(instance: MatchingInstance, result: MatchingResult): string[] {
  const problems: string[] = [];
  const users = new Map<string, MatchingUser>();
  for (const u of instance.users) users.set(u.id, u);
  const key = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
  const recent = new Set<string>();
  const ever = new Set<string>();
  for (const g of instance.history ?? []) {
    const inWindow = isInWindow(g.month, instance.month, instance.repeatWindowMonths);
    for (let i = 0; i < g.users.length; i++) {
      for (let j = i + 1; j < g.users.length; j++) {
        const k = key(g.users[i], g.users[j]);
        ever.add(k);
        if (inWindow) recent.add(k);
      }
    }
  }

  const seen = new Set<string>();
  const note = (id: string, where: string): boolean => {
    if (!users.has(id)) {
      problems.push(`unknown user "${id}" in ${where}`);
      return false;
    }
    if (seen.has(id)) {
      problems.push(`rule 1: "${id}" appears more than once`);
      return false;
    }
    seen.add(id);
    return true;
  };

  let trios = 0;
  let placed = 0;
  let cross = 0;
  let neverMet = 0;
  for (const group of result.groups) {
    const label = `[${group.join(", ")}]`;
    if (group.length === 3) trios++;
    if (group.length !== 2 && group.length !== 3) {
      problems.push(`group ${label} has ${group.length} people`);
    } else if (group.length === 3 && instance.oddPolicy !== "trio") {
      problems.push(
        `group ${label} is a trio but oddPolicy is "${instance.oddPolicy ?? "sit-out"}"`,
      );
    }
    const known = group.filter((id) => note(id, `group ${label}`));
    placed += group.length;
    for (let i = 0; i < known.length; i++) {
      for (let j = i + 1; j < known.length; j++) {
        const a = users.get(known[i])!;
        const b = users.get(known[j])!;
        if (!mayPair(a, b)) {
          problems.push(
            `rule 2: "${a.id}" (${a.preference}, ${a.department}) and "${b.id}" (${b.preference}, ${b.department}) may not share a group`,
          );
        }
        const k = key(a.id, b.id);
        if (recent.has(k)) {
          problems.push(
            `rule 3: "${a.id}" and "${b.id}" met within the last ${instance.repeatWindowMonths} months`,
          );
        }
        if (a.department !== b.department) cross++;
        if (!ever.has(k)) neverMet++;
      }
    }
  }
  if (trios > 1) problems.push(`${trios} trios; at most one group of three is allowed`);
  for (const id of result.unmatched) note(id, "unmatched");
  for (const id of users.keys())
    if (!seen.has(id)) problems.push(`"${id}" is neither in a group nor unmatched`);

  const s = result.stats;
  if (s.placed !== placed) problems.push(`stats.placed is ${s.placed}, groups hold ${placed}`);
  if (s.crossDepartmentPairs !== cross) {
    problems.push(`stats.crossDepartmentPairs is ${s.crossDepartmentPairs}, groups have ${cross}`);
  }
  if (s.neverMetPairs !== neverMet) {
    problems.push(`stats.neverMetPairs is ${s.neverMetPairs}, groups have ${neverMet}`);
  }
  return problems;
}
