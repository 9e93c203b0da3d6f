/**
 * Maximum-weight matching in a general graph: Edmonds' primal–dual blossom method in the
 * O(n³) formulation of Galil ("Efficient algorithms for finding maximum matching in graphs",
 * ACM Computing Surveys 1986). With `maxCardinality`, only maximum-cardinality matchings are
 * considered. Exact for integer weights below 2^50 (all dual values stay multiples of ½).
 *
 * Terminology: vertices are 0..nv-1, non-trivial blossoms nv..2nv-1. Edge k has endpoints 2k
 * (its u) and 2k+1 (its v); `mate[x]` holds the remote endpoint of x's matched edge. Labels:
 * 1 = S (outer), 2 = T (inner); 5 marks a breadcrumb while tracing for a new blossom.
 */
export function maxWeightMatching(
  nv: number,
  eu: ArrayLike<number>,
  ev: ArrayLike<number>,
  ew: ArrayLike<number>,
  maxCardinality: boolean,
): Int32Array {
  const ne = eu.length;
  const result = new Int32Array(nv).fill(-1);
  if (ne === 0) return result;
  const end = (p: number): number => ((p & 1) === 1 ? ev[p >> 1] : eu[p >> 1]);

  // Remote endpoints of the edges at each vertex (CSR).
  const nbStart = new Int32Array(nv + 1);
  for (let k = 0; k < ne; k++) {
    nbStart[eu[k] + 1]++;
    nbStart[ev[k] + 1]++;
  }
  for (let v = 0; v < nv; v++) nbStart[v + 1] += nbStart[v];
  const nb = new Int32Array(2 * ne);
  const fill = nbStart.slice(0, nv);
  let maxWeight = 0;
  for (let k = 0; k < ne; k++) {
    nb[fill[eu[k]]++] = 2 * k + 1;
    nb[fill[ev[k]]++] = 2 * k;
    if (ew[k] > maxWeight) maxWeight = ew[k];
  }

  const mate = new Int32Array(nv).fill(-1);
  const label = new Int32Array(2 * nv);
  const labelEnd = new Int32Array(2 * nv).fill(-1);
  const inBlossom = new Int32Array(nv);
  for (let v = 0; v < nv; v++) inBlossom[v] = v;
  const parent = new Int32Array(2 * nv).fill(-1);
  const childs: (number[] | null)[] = new Array(2 * nv).fill(null);
  const endps: (number[] | null)[] = new Array(2 * nv).fill(null);
  const base = new Int32Array(2 * nv).fill(-1);
  for (let v = 0; v < nv; v++) base[v] = v;
  const bestEdge = new Int32Array(2 * nv).fill(-1);
  const bestEdges: (number[] | null)[] = new Array(2 * nv).fill(null);
  const unused: number[] = [];
  for (let b = 2 * nv - 1; b >= nv; b--) unused.push(b);
  const dual = new Float64Array(2 * nv);
  dual.fill(maxWeight, 0, nv);
  const allow = new Uint8Array(ne);
  let queue: number[] = [];

  const slack = (k: number): number => dual[eu[k]] + dual[ev[k]] - 2 * ew[k];
  const leaves = (b: number, out: number[] = []): number[] => {
    if (b < nv) out.push(b);
    else for (const t of childs[b]!) leaves(t, out);
    return out;
  };
  const at = <T>(list: T[], j: number): T => list[j < 0 ? j + list.length : j];

  const assignLabel = (w: number, t: number, p: number): void => {
    const b = inBlossom[w];
    label[w] = label[b] = t;
    labelEnd[w] = labelEnd[b] = p;
    bestEdge[w] = bestEdge[b] = -1;
    if (t === 1) leaves(b, queue);
    else {
      const mb = mate[base[b]];
      assignLabel(end(mb), 1, mb ^ 1);
    }
  };

  /** Traces back from S-vertices v and w: returns the base of a new blossom, or -1 for a path. */
  const scanBlossom = (v0: number, w0: number): number => {
    const path: number[] = [];
    let v = v0;
    let w = w0;
    let found = -1;
    while (v !== -1 || w !== -1) {
      let b = inBlossom[v];
      if (label[b] & 4) {
        found = base[b];
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelEnd[b] === -1) v = -1;
      else {
        v = end(labelEnd[b]);
        b = inBlossom[v];
        v = end(labelEnd[b]);
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) label[b] = 1;
    return found;
  };

  const addBlossom = (bv0: number, k: number): void => {
    const bb = inBlossom[bv0];
    let bv = inBlossom[eu[k]];
    let bw = inBlossom[ev[k]];
    const b = unused.pop()!;
    base[b] = bv0;
    parent[b] = -1;
    parent[bb] = b;
    const path: number[] = [];
    const eps: number[] = [];
    while (bv !== bb) {
      parent[bv] = b;
      path.push(bv);
      eps.push(labelEnd[bv]);
      bv = inBlossom[end(labelEnd[bv])];
    }
    path.push(bb);
    path.reverse();
    eps.reverse();
    eps.push(2 * k);
    while (bw !== bb) {
      parent[bw] = b;
      path.push(bw);
      eps.push(labelEnd[bw] ^ 1);
      bw = inBlossom[end(labelEnd[bw])];
    }
    childs[b] = path;
    endps[b] = eps;
    label[b] = 1;
    labelEnd[b] = labelEnd[bb];
    dual[b] = 0;
    for (const v of leaves(b)) {
      if (label[inBlossom[v]] === 2) queue.push(v);
      inBlossom[v] = b;
    }
    // Least-slack edges from the new blossom to each neighbouring S-blossom.
    const bestTo = new Int32Array(2 * nv).fill(-1);
    for (const sub of path) {
      const lists: ArrayLike<number>[] = [];
      if (bestEdges[sub] === null) {
        for (const v of leaves(sub)) {
          const ks: number[] = [];
          for (let i = nbStart[v]; i < nbStart[v + 1]; i++) ks.push(nb[i] >> 1);
          lists.push(ks);
        }
      } else lists.push(bestEdges[sub]!);
      for (const list of lists) {
        for (let x = 0; x < list.length; x++) {
          const k2 = list[x];
          let j = ev[k2];
          if (inBlossom[j] === b) j = eu[k2];
          const bj = inBlossom[j];
          if (bj !== b && label[bj] === 1 && (bestTo[bj] === -1 || slack(k2) < slack(bestTo[bj]))) {
            bestTo[bj] = k2;
          }
        }
      }
      bestEdges[sub] = null;
      bestEdge[sub] = -1;
    }
    const own: number[] = [];
    for (let i = 0; i < bestTo.length; i++) if (bestTo[i] !== -1) own.push(bestTo[i]);
    bestEdges[b] = own;
    bestEdge[b] = -1;
    for (const k2 of own)
      if (bestEdge[b] === -1 || slack(k2) < slack(bestEdge[b])) bestEdge[b] = k2;
  };

  const expandBlossom = (b: number, endStage: boolean): void => {
    const cs = childs[b]!;
    const es = endps[b]!;
    for (const s of cs) {
      parent[s] = -1;
      if (s < nv) inBlossom[s] = s;
      else if (endStage && dual[s] === 0) expandBlossom(s, endStage);
      else for (const v of leaves(s)) inBlossom[v] = s;
    }
    if (!endStage && label[b] === 2) {
      // Relabel the sub-blossoms on the even path from the entry child to the base.
      const entry = inBlossom[end(labelEnd[b] ^ 1)];
      let j = cs.indexOf(entry);
      let step: number;
      let trick: number;
      if (j & 1) {
        j -= cs.length;
        step = 1;
        trick = 0;
      } else {
        step = -1;
        trick = 1;
      }
      let p = labelEnd[b];
      while (j !== 0) {
        label[end(p ^ 1)] = 0;
        label[end(at(es, j - trick) ^ trick ^ 1)] = 0;
        assignLabel(end(p ^ 1), 2, p);
        allow[at(es, j - trick) >> 1] = 1;
        j += step;
        p = at(es, j - trick) ^ trick;
        allow[p >> 1] = 1;
        j += step;
      }
      const bv = at(cs, j);
      label[end(p ^ 1)] = label[bv] = 2;
      labelEnd[end(p ^ 1)] = labelEnd[bv] = p;
      bestEdge[bv] = -1;
      j += step;
      while (at(cs, j) !== entry) {
        const sub = at(cs, j);
        if (label[sub] !== 1) {
          const reached = leaves(sub).find((v) => label[v] !== 0);
          if (reached !== undefined) {
            label[reached] = 0;
            label[end(mate[base[sub]])] = 0;
            assignLabel(reached, 2, labelEnd[reached]);
          }
        }
        j += step;
      }
    }
    label[b] = labelEnd[b] = -1;
    childs[b] = endps[b] = bestEdges[b] = null;
    base[b] = -1;
    bestEdge[b] = -1;
    unused.push(b);
  };

  /** Flips the alternating path inside blossom b from vertex v to the base; v becomes the base. */
  const augmentBlossom = (b: number, v: number): void => {
    let t = v;
    while (parent[t] !== b) t = parent[t];
    if (t >= nv) augmentBlossom(t, v);
    const cs = childs[b]!;
    const es = endps[b]!;
    const i = cs.indexOf(t);
    let j = i;
    let step: number;
    let trick: number;
    if (i & 1) {
      j -= cs.length;
      step = 1;
      trick = 0;
    } else {
      step = -1;
      trick = 1;
    }
    while (j !== 0) {
      j += step;
      t = at(cs, j);
      const p = at(es, j - trick) ^ trick;
      if (t >= nv) augmentBlossom(t, end(p));
      j += step;
      t = at(cs, j);
      if (t >= nv) augmentBlossom(t, end(p ^ 1));
      mate[end(p)] = p ^ 1;
      mate[end(p ^ 1)] = p;
    }
    childs[b] = cs.slice(i).concat(cs.slice(0, i));
    endps[b] = es.slice(i).concat(es.slice(0, i));
    base[b] = base[childs[b]![0]];
  };

  const augmentMatching = (k: number): void => {
    for (const [s0, p0] of [
      [eu[k], 2 * k + 1],
      [ev[k], 2 * k],
    ]) {
      let s = s0;
      let p = p0;
      for (;;) {
        const bs = inBlossom[s];
        if (bs >= nv) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelEnd[bs] === -1) break;
        const bt = inBlossom[end(labelEnd[bs])];
        s = end(labelEnd[bt]);
        const j = end(labelEnd[bt] ^ 1);
        if (bt >= nv) augmentBlossom(bt, j);
        mate[j] = labelEnd[bt];
        p = labelEnd[bt] ^ 1;
      }
    }
  };

  for (let stage = 0; stage < nv; stage++) {
    label.fill(0);
    bestEdge.fill(-1);
    for (let b = nv; b < 2 * nv; b++) bestEdges[b] = null;
    allow.fill(0);
    queue = [];
    for (let v = 0; v < nv; v++)
      if (mate[v] === -1 && label[inBlossom[v]] === 0) assignLabel(v, 1, -1);
    let augmented = false;
    for (;;) {
      while (queue.length > 0 && !augmented) {
        const v = queue.pop()!;
        for (let i = nbStart[v]; i < nbStart[v + 1]; i++) {
          const p = nb[i];
          const k = p >> 1;
          const w = end(p);
          if (inBlossom[v] === inBlossom[w]) continue;
          let ks = 0;
          if (!allow[k]) {
            ks = slack(k);
            if (ks <= 0) allow[k] = 1;
          }
          if (allow[k]) {
            if (label[inBlossom[w]] === 0) assignLabel(w, 2, p ^ 1);
            else if (label[inBlossom[w]] === 1) {
              const b = scanBlossom(v, w);
              if (b >= 0) addBlossom(b, k);
              else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label[w] === 0) {
              label[w] = 2;
              labelEnd[w] = p ^ 1;
            }
          } else if (label[inBlossom[w]] === 1) {
            const b = inBlossom[v];
            if (bestEdge[b] === -1 || ks < slack(bestEdge[b])) bestEdge[b] = k;
          } else if (label[w] === 0) {
            if (bestEdge[w] === -1 || ks < slack(bestEdge[w])) bestEdge[w] = k;
          }
        }
      }
      if (augmented) break;
      // No augmenting path on tight edges: move the duals by the smallest safe delta.
      let type = -1;
      let delta = 0;
      let dEdge = -1;
      let dBlossom = -1;
      if (!maxCardinality) {
        type = 1;
        delta = Number.POSITIVE_INFINITY;
        for (let v = 0; v < nv; v++) delta = Math.min(delta, dual[v]);
      }
      for (let v = 0; v < nv; v++) {
        if (label[inBlossom[v]] === 0 && bestEdge[v] !== -1) {
          const d = slack(bestEdge[v]);
          if (type === -1 || d < delta) [delta, type, dEdge] = [d, 2, bestEdge[v]];
        }
      }
      for (let b = 0; b < 2 * nv; b++) {
        if (parent[b] === -1 && label[b] === 1 && bestEdge[b] !== -1) {
          const d = slack(bestEdge[b]) / 2;
          if (type === -1 || d < delta) [delta, type, dEdge] = [d, 3, bestEdge[b]];
        }
      }
      for (let b = nv; b < 2 * nv; b++) {
        if (
          base[b] >= 0 &&
          parent[b] === -1 &&
          label[b] === 2 &&
          (type === -1 || dual[b] < delta)
        ) {
          [delta, type, dBlossom] = [dual[b], 4, b];
        }
      }
      if (type === -1) {
        type = 1;
        let min = Number.POSITIVE_INFINITY;
        for (let v = 0; v < nv; v++) min = Math.min(min, dual[v]);
        delta = Math.max(0, min);
      }
      for (let v = 0; v < nv; v++) {
        const l = label[inBlossom[v]];
        if (l === 1) dual[v] -= delta;
        else if (l === 2) dual[v] += delta;
      }
      for (let b = nv; b < 2 * nv; b++) {
        if (base[b] >= 0 && parent[b] === -1) {
          if (label[b] === 1) dual[b] += delta;
          else if (label[b] === 2) dual[b] -= delta;
        }
      }
      if (type === 1) break;
      if (type === 2) {
        allow[dEdge] = 1;
        queue.push(label[inBlossom[eu[dEdge]]] === 0 ? ev[dEdge] : eu[dEdge]);
      } else if (type === 3) {
        allow[dEdge] = 1;
        queue.push(eu[dEdge]);
      } else expandBlossom(dBlossom, false);
    }
    if (!augmented) break;
    for (let b = nv; b < 2 * nv; b++) {
      if (parent[b] === -1 && base[b] >= 0 && label[b] === 1 && dual[b] === 0)
        expandBlossom(b, true);
    }
  }
  for (let v = 0; v < nv; v++) if (mate[v] >= 0) result[v] = end(mate[v]);
  return result;
}
