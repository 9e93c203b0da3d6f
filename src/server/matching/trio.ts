import type { Buckets } from "./buckets";
import type { Problem } from "./problem";

export function formTrio(_p: Problem, _b: Buckets, _mate: Int32Array): number[] | null {
  return null;
}
