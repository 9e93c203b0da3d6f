/**
 * Group sizes for the people who chose groups of 3 or 4 (FORMAT.md, "Groups by choice"): how
 * many groups of each size, and which choices fill them, so that the fewest people sit in a size
 * other than their choice and nobody is left out for the numbers' sake. Someone placed in
 * another size is always in the nearest one: a 3 in a pair or a group of 4, a 4 in a group of 3.
 */

/** A group to fill, as the choices (3 or 4) of its members. */
export type Slot = number[];

export interface SizePlan {
  slots: Slot[];
  /** People placed in a size other than their choice. */
  otherSize: number;
  /** People of each choice the numbers leave out (only with fewer than a handful of people). */
  leftOut: { 3: number; 4: number };
}

interface Split {
  /** 3s in pairs, 3s in groups of 4, 4s in groups of 3, 3s and 4s left out. */
  a: number;
  b: number;
  c: number;
  u3: number;
  u4: number;
}

/** The split of n3 and n4 people that leaves out fewest, then moves fewest to another size. */
function bestSplit(n3: number, n4: number): Split {
  let best: Split = { a: 0, b: 0, c: 0, u3: n3, u4: n4 };
  let bestKey = [n3 + n4, 0];
  for (let u3 = 0; u3 <= Math.min(2, n3); u3++) {
    for (let u4 = 0; u4 <= Math.min(3, n4); u4++) {
      for (let a = 0; a <= 4 && a + u3 <= n3; a += 2) {
        for (let b = 0; b <= 7 && a + b + u3 <= n3; b++) {
          for (let c = 0; c <= 11 && c + u4 <= n4; c++) {
            const threes = n3 - u3 - a - b + c;
            const fours = n4 - u4 - c + b;
            if (threes % 3 !== 0 || fours % 4 !== 0) continue;
            const key = [u3 + u4, a + b + c];
            if (key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) {
              best = { a, b, c, u3, u4 };
              bestKey = key;
            }
          }
        }
      }
    }
  }
  return best;
}

/** Chunks a list of choices into groups of `size`. */
function chunk(choices: number[], size: number): Slot[] {
  const slots: Slot[] = [];
  for (let i = 0; i + size <= choices.length; i += size) slots.push(choices.slice(i, i + size));
  return slots;
}

/** The groups for n3 people who chose 3 and n4 who chose 4. */
export function planSizes(n3: number, n4: number): SizePlan {
  const { a, b, c, u3, u4 } = bestSplit(n3, n4);
  const pure3 = n3 - u3 - a - b;
  const pure4 = n4 - u4 - c;
  const fill = (k: number, count: number) => new Array<number>(count).fill(k);
  // The 3s placed in groups of 4 and the 4s in groups of 3 lead their lists, so they share as
  // few groups as possible with people in their chosen size.
  const slots = [
    ...chunk([...fill(3, b), ...fill(4, pure4)], 4),
    ...chunk([...fill(4, c), ...fill(3, pure3)], 3),
    ...chunk(fill(3, a), 2),
  ];
  return { slots, otherSize: a + b + c, leftOut: { 3: u3, 4: u4 } };
}
