/**
 * A deliberately plain second implementation of docs/rules.md, used only by tests as an oracle for the
 * fast engine (differential testing). Objects and arrays, written straight from the rule text, no
 * shared code with the engine.
 */
export interface RefState {
  game: "togyz" | "ayo" | "tsoro-classic" | "tsoro-wta";
  holes: number;
  board: number[];
  stores: [number, number];
  toMove: 0 | 1;
  ply: number;
  quiet: number;
  /** Togyz: opponent-side pit number 1..9 each seat owns, or null. */
  tuzdyk: [number | null, number | null];
  result: { winner: 0 | 1 | null; reason: string } | null;
}

export function refInit(game: RefState["game"], holes = 8, seeds = 2): RefState {
  const count = game === "togyz" ? 18 : game === "ayo" ? 12 : 4 * holes;
  const per = game === "togyz" ? 9 : game === "ayo" ? 4 : seeds;
  return {
    game,
    holes,
    board: new Array(count).fill(per),
    stores: [0, 0],
    toMove: 0,
    ply: 0,
    quiet: 0,
    tuzdyk: [null, null],
    result: null,
  };
}

function sum(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

function side(s: RefState, seat: 0 | 1): number[] {
  const half = s.board.length / 2;
  return s.board.slice(seat * half, seat * half + half);
}

function scored(a: number, b: number, reason: string): RefState["result"] {
  return { winner: a > b ? 0 : b > a ? 1 : null, reason };
}

export function refMoves(s: RefState): number[] {
  if (s.result) return [];
  const own = side(s, s.toMove);
  if (s.game === "togyz") return own.flatMap((c, i) => (c > 0 ? [i + 1] : []));
  if (s.game === "ayo") {
    const ms = own.flatMap((c, i) => (c > 0 ? [s.toMove * 6 + i + 1] : []));
    return ms.length ? ms : [0];
  }
  return own.flatMap((c, i) => (c > 0 ? [i] : []));
}

export function refPlay(s0: RefState, move: number): RefState {
  const s: RefState = structuredClone(s0);
  const me = s.toMove;
  const opp = (1 - me) as 0 | 1;
  if (s.game === "togyz") togyz(s, me, opp, move);
  else if (s.game === "ayo") ayo(s, me, opp, move);
  else tsoro(s, me, opp, move);
  s.ply += 1;
  s.toMove = opp;
  end(s);
  return s;
}

function togyz(s: RefState, me: 0 | 1, opp: 0 | 1, move: number): void {
  // tuzdyk owned by seat k sits on the other side: board index of it
  const tuzIndex = (k: 0 | 1) => (s.tuzdyk[k] === null ? -1 : (1 - k) * 9 + (s.tuzdyk[k] as number) - 1);
  const start = me * 9 + move - 1;
  const n = s.board[start];
  s.board[start] = 0;
  const targets: number[] = [];
  if (n === 1) targets.push((start + 1) % 18);
  else for (let k = 0; k < n; k++) targets.push((start + k) % 18);
  for (const t of targets) {
    if (t === tuzIndex(0)) s.stores[0]++;
    else if (t === tuzIndex(1)) s.stores[1]++;
    else s.board[t]++;
  }
  const last = targets[targets.length - 1];
  const onOpp = Math.floor(last / 9) === opp;
  if (!onOpp || last === tuzIndex(0) || last === tuzIndex(1)) return;
  const c = s.board[last];
  if (c % 2 === 0) {
    s.stores[me] += c;
    s.board[last] = 0;
  } else if (c === 3) {
    const number = (last % 9) + 1;
    const theirs = s.tuzdyk[opp];
    if (s.tuzdyk[me] === null && number !== 9 && theirs !== number) {
      s.tuzdyk[me] = number;
      s.stores[me] += 3;
      s.board[last] = 0;
    }
  }
}

function ayo(s: RefState, me: 0 | 1, opp: 0 | 1, move: number): void {
  if (move === 0) return;
  const start = move - 1;
  let n = s.board[start];
  s.board[start] = 0;
  let pos = start;
  while (n > 0) {
    pos = (pos + 1) % 12;
    if (pos === start) continue;
    s.board[pos]++;
    n--;
  }
  const oppPits = opp === 0 ? [0, 1, 2, 3, 4, 5] : [6, 7, 8, 9, 10, 11];
  while (oppPits.includes(pos) && (s.board[pos] === 2 || s.board[pos] === 3)) {
    s.stores[me] += s.board[pos];
    s.board[pos] = 0;
    pos -= 1;
  }
}

function tsoro(s: RefState, me: 0 | 1, opp: 0 | 1, move: number): void {
  const n = s.holes;
  const wta = s.game === "tsoro-wta";
  const idx = (seat: 0 | 1, h: number) => seat * 2 * n + h;
  let h = move;
  let inHand = s.board[idx(me, h)];
  s.board[idx(me, h)] = 0;
  let relays = 0;
  let struck = false;
  for (;;) {
    while (inHand > 0) {
      h = (h + 1) % (2 * n);
      s.board[idx(me, h)]++;
      inHand--;
    }
    const here = s.board[idx(me, h)];
    if (here === 1) break;
    const top = h >= n;
    if (top) {
      const k = h - n;
      const facing = idx(opp, n + (n - 1 - k));
      const behind = idx(opp, k);
      if (s.board[facing] > 0) {
        const got = s.board[facing] + s.board[behind];
        s.board[facing] = 0;
        s.board[behind] = 0;
        struck = true;
        if (!wta) {
          s.stores[me] += got;
          break;
        }
        inHand = got;
        continue;
      }
      if (wta) break;
    }
    if (relays === 100) break;
    relays++;
    inHand = here;
    s.board[idx(me, h)] = 0;
  }
  s.quiet = struck ? 0 : s.quiet + 1;
}

function end(s: RefState): void {
  if (s.game === "togyz") {
    const [a, b] = s.stores;
    if (a >= 82) s.result = { winner: 0, reason: "kazan" };
    else if (b >= 82) s.result = { winner: 1, reason: "kazan" };
    else if (a === 81 && b === 81) s.result = { winner: null, reason: "kazan-draw" };
    else if (sum(side(s, s.toMove)) === 0) {
      s.stores[0] += sum(side(s, 0));
      s.stores[1] += sum(side(s, 1));
      s.board.fill(0);
      s.result = scored(s.stores[0], s.stores[1], "atsyz");
    }
  } else if (s.game === "ayo") {
    if (s.stores[0] >= 25 || s.stores[1] >= 25) s.result = scored(s.stores[0], s.stores[1], "captures");
    else if (sum(s.board) < 4) s.result = scored(s.stores[0], s.stores[1], "few-seeds");
  } else {
    const wta = s.game === "tsoro-wta";
    if (sum(side(s, s.toMove)) === 0) s.result = { winner: s.toMove === 0 ? 1 : 0, reason: "no-seeds" };
    else if (s.quiet >= (wta ? 80 : 50))
      s.result = scored(sum(side(s, 0)), sum(side(s, 1)), wta ? "no-take" : "no-capture");
    else if (wta && s.ply >= 400) s.result = scored(sum(side(s, 0)), sum(side(s, 1)), "move-limit");
  }
}

export function refPerft(s: RefState, depth: number): number {
  if (depth === 0 || s.result) return 1;
  let n = 0;
  for (const m of refMoves(s)) n += refPerft(refPlay(s, m), depth - 1);
  return n;
}
