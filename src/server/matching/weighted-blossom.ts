/**
 * State and blossom operations of the weighted matching algorithm (see weighted-matching.ts for
 * the primal–dual main loop). Vertices are 0..nv-1, non-trivial blossoms nv..2nv-1; edge k has
 * endpoints 2k (its u) and 2k+1 (its v), and `mate[x]` holds the remote endpoint of x's matched
 * edge. Labels: 1 = S (outer), 2 = T (inner); 5 marks a breadcrumb while tracing a new blossom.
 */
export class BlossomState {
  readonly mate: Int32Array;
  readonly label: Int32Array;
  readonly labelEnd: Int32Array;
  readonly inBlossom: Int32Array;
  readonly parent: Int32Array;
  readonly childs: (number[] | null)[];
  readonly endps: (number[] | null)[];
  readonly base: Int32Array;
  readonly bestEdge: Int32Array;
  readonly bestEdges: (number[] | null)[];
  readonly unused: number[] = [];
  readonly dual: Float64Array;
  readonly allow: Uint8Array;
  queue: number[] = [];
  /** Remote endpoints of the edges at v: nb[nbStart[v] .. nbStart[v + 1]). */
  readonly nbStart: Int32Array;
  readonly nb: Int32Array;

  constructor(
    readonly nv: number,
    readonly eu: ArrayLike<number>,
    readonly ev: ArrayLike<number>,
    readonly ew: ArrayLike<number>,
  ) {
    const ne = eu.length;
    this.nbStart = new Int32Array(nv + 1);
    for (let k = 0; k < ne; k++) {
      this.nbStart[eu[k] + 1]++;
      this.nbStart[ev[k] + 1]++;
    }
    for (let v = 0; v < nv; v++) this.nbStart[v + 1] += this.nbStart[v];
    this.nb = new Int32Array(2 * ne);
    const fill = this.nbStart.slice(0, nv);
    let maxWeight = 0;
    for (let k = 0; k < ne; k++) {
      this.nb[fill[eu[k]]++] = 2 * k + 1;
      this.nb[fill[ev[k]]++] = 2 * k;
      if (ew[k] > maxWeight) maxWeight = ew[k];
    }
    this.mate = new Int32Array(nv).fill(-1);
    this.label = new Int32Array(2 * nv);
    this.labelEnd = new Int32Array(2 * nv).fill(-1);
    this.inBlossom = new Int32Array(nv);
    for (let v = 0; v < nv; v++) this.inBlossom[v] = v;
    this.parent = new Int32Array(2 * nv).fill(-1);
    this.childs = new Array(2 * nv).fill(null);
    this.endps = new Array(2 * nv).fill(null);
    this.base = new Int32Array(2 * nv).fill(-1);
    for (let v = 0; v < nv; v++) this.base[v] = v;
    this.bestEdge = new Int32Array(2 * nv).fill(-1);
    this.bestEdges = new Array(2 * nv).fill(null);
    for (let b = 2 * nv - 1; b >= nv; b--) this.unused.push(b);
    this.dual = new Float64Array(2 * nv);
    this.dual.fill(maxWeight, 0, nv);
    this.allow = new Uint8Array(ne);
  }

  /** The vertex at endpoint p. */
  end(p: number): number {
    return (p & 1) === 1 ? this.ev[p >> 1] : this.eu[p >> 1];
  }

  /** Twice the slack of edge k (not valid inside blossoms). */
  slack(k: number): number {
    return this.dual[this.eu[k]] + this.dual[this.ev[k]] - 2 * this.ew[k];
  }
  leaves(b: number, out: number[] = []): number[] {
    if (b < this.nv) out.push(b);
    else for (const t of this.childs[b]!) this.leaves(t, out);
    return out;
  }
  at<T>(list: T[], j: number): T {
    return list[j < 0 ? j + list.length : j];
  }

  assignLabel(w: number, t: number, p: number): void {
    const b = this.inBlossom[w];
    this.label[w] = this.label[b] = t;
    this.labelEnd[w] = this.labelEnd[b] = p;
    this.bestEdge[w] = this.bestEdge[b] = -1;
    if (t === 1) this.leaves(b, this.queue);
    else {
      const mb = this.mate[this.base[b]];
      this.assignLabel(this.end(mb), 1, mb ^ 1);
    }
  }

  /** Traces back from S-vertices v and w: returns the base of a new blossom, or -1 for a path. */
  scanBlossom(v0: number, w0: number): number {
    const path: number[] = [];
    let v = v0;
    let w = w0;
    let found = -1;
    while (v !== -1 || w !== -1) {
      let b = this.inBlossom[v];
      if (this.label[b] & 4) {
        found = this.base[b];
        break;
      }
      path.push(b);
      this.label[b] = 5;
      if (this.labelEnd[b] === -1) v = -1;
      else {
        v = this.end(this.labelEnd[b]);
        b = this.inBlossom[v];
        v = this.end(this.labelEnd[b]);
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) this.label[b] = 1;
    return found;
  }

  addBlossom(bv0: number, k: number): void {
    const bb = this.inBlossom[bv0];
    let bv = this.inBlossom[this.eu[k]];
    let bw = this.inBlossom[this.ev[k]];
    const b = this.unused.pop()!;
    this.base[b] = bv0;
    this.parent[b] = -1;
    this.parent[bb] = b;
    const path: number[] = [];
    const eps: number[] = [];
    while (bv !== bb) {
      this.parent[bv] = b;
      path.push(bv);
      eps.push(this.labelEnd[bv]);
      bv = this.inBlossom[this.end(this.labelEnd[bv])];
    }
    path.push(bb);
    path.reverse();
    eps.reverse();
    eps.push(2 * k);
    while (bw !== bb) {
      this.parent[bw] = b;
      path.push(bw);
      eps.push(this.labelEnd[bw] ^ 1);
      bw = this.inBlossom[this.end(this.labelEnd[bw])];
    }
    this.childs[b] = path;
    this.endps[b] = eps;
    this.label[b] = 1;
    this.labelEnd[b] = this.labelEnd[bb];
    this.dual[b] = 0;
    for (const v of this.leaves(b)) {
      if (this.label[this.inBlossom[v]] === 2) this.queue.push(v);
      this.inBlossom[v] = b;
    }
    // Least-slack edges from the new blossom to each neighbouring S-blossom.
    const bestTo = new Int32Array(2 * this.nv).fill(-1);
    for (const sub of path) {
      const lists: ArrayLike<number>[] = [];
      if (this.bestEdges[sub] === null) {
        for (const v of this.leaves(sub)) {
          const ks: number[] = [];
          for (let i = this.nbStart[v]; i < this.nbStart[v + 1]; i++) ks.push(this.nb[i] >> 1);
          lists.push(ks);
        }
      } else lists.push(this.bestEdges[sub]!);
      for (const list of lists) {
        for (let x = 0; x < list.length; x++) {
          const k2 = list[x];
          let j = this.ev[k2];
          if (this.inBlossom[j] === b) j = this.eu[k2];
          const bj = this.inBlossom[j];
          if (
            bj !== b &&
            this.label[bj] === 1 &&
            (bestTo[bj] === -1 || this.slack(k2) < this.slack(bestTo[bj]))
          ) {
            bestTo[bj] = k2;
          }
        }
      }
      this.bestEdges[sub] = null;
      this.bestEdge[sub] = -1;
    }
    const own: number[] = [];
    for (let i = 0; i < bestTo.length; i++) if (bestTo[i] !== -1) own.push(bestTo[i]);
    this.bestEdges[b] = own;
    this.bestEdge[b] = -1;
    for (const k2 of own)
      if (this.bestEdge[b] === -1 || this.slack(k2) < this.slack(this.bestEdge[b]))
        this.bestEdge[b] = k2;
  }

  expandBlossom(b: number, endStage: boolean): void {
    const cs = this.childs[b]!;
    const es = this.endps[b]!;
    for (const s of cs) {
      this.parent[s] = -1;
      if (s < this.nv) this.inBlossom[s] = s;
      else if (endStage && this.dual[s] === 0) this.expandBlossom(s, endStage);
      else for (const v of this.leaves(s)) this.inBlossom[v] = s;
    }
    if (!endStage && this.label[b] === 2) {
      // Relabel the sub-blossoms on the even path from the entry child to the base.
      const entry = this.inBlossom[this.end(this.labelEnd[b] ^ 1)];
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
      let p = this.labelEnd[b];
      while (j !== 0) {
        this.label[this.end(p ^ 1)] = 0;
        this.label[this.end(this.at(es, j - trick) ^ trick ^ 1)] = 0;
        this.assignLabel(this.end(p ^ 1), 2, p);
        this.allow[this.at(es, j - trick) >> 1] = 1;
        j += step;
        p = this.at(es, j - trick) ^ trick;
        this.allow[p >> 1] = 1;
        j += step;
      }
      const bv = this.at(cs, j);
      this.label[this.end(p ^ 1)] = this.label[bv] = 2;
      this.labelEnd[this.end(p ^ 1)] = this.labelEnd[bv] = p;
      this.bestEdge[bv] = -1;
      j += step;
      while (this.at(cs, j) !== entry) {
        const sub = this.at(cs, j);
        if (this.label[sub] !== 1) {
          const reached = this.leaves(sub).find((v) => this.label[v] !== 0);
          if (reached !== undefined) {
            this.label[reached] = 0;
            this.label[this.end(this.mate[this.base[sub]])] = 0;
            this.assignLabel(reached, 2, this.labelEnd[reached]);
          }
        }
        j += step;
      }
    }
    this.label[b] = this.labelEnd[b] = -1;
    this.childs[b] = this.endps[b] = this.bestEdges[b] = null;
    this.base[b] = -1;
    this.bestEdge[b] = -1;
    this.unused.push(b);
  }

  /** Flips the alternating path inside blossom b from vertex v to the base; v becomes the base. */
  augmentBlossom(b: number, v: number): void {
    let t = v;
    while (this.parent[t] !== b) t = this.parent[t];
    if (t >= this.nv) this.augmentBlossom(t, v);
    const cs = this.childs[b]!;
    const es = this.endps[b]!;
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
      t = this.at(cs, j);
      const p = this.at(es, j - trick) ^ trick;
      if (t >= this.nv) this.augmentBlossom(t, this.end(p));
      j += step;
      t = this.at(cs, j);
      if (t >= this.nv) this.augmentBlossom(t, this.end(p ^ 1));
      this.mate[this.end(p)] = p ^ 1;
      this.mate[this.end(p ^ 1)] = p;
    }
    this.childs[b] = cs.slice(i).concat(cs.slice(0, i));
    this.endps[b] = es.slice(i).concat(es.slice(0, i));
    this.base[b] = this.base[this.childs[b]![0]];
  }

  augmentMatching(k: number): void {
    for (const [s0, p0] of [
      [this.eu[k], 2 * k + 1],
      [this.ev[k], 2 * k],
    ]) {
      let s = s0;
      let p = p0;
      for (;;) {
        const bs = this.inBlossom[s];
        if (bs >= this.nv) this.augmentBlossom(bs, s);
        this.mate[s] = p;
        if (this.labelEnd[bs] === -1) break;
        const bt = this.inBlossom[this.end(this.labelEnd[bs])];
        s = this.end(this.labelEnd[bt]);
        const j = this.end(this.labelEnd[bt] ^ 1);
        if (bt >= this.nv) this.augmentBlossom(bt, j);
        this.mate[j] = this.labelEnd[bt];
        p = this.labelEnd[bt] ^ 1;
      }
    }
  }
}
