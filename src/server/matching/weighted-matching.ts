/**
 * Maximum-weight matching in a general graph: Edmonds' primal–dual blossom method in the
 * O(n³) formulation of Galil ("Efficient algorithms for finding maximum matching in graphs",
 * ACM Computing Surveys 1986). With `maxCardinality`, only maximum-cardinality matchings are
 * considered. Exact for integer weights below 2^50 (all dual values stay multiples of ½).
 * Blossom bookkeeping lives in BlossomState (weighted-blossom.ts); this file holds the stages:
 * grow alternating trees on tight edges, and when stuck move the duals by the smallest delta.
 */
import { BlossomState } from "./weighted-blossom";

/** Returns mate: mate[v] is v's partner or -1. */
export function maxWeightMatching(
  nv: number,
  eu: ArrayLike<number>,
  ev: ArrayLike<number>,
  ew: ArrayLike<number>,
  maxCardinality: boolean,
): Int32Array {
  const result = new Int32Array(nv).fill(-1);
  if (eu.length === 0) return result;
  const s = new BlossomState(nv, eu, ev, ew);
  for (let stage = 0; stage < nv; stage++) {
    startStage(s, nv);
    if (!runStage(s, nv, eu, ev, maxCardinality)) break;
    expandZeroBlossoms(s, nv);
  }
  for (let v = 0; v < nv; v++) if (s.mate[v] >= 0) result[v] = s.end(s.mate[v]);
  return result;
}

/** Clears the labels and labels every exposed vertex S (the roots of the stage's trees). */
function startStage(s: BlossomState, nv: number): void {
  s.label.fill(0);
  s.bestEdge.fill(-1);
  for (let b = nv; b < 2 * nv; b++) s.bestEdges[b] = null;
  s.allow.fill(0);
  s.queue = [];
  for (let v = 0; v < nv; v++)
    if (s.mate[v] === -1 && s.label[s.inBlossom[v]] === 0) s.assignLabel(v, 1, -1);
}

/** Grows the trees, moving the duals when stuck, until an augmentation (true) or the optimum. */
function runStage(
  s: BlossomState,
  nv: number,
  eu: ArrayLike<number>,
  ev: ArrayLike<number>,
  maxCardinality: boolean,
): boolean {
  for (;;) {
    if (scanTightEdges(s)) return true;
    // No augmenting path on tight edges: move the duals by the smallest safe delta.
    const step = smallestDelta(s, nv, maxCardinality);
    moveDuals(s, nv, step.delta);
    if (step.type === 1) return false;
    if (step.type === 2) {
      s.allow[step.dEdge] = 1;
      s.queue.push(s.label[s.inBlossom[eu[step.dEdge]]] === 0 ? ev[step.dEdge] : eu[step.dEdge]);
    } else if (step.type === 3) {
      s.allow[step.dEdge] = 1;
      s.queue.push(eu[step.dEdge]);
    } else s.expandBlossom(step.dBlossom, false);
  }
}

/**
 * Scans the queued S vertices' edges: tight ones grow a tree, form a blossom or augment (then it
 * returns true); the others only update the best edges for the next dual move.
 */
function scanTightEdges(s: BlossomState): boolean {
  while (s.queue.length > 0) {
    const v = s.queue.pop()!;
    for (let i = s.nbStart[v]; i < s.nbStart[v + 1]; i++) {
      const p = s.nb[i];
      const k = p >> 1;
      const w = s.end(p);
      if (s.inBlossom[v] === s.inBlossom[w]) continue;
      let ks = 0;
      if (!s.allow[k]) {
        ks = s.slack(k);
        if (ks <= 0) s.allow[k] = 1;
      }
      if (s.allow[k]) {
        if (s.label[s.inBlossom[w]] === 0) s.assignLabel(w, 2, p ^ 1);
        else if (s.label[s.inBlossom[w]] === 1) {
          const b = s.scanBlossom(v, w);
          if (b >= 0) s.addBlossom(b, k);
          else {
            s.augmentMatching(k);
            return true;
          }
        } else if (s.label[w] === 0) {
          s.label[w] = 2;
          s.labelEnd[w] = p ^ 1;
        }
      } else if (s.label[s.inBlossom[w]] === 1) {
        const b = s.inBlossom[v];
        if (s.bestEdge[b] === -1 || ks < s.slack(s.bestEdge[b])) s.bestEdge[b] = k;
      } else if (s.label[w] === 0) {
        if (s.bestEdge[w] === -1 || ks < s.slack(s.bestEdge[w])) s.bestEdge[w] = k;
      }
    }
  }
  return false;
}

/**
 * The dual move: type 1 ends the search (a vertex dual reaches 0), 2 makes edge dEdge from a
 * free vertex tight, 3 makes edge dEdge between two S blossoms tight, 4 lets T blossom dBlossom
 * be expanded.
 */
function smallestDelta(
  s: BlossomState,
  nv: number,
  maxCardinality: boolean,
): { type: number; delta: number; dEdge: number; dBlossom: number } {
  let type = -1;
  let delta = 0;
  let dEdge = -1;
  let dBlossom = -1;
  if (!maxCardinality) {
    type = 1;
    delta = Number.POSITIVE_INFINITY;
    for (let v = 0; v < nv; v++) delta = Math.min(delta, s.dual[v]);
  }
  for (let v = 0; v < nv; v++) {
    if (s.label[s.inBlossom[v]] === 0 && s.bestEdge[v] !== -1) {
      const d = s.slack(s.bestEdge[v]);
      if (type === -1 || d < delta) [delta, type, dEdge] = [d, 2, s.bestEdge[v]];
    }
  }
  for (let b = 0; b < 2 * nv; b++) {
    if (s.parent[b] === -1 && s.label[b] === 1 && s.bestEdge[b] !== -1) {
      const d = s.slack(s.bestEdge[b]) / 2;
      if (type === -1 || d < delta) [delta, type, dEdge] = [d, 3, s.bestEdge[b]];
    }
  }
  for (let b = nv; b < 2 * nv; b++) {
    if (
      s.base[b] >= 0 &&
      s.parent[b] === -1 &&
      s.label[b] === 2 &&
      (type === -1 || s.dual[b] < delta)
    ) {
      [delta, type, dBlossom] = [s.dual[b], 4, b];
    }
  }
  if (type === -1) {
    type = 1;
    let min = Number.POSITIVE_INFINITY;
    for (let v = 0; v < nv; v++) min = Math.min(min, s.dual[v]);
    delta = Math.max(0, min);
  }
  return { type, delta, dEdge, dBlossom };
}

/** S vertices' duals go down and T vertices' up by delta; top-level blossoms' the other way. */
function moveDuals(s: BlossomState, nv: number, delta: number): void {
  for (let v = 0; v < nv; v++) {
    const l = s.label[s.inBlossom[v]];
    if (l === 1) s.dual[v] -= delta;
    else if (l === 2) s.dual[v] += delta;
  }
  for (let b = nv; b < 2 * nv; b++) {
    if (s.base[b] >= 0 && s.parent[b] === -1) {
      if (s.label[b] === 1) s.dual[b] += delta;
      else if (s.label[b] === 2) s.dual[b] -= delta;
    }
  }
}

/** After an augmentation, S blossoms whose dual reached 0 are expanded. */
function expandZeroBlossoms(s: BlossomState, nv: number): void {
  for (let b = nv; b < 2 * nv; b++) {
    if (s.parent[b] === -1 && s.base[b] >= 0 && s.label[b] === 1 && s.dual[b] === 0)
      s.expandBlossom(b, true);
  }
}
