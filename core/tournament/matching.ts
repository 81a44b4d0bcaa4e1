/**
 * Maximum-weight matching in a general graph (Edmonds' blossom algorithm with dual variables,
 * O(n³)), after Joris van Rantwijk's public-domain reference implementation (mwmatching.py),
 * written here in TypeScript. Swiss pairing (swiss.ts) encodes its rules as edge weights and asks
 * for the heaviest matching among those of maximum cardinality.
 *
 * Weights must be integers (then every computation stays in integers, the reference's note);
 * keep them below 2^50 so that twice a dual stays exact in a double.
 */

export type Edge = readonly [number, number, number];

/** mate[v] is the vertex matched to v, or -1. Deterministic for the same edge list. */
export function maxWeightMatching(edges: readonly Edge[], maxCardinality: boolean): number[] {
  const nedge = edges.length;
  let nvertex = 0;
  for (const [i, j] of edges) nvertex = Math.max(nvertex, i + 1, j + 1);
  if (nedge === 0) return Array<number>(nvertex).fill(-1);
  const maxweight = Math.max(0, ...edges.map((e) => e[2]));
  const endpoint: number[] = [];
  for (let p = 0; p < 2 * nedge; p++) endpoint.push(edges[p >> 1][p & 1]);
  const neighbend: number[][] = Array.from({ length: nvertex }, () => []);
  edges.forEach(([i, j], k) => {
    neighbend[i].push(2 * k + 1);
    neighbend[j].push(2 * k);
  });
  const mate = Array<number>(nvertex).fill(-1);
  const label = Array<number>(2 * nvertex).fill(0);
  const labelend = Array<number>(2 * nvertex).fill(-1);
  const inblossom = Array.from({ length: nvertex }, (_, i) => i);
  const blossomparent = Array<number>(2 * nvertex).fill(-1);
  const blossomchilds: (number[] | null)[] = Array<number[] | null>(2 * nvertex).fill(null);
  const blossombase = [...Array.from({ length: nvertex }, (_, i) => i), ...Array<number>(nvertex).fill(-1)];
  const blossomendps: (number[] | null)[] = Array<number[] | null>(2 * nvertex).fill(null);
  const bestedge = Array<number>(2 * nvertex).fill(-1);
  const blossombestedges: (number[] | null)[] = Array<number[] | null>(2 * nvertex).fill(null);
  const unusedblossoms = Array.from({ length: nvertex }, (_, i) => nvertex + i);
  const dualvar = [...Array<number>(nvertex).fill(maxweight), ...Array<number>(nvertex).fill(0)];
  const allowedge = Array<boolean>(nedge).fill(false);
  let queue: number[] = [];

  const at = <T>(xs: readonly T[], i: number): T => xs[i < 0 ? i + xs.length : i];
  const childs = (b: number): number[] => blossomchilds[b] ?? [];
  const endps = (b: number): number[] => blossomendps[b] ?? [];
  const slack = (k: number): number => dualvar[edges[k][0]] + dualvar[edges[k][1]] - 2 * edges[k][2];

  function leaves(b: number, out: number[] = []): number[] {
    if (b < nvertex) out.push(b);
    else for (const t of childs(b)) leaves(t, out);
    return out;
  }

  function assignLabel(w: number, t: number, p: number): void {
    const b = inblossom[w];
    label[w] = label[b] = t;
    labelend[w] = labelend[b] = p;
    bestedge[w] = bestedge[b] = -1;
    if (t === 1) queue.push(...leaves(b));
    else if (t === 2) {
      const base = blossombase[b];
      assignLabel(endpoint[mate[base]], 1, mate[base] ^ 1);
    }
  }

  function scanBlossom(v0: number, w0: number): number {
    let v = v0;
    let w = w0;
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = inblossom[v];
      if (label[b] & 4) {
        base = blossombase[b];
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelend[b] === -1) v = -1;
      else {
        v = endpoint[labelend[b]];
        b = inblossom[v];
        v = endpoint[labelend[b]];
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) label[b] = 1;
    return base;
  }

  function addBlossom(base: number, k: number): void {
    let [v, w] = edges[k];
    const bb = inblossom[base];
    let bv = inblossom[v];
    let bw = inblossom[w];
    const b = unusedblossoms.pop() as number;
    blossombase[b] = base;
    blossomparent[b] = -1;
    blossomparent[bb] = b;
    const path: number[] = [];
    const eps: number[] = [];
    blossomchilds[b] = path;
    blossomendps[b] = eps;
    while (bv !== bb) {
      blossomparent[bv] = b;
      path.push(bv);
      eps.push(labelend[bv]);
      v = endpoint[labelend[bv]];
      bv = inblossom[v];
    }
    path.push(bb);
    path.reverse();
    eps.reverse();
    eps.push(2 * k);
    while (bw !== bb) {
      blossomparent[bw] = b;
      path.push(bw);
      eps.push(labelend[bw] ^ 1);
      w = endpoint[labelend[bw]];
      bw = inblossom[w];
    }
    label[b] = 1;
    labelend[b] = labelend[bb];
    dualvar[b] = 0;
    for (const x of leaves(b)) {
      if (label[inblossom[x]] === 2) queue.push(x);
      inblossom[x] = b;
    }
    const bestedgeto = Array<number>(2 * nvertex).fill(-1);
    for (const c of path) {
      const lists = blossombestedges[c] ? [blossombestedges[c]] : leaves(c).map((x) => neighbend[x].map((p) => p >> 1));
      for (const list of lists)
        for (const kk of list) {
          let [i, j] = edges[kk];
          if (inblossom[j] === b) [i, j] = [j, i];
          const bj = inblossom[j];
          if (bj !== b && label[bj] === 1 && (bestedgeto[bj] === -1 || slack(kk) < slack(bestedgeto[bj])))
            bestedgeto[bj] = kk;
        }
      blossombestedges[c] = null;
      bestedge[c] = -1;
    }
    const best = bestedgeto.filter((x) => x !== -1);
    blossombestedges[b] = best;
    bestedge[b] = -1;
    for (const kk of best) if (bestedge[b] === -1 || slack(kk) < slack(bestedge[b])) bestedge[b] = kk;
  }

  function expandBlossom(b: number, endstage: boolean): void {
    for (const s of childs(b)) {
      blossomparent[s] = -1;
      if (s < nvertex) inblossom[s] = s;
      else if (endstage && dualvar[s] === 0) expandBlossom(s, endstage);
      else for (const x of leaves(s)) inblossom[x] = s;
    }
    if (!endstage && label[b] === 2) {
      const cs = childs(b);
      const es = endps(b);
      const entrychild = inblossom[endpoint[labelend[b] ^ 1]];
      let j = cs.indexOf(entrychild);
      let jstep: number;
      let endptrick: number;
      if (j & 1) {
        j -= cs.length;
        jstep = 1;
        endptrick = 0;
      } else {
        jstep = -1;
        endptrick = 1;
      }
      let p = labelend[b];
      while (j !== 0) {
        label[endpoint[p ^ 1]] = 0;
        label[endpoint[at(es, j - endptrick) ^ endptrick ^ 1]] = 0;
        assignLabel(endpoint[p ^ 1], 2, p);
        allowedge[at(es, j - endptrick) >> 1] = true;
        j += jstep;
        p = at(es, j - endptrick) ^ endptrick;
        allowedge[p >> 1] = true;
        j += jstep;
      }
      let bv = at(cs, j);
      label[endpoint[p ^ 1]] = label[bv] = 2;
      labelend[endpoint[p ^ 1]] = labelend[bv] = p;
      bestedge[bv] = -1;
      j += jstep;
      while (at(cs, j) !== entrychild) {
        bv = at(cs, j);
        if (label[bv] === 1) {
          j += jstep;
          continue;
        }
        const found = leaves(bv).find((x) => label[x] !== 0);
        if (found !== undefined) {
          label[found] = 0;
          label[endpoint[mate[blossombase[bv]]]] = 0;
          assignLabel(found, 2, labelend[found]);
        }
        j += jstep;
      }
    }
    label[b] = labelend[b] = -1;
    blossomchilds[b] = blossomendps[b] = null;
    blossombase[b] = -1;
    blossombestedges[b] = null;
    bestedge[b] = -1;
    unusedblossoms.push(b);
  }

  function augmentBlossom(b: number, v: number): void {
    let t = v;
    while (blossomparent[t] !== b) t = blossomparent[t];
    if (t >= nvertex) augmentBlossom(t, v);
    const cs = childs(b);
    const es = endps(b);
    const i = cs.indexOf(t);
    let j = i;
    let jstep: number;
    let endptrick: number;
    if (i & 1) {
      j -= cs.length;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    while (j !== 0) {
      j += jstep;
      t = at(cs, j);
      const p = at(es, j - endptrick) ^ endptrick;
      if (t >= nvertex) augmentBlossom(t, endpoint[p]);
      j += jstep;
      t = at(cs, j);
      if (t >= nvertex) augmentBlossom(t, endpoint[p ^ 1]);
      mate[endpoint[p]] = p ^ 1;
      mate[endpoint[p ^ 1]] = p;
    }
    blossomchilds[b] = [...cs.slice(i), ...cs.slice(0, i)];
    blossomendps[b] = [...es.slice(i), ...es.slice(0, i)];
    blossombase[b] = blossombase[childs(b)[0]];
  }

  function augmentMatching(k: number): void {
    const [v, w] = edges[k];
    for (const [s0, p0] of [
      [v, 2 * k + 1],
      [w, 2 * k],
    ]) {
      let s = s0;
      let p = p0;
      for (;;) {
        const bs = inblossom[s];
        if (bs >= nvertex) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelend[bs] === -1) break;
        const t = endpoint[labelend[bs]];
        const bt = inblossom[t];
        s = endpoint[labelend[bt]];
        const j = endpoint[labelend[bt] ^ 1];
        if (bt >= nvertex) augmentBlossom(bt, j);
        mate[j] = labelend[bt];
        p = labelend[bt] ^ 1;
      }
    }
  }

  for (let stage = 0; stage < nvertex; stage++) {
    label.fill(0);
    bestedge.fill(-1);
    for (let b = nvertex; b < 2 * nvertex; b++) blossombestedges[b] = null;
    allowedge.fill(false);
    queue = [];
    for (let v = 0; v < nvertex; v++) if (mate[v] === -1 && label[inblossom[v]] === 0) assignLabel(v, 1, -1);
    let augmented = false;
    for (;;) {
      while (queue.length > 0 && !augmented) {
        const v = queue.pop() as number;
        for (const p of neighbend[v]) {
          const k = p >> 1;
          const w = endpoint[p];
          if (inblossom[v] === inblossom[w]) continue;
          let kslack = 0;
          if (!allowedge[k]) {
            kslack = slack(k);
            if (kslack <= 0) allowedge[k] = true;
          }
          if (allowedge[k]) {
            if (label[inblossom[w]] === 0) assignLabel(w, 2, p ^ 1);
            else if (label[inblossom[w]] === 1) {
              const base = scanBlossom(v, w);
              if (base >= 0) addBlossom(base, k);
              else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label[w] === 0) {
              label[w] = 2;
              labelend[w] = p ^ 1;
            }
          } else if (label[inblossom[w]] === 1) {
            const b = inblossom[v];
            if (bestedge[b] === -1 || kslack < slack(bestedge[b])) bestedge[b] = k;
          } else if (label[w] === 0) {
            if (bestedge[w] === -1 || kslack < slack(bestedge[w])) bestedge[w] = k;
          }
        }
      }
      if (augmented) break;
      let deltatype = -1;
      let delta = 0;
      let deltaedge = -1;
      let deltablossom = -1;
      if (!maxCardinality) {
        deltatype = 1;
        delta = Math.min(...dualvar.slice(0, nvertex));
      }
      for (let v = 0; v < nvertex; v++)
        if (label[inblossom[v]] === 0 && bestedge[v] !== -1) {
          const d = slack(bestedge[v]);
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 2;
            deltaedge = bestedge[v];
          }
        }
      for (let b = 0; b < 2 * nvertex; b++)
        if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
          const d = slack(bestedge[b]) / 2;
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 3;
            deltaedge = bestedge[b];
          }
        }
      for (let b = nvertex; b < 2 * nvertex; b++)
        if (
          blossombase[b] >= 0 &&
          blossomparent[b] === -1 &&
          label[b] === 2 &&
          (deltatype === -1 || dualvar[b] < delta)
        ) {
          delta = dualvar[b];
          deltatype = 4;
          deltablossom = b;
        }
      if (deltatype === -1) {
        deltatype = 1;
        delta = Math.max(0, Math.min(...dualvar.slice(0, nvertex)));
      }
      for (let v = 0; v < nvertex; v++) {
        const l = label[inblossom[v]];
        if (l === 1) dualvar[v] -= delta;
        else if (l === 2) dualvar[v] += delta;
      }
      for (let b = nvertex; b < 2 * nvertex; b++)
        if (blossombase[b] >= 0 && blossomparent[b] === -1) {
          if (label[b] === 1) dualvar[b] += delta;
          else if (label[b] === 2) dualvar[b] -= delta;
        }
      if (deltatype === 1) break;
      if (deltatype === 2) {
        allowedge[deltaedge] = true;
        const [i, j] = edges[deltaedge];
        queue.push(label[inblossom[i]] === 0 ? j : i);
      } else if (deltatype === 3) {
        allowedge[deltaedge] = true;
        queue.push(edges[deltaedge][0]);
      } else expandBlossom(deltablossom, false);
    }
    if (!augmented) break;
    for (let b = nvertex; b < 2 * nvertex; b++)
      if (blossomparent[b] === -1 && blossombase[b] >= 0 && label[b] === 1 && dualvar[b] === 0) expandBlossom(b, true);
  }
  return mate.map((p) => (p >= 0 ? endpoint[p] : -1));
}
