/**
 * The group-size part of validateResult (FORMAT.md, "Groups by choice"), written apart from the
 * engine: someone in a size other than their choice is in the nearest one, and nobody who chose
 * 3 or 4 is left out while a pair (of two who chose 3) or a trio of such people left out could
 * have formed a group. How many are in another size against the fewest the numbers allow is a
 * figure of the statistics, not a rule: when department wishes or the repeat window leave no
 * other way, placing someone wins (FORMAT.md).
 */
import type { MatchingInstance, MatchingResult } from "./types";

/** The fewest people in another size when n3 people who chose 3 and n4 who chose 4 are placed. */
export function fewestInOtherSize(n3: number, n4: number): number {
  let fewest = Number.POSITIVE_INFINITY;
  // pairs3: 3s in pairs; up3: 3s in groups of 4; down4: 4s in groups of 3.
  for (let pairs3 = 0; pairs3 <= Math.min(n3, 4); pairs3 += 2) {
    for (let up3 = 0; up3 <= Math.min(n3 - pairs3, 7); up3++) {
      for (let down4 = 0; down4 <= Math.min(n4, 11); down4++) {
        const inThrees = n3 - pairs3 - up3 + down4;
        const inFours = n4 - down4 + up3;
        if (inThrees % 3 === 0 && inFours % 4 === 0) {
          fewest = Math.min(fewest, pairs3 + up3 + down4);
        }
      }
    }
  }
  return fewest;
}

export function checkGroupSizes(
  instance: MatchingInstance,
  result: MatchingResult,
  mayShare: (a: string, b: string) => boolean,
): string[] {
  const choice = new Map(instance.users.map((u) => [u.id, u.groupSize ?? 2]));
  const problems: string[] = [];
  const placed = { 3: 0, 4: 0 };
  let other = 0;
  for (const group of result.groups) {
    if (group.every((id) => choice.get(id) === 2)) continue;
    for (const id of group) {
      const k = choice.get(id) ?? 2;
      if (k === 3 || k === 4) placed[k]++;
      if (k === group.length) continue;
      other++;
      if (Math.abs(k - group.length) !== 1) {
        problems.push(`"${id}" chose a group of ${k} and is in one of ${group.length}`);
      }
    }
  }
  const reported = result.stats.groupFormation?.otherSize ?? 0;
  if (reported !== other) {
    problems.push(`stats.groupFormation.otherSize is ${reported}, groups have ${other}`);
  }
  problems.push(...leftOutForSize(result.unmatched, choice, mayShare));
  return problems;
}

/** People who chose 3 or 4, left out although two or three of them could form a group. */
function leftOutForSize(
  unmatched: string[],
  choice: Map<string, number>,
  mayShare: (a: string, b: string) => boolean,
): string[] {
  const out = unmatched.filter((id) => (choice.get(id) ?? 2) !== 2).slice(0, 60);
  for (let i = 0; i < out.length; i++) {
    for (let j = i + 1; j < out.length; j++) {
      if (!mayShare(out[i], out[j])) continue;
      if (choice.get(out[i]) === 3 && choice.get(out[j]) === 3) {
        return [`"${out[i]}" and "${out[j]}" chose 3, may share a group and are both left out`];
      }
      for (let k = j + 1; k < out.length; k++) {
        if (mayShare(out[i], out[k]) && mayShare(out[j], out[k])) {
          return [`"${out[i]}", "${out[j]}" and "${out[k]}" may form a group and are left out`];
        }
      }
    }
  }
  return [];
}
