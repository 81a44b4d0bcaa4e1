/**
 * Togyz kumalak (docs/rules.md, id `togyz`). Board indices 0..8 are seat 0's pits 1..9, 9..17 seat 1's.
 * Sowing goes up the index and wraps 17 → 0; `NEXT` is that ring, built once at load.
 */
import { END_REASONS, engineError, err, ok, type Result, type EngineError, type Seat } from "../types.js";
import {
  H_PLY,
  H_QUIET,
  H_REASON,
  H_RESULT,
  H_TO_MOVE,
  H_TUZ0,
  H_TUZ1,
  HEADER_SIZE,
  RESULT_DRAW,
  RESULT_NONE,
  RESULT_WIN0,
  RESULT_WIN1,
  isPlainObject,
  setScored,
  type Engine,
  type RuleSet,
  type TraceEvent,
} from "./engine.js";

export type TogyzOptions = Readonly<Record<string, never>>;

const P = 18;
const STONES = 9;
const TOTAL = 162;
const WIN = 82;
const S0 = P;
const S1 = P + 1;
const TO_MOVE = P + H_TO_MOVE;
const PLY = P + H_PLY;
const QUIET = P + H_QUIET;
const TUZ0 = P + H_TUZ0;
const TUZ1 = P + H_TUZ1;
const RESULT = P + H_RESULT;
const REASON = P + H_REASON;

const R_KAZAN = END_REASONS.indexOf("kazan");
const R_KAZAN_DRAW = END_REASONS.indexOf("kazan-draw");
const R_ATSYZ = END_REASONS.indexOf("atsyz");

/** Next pit in sowing order. */
const NEXT = Int32Array.from({ length: P }, (_, i) => (i + 1) % P);
const OWN: readonly (readonly number[])[] = [
  Array.from({ length: 9 }, (_, i) => i),
  Array.from({ length: 9 }, (_, i) => 9 + i),
];

function sideSum(buf: Int32Array, seat: number): number {
  const b = seat * 9;
  return buf[b] + buf[b + 1] + buf[b + 2] + buf[b + 3] + buf[b + 4] + buf[b + 5] + buf[b + 6] + buf[b + 7] + buf[b + 8];
}

/** End checks for the position just reached, in docs/rules.md's order. */
function settle(buf: Int32Array, trace: TraceEvent[] | null): void {
  const k0 = buf[S0];
  const k1 = buf[S1];
  if (k0 >= WIN || k1 >= WIN) {
    buf[RESULT] = k0 >= WIN ? RESULT_WIN0 : RESULT_WIN1;
    buf[REASON] = R_KAZAN;
  } else if (k0 === 81 && k1 === 81) {
    buf[RESULT] = RESULT_DRAW;
    buf[REASON] = R_KAZAN_DRAW;
  } else if (sideSum(buf, buf[TO_MOVE]) === 0) {
    const a = sideSum(buf, 0);
    const b = sideSum(buf, 1);
    buf.fill(0, 0, P);
    buf[S0] += a;
    buf[S1] += b;
    if (trace !== null) {
      trace.push({ t: "collect", seat: 0, count: a }, { t: "collect", seat: 1, count: b });
    }
    setScored(buf, P, buf[S0], buf[S1], R_ATSYZ);
  } else {
    return;
  }
  if (trace !== null) {
    const r = buf[RESULT];
    trace.push({
      t: "end",
      winner: r === RESULT_WIN0 ? 0 : r === RESULT_WIN1 ? 1 : null,
      reason: END_REASONS[buf[REASON]],
    });
  }
}

/**
 * `OPP_COVER[seat * 342 + from * 19 + n]`: how many of the opponent's pits a sowing of `n` (< 18)
 * stones from pit `from` by `seat` reaches (for one stone, `from` is the pit after the origin). With
 * three or more, or a full lap, the opponent surely still has stones after the move (one of those pits
 * may be a tuzdyk and one may be captured), so the atsyz test need not read their side. Built at load,
 * 684 entries.
 */
const OPP_COVER = new Int32Array(2 * 18 * 19);
for (let start = 0; start < 18; start++) {
  for (let r = 0; r <= 18; r++) {
    let cover1 = 0; // pits of seat 1 reached: the opponent's when seat 0 moves
    for (let k = 0; k < r; k++) if ((start + k) % 18 >= 9) cover1++;
    OPP_COVER[start * 19 + r] = cover1;
    OPP_COVER[342 + start * 19 + r] = r - cover1;
  }
}

/**
 * `RUN[from * 19 + r]`: the pits (bit i for pit i) that get one stone from a run of `r` (< 19) stones
 * sown from pit `from` on, wrapping 17 → 0; `LAST[...]` the pit the run ends in (for `r` = 0 the pit
 * before `from`, where a whole number of laps ends). A single stone uses the key of a run of one from
 * the next pit. Built at load, 342 entries each.
 */
const RUN = new Int32Array(18 * 19);
const LAST = new Int32Array(18 * 19);
for (let from = 0; from < 18; from++) {
  for (let r = 0; r <= 18; r++) {
    let mask = 0;
    for (let k = 0; k < r; k++) mask |= 1 << ((from + k) % 18);
    RUN[from * 19 + r] = mask;
    LAST[from * 19 + r] = (from + r + 17) % 18;
  }
}

/**
 * The search fast path (no trace): `dst` becomes `src` with `move` played; `src` is unchanged unless
 * it is `dst` (in place). Measured with `perft --no-bulk` (profiled: this function is most of the
 * walk): the copy and the sowing are one unrolled pass over the 18 pits adding the run's bit for each
 * pit (`RUN`), so no loop depends on the stone count and no branch guesses where the run ends; full
 * laps of a big pit (18 or more stones, rare) take a loop. A tuzdyk pit always holds nothing, so it
 * is sown like any pit and its stones moved on to the owner's kazan afterwards.
 */
function playInto(src: Int32Array, dst: Int32Array, move: number): void {
  const me = src[TO_MOVE];
  const from = me * 9 + move - 1;
  let n = src[from];
  let laps = 0;
  let key: number;
  if (n === 1) {
    key = (from === 17 ? 0 : from + 1) * 19 + 1;
  } else {
    if (n >= 18) {
      laps = (n / 18) | 0;
      n -= laps * 18;
    }
    key = from * 19 + n;
  }
  const m = RUN[key];
  if (laps === 0) {
    dst[0] = src[0] + (m & 1);
    dst[1] = src[1] + ((m >>> 1) & 1);
    dst[2] = src[2] + ((m >>> 2) & 1);
    dst[3] = src[3] + ((m >>> 3) & 1);
    dst[4] = src[4] + ((m >>> 4) & 1);
    dst[5] = src[5] + ((m >>> 5) & 1);
    dst[6] = src[6] + ((m >>> 6) & 1);
    dst[7] = src[7] + ((m >>> 7) & 1);
    dst[8] = src[8] + ((m >>> 8) & 1);
    dst[9] = src[9] + ((m >>> 9) & 1);
    dst[10] = src[10] + ((m >>> 10) & 1);
    dst[11] = src[11] + ((m >>> 11) & 1);
    dst[12] = src[12] + ((m >>> 12) & 1);
    dst[13] = src[13] + ((m >>> 13) & 1);
    dst[14] = src[14] + ((m >>> 14) & 1);
    dst[15] = src[15] + ((m >>> 15) & 1);
    dst[16] = src[16] + ((m >>> 16) & 1);
    dst[17] = src[17] + ((m >>> 17) & 1);
    dst[from] = (m >>> from) & 1;
  } else {
    for (let i = 0; i < 18; i++) dst[i] = src[i] + laps + ((m >>> i) & 1);
    dst[from] = laps + ((m >>> from) & 1);
  }
  const t0 = src[TUZ0];
  const t1 = src[TUZ1];
  let k0 = src[S0];
  let k1 = src[S1];
  dst[TUZ0] = t0;
  dst[TUZ1] = t1;
  dst[QUIET] = src[QUIET];
  dst[RESULT] = src[RESULT];
  dst[REASON] = src[REASON];
  if (t0 !== -1) {
    k0 += dst[t0];
    dst[t0] = 0;
  }
  if (t1 !== -1) {
    k1 += dst[t1];
    dst[t1] = 0;
  }
  const last = LAST[key];
  const opp = 1 - me;
  const oppBase = opp * 9;
  // A run ending on the opponent's side. The opponent's tuzdyk lies on the mover's side, and the
  // mover's own one was emptied above, so ending there captures nothing (an even count of 0).
  if ((last - oppBase) >>> 0 < 9) {
    const c = dst[last];
    if (c === 3) {
      const number = last - oppBase; // 0-based pit number on the opponent's side
      const oppTuz = me === 0 ? t1 : t0; // on the mover's side, or -1
      if ((me === 0 ? t0 : t1) === -1 && number !== 8 && (oppTuz === -1 || oppTuz - me * 9 !== number)) {
        dst[TUZ0 + me] = last;
        dst[last] = 0;
        if (me === 0) k0 += 3;
        else k1 += 3;
      }
    } else {
      // Without a branch on the count's parity (half the time either way): all of an even count.
      const taken = c & ((c & 1) - 1);
      dst[last] = c - taken;
      if (me === 0) k0 += taken;
      else k1 += taken;
    }
  }
  dst[S0] = k0;
  dst[S1] = k1;
  dst[PLY] = src[PLY] + 1;
  dst[TO_MOVE] = opp;
  if (
    k0 >= WIN ||
    k1 >= WIN ||
    (k0 === 81 && k1 === 81) ||
    (laps === 0 && OPP_COVER[me * 342 + key] < 3 && sideSum(dst, opp) === 0)
  ) {
    settle(dst, null);
  }
}

/**
 * The sowing tables, for togyz-wasm.ts (a function, not exported bindings: under the module
 * transform the tools use, an exported table read in `playInto` made perft 8% slower).
 */
export function togyzTables(): { readonly run: Int32Array; readonly last: Int32Array; readonly oppCover: Int32Array } {
  return { run: RUN, last: LAST, oppCover: OPP_COVER };
}

function playInPlace(buf: Int32Array, move: number, trace: TraceEvent[] | null): void {
  if (trace === null) {
    playInto(buf, buf, move);
    return;
  }
  const me = buf[TO_MOVE];
  const opp = 1 - me;
  const from = me * 9 + move - 1;
  let n = buf[from];
  buf[from] = 0;
  const t0 = buf[TUZ0];
  const t1 = buf[TUZ1];
  trace.push({ t: "lift", pit: from, count: n, relay: false });
  // A single stone moves on; otherwise the first stone goes back into the origin pit.
  let pos = n === 1 ? NEXT[from] : from;
  for (;;) {
    if (pos === t0) {
      buf[S0]++;
      trace.push({ t: "tuzdyk-sow", pit: pos, owner: 0 });
    } else if (pos === t1) {
      buf[S1]++;
      trace.push({ t: "tuzdyk-sow", pit: pos, owner: 1 });
    } else {
      buf[pos]++;
      trace.push({ t: "sow", pit: pos });
    }
    if (--n === 0) break;
    pos = NEXT[pos];
  }
  const oppBase = opp * 9;
  if (pos >= oppBase && pos < oppBase + 9 && pos !== t0 && pos !== t1) {
    const c = buf[pos];
    if ((c & 1) === 0) {
      buf[pos] = 0;
      buf[S0 + me] += c;
      trace.push({ t: "capture", pit: pos, count: c, seat: me as Seat });
    } else if (c === 3) {
      const number = pos - oppBase; // 0-based pit number on the opponent's side
      const oppTuz = buf[TUZ0 + opp]; // on the mover's side, or -1
      if (buf[TUZ0 + me] === -1 && number !== 8 && (oppTuz === -1 || oppTuz - me * 9 !== number)) {
        buf[TUZ0 + me] = pos;
        buf[pos] = 0;
        buf[S0 + me] += 3;
        trace.push({ t: "tuzdyk", pit: pos, seat: me as Seat }, { t: "capture", pit: pos, count: 3, seat: me as Seat });
      }
    }
  }
  buf[PLY]++;
  buf[TO_MOVE] = opp;
  settle(buf, trace);
}

function generate(buf: Int32Array, out: Int32Array | number[]): number {
  if (buf[RESULT] !== RESULT_NONE) return 0;
  const b = buf[TO_MOVE] * 9;
  let k = 0;
  for (let i = 0; i < 9; i++) if (buf[b + i] !== 0) out[k++] = i + 1;
  return k;
}

function isLegal(buf: Int32Array, move: number): boolean {
  if (buf[RESULT] !== RESULT_NONE || !Number.isInteger(move) || move < 1 || move > 9) return false;
  return buf[buf[TO_MOVE] * 9 + move - 1] !== 0;
}

function init(buf: Int32Array): void {
  buf.fill(0);
  buf.fill(STONES, 0, P);
  buf[TUZ0] = -1;
  buf[TUZ1] = -1;
}

function validate(buf: Int32Array): string | null {
  let sum = 0;
  for (let i = 0; i < P + 2; i++) {
    if (buf[i] < 0) return "counts must not be negative";
    sum += buf[i];
  }
  if (sum !== TOTAL) return `board and kazans must hold ${TOTAL} stones, not ${sum}`;
  const t0 = buf[TUZ0];
  const t1 = buf[TUZ1];
  if (t0 !== -1 && (t0 < 9 || t0 > 16)) return "seat 0's tuzdyk must be one of seat 1's pits 1..8";
  if (t1 !== -1 && (t1 < 0 || t1 > 7)) return "seat 1's tuzdyk must be one of seat 0's pits 1..8";
  if (t0 !== -1 && t1 !== -1 && t0 - 9 === t1) return "the two tuzdyks cannot have the same pit number";
  if ((t0 !== -1 && buf[t0] !== 0) || (t1 !== -1 && buf[t1] !== 0)) return "a tuzdyk pit holds no stones";
  return null;
}

export const togyzEngine: Engine = {
  game: "togyz",
  options: {},
  pits: P,
  size: P + HEADER_SIZE,
  total: TOTAL,
  maxMoves: 9,
  ownPits: (seat) => OWN[seat],
  moveToPit: (seat, move) => seat * 9 + move - 1,
  pitToMove: (seat, pit) => pit - seat * 9 + 1,
  init,
  generate,
  isLegal,
  playInPlace,
  playInto,
  validate,
  settle: (buf) => settle(buf, null),
};

export const togyz: RuleSet<TogyzOptions> = {
  id: "togyz",
  defaults: {},
  parseOptions(raw: unknown): Result<TogyzOptions, EngineError> {
    if (raw === undefined || raw === null) return ok({});
    if (!isPlainObject(raw)) return err(engineError("options/invalid", "togyz options must be an object"));
    const extra = Object.keys(raw);
    if (extra.length > 0)
      return err(engineError("options/invalid", `togyz takes no options (got ${extra.join(", ")})`));
    return ok({});
  },
  create: () => togyzEngine,
};
