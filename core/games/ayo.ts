/**
 * Ayo (docs/rules.md, id `ayo`). Board indices 0..11 are pits 1..12; seat 0 owns 0..5, seat 1 owns 6..11.
 * Moves are pit numbers 1..12 (absolute) or 0 for a forced pass. The repetition rule needs the
 * game's history, so it lives in the state layer (`index.ts`), switched on by `vsComputer`.
 */
import { END_REASONS, engineError, err, ok, type Result, type EngineError, type Seat } from "../types.js";
import {
  H_PLY,
  H_REASON,
  H_RESULT,
  H_TO_MOVE,
  HEADER_SIZE,
  RESULT_NONE,
  RESULT_WIN0,
  RESULT_WIN1,
  isPlainObject,
  setScored,
  type Engine,
  type RuleSet,
  type TraceEvent,
} from "./engine.js";

export interface AyoOptions {
  readonly [key: string]: boolean;
  /** Apply the repetition rule (games against the computer only). */
  readonly vsComputer: boolean;
}

const P = 12;
const TOTAL = 48;
const S0 = P;
const TO_MOVE = P + H_TO_MOVE;
const PLY = P + H_PLY;
const RESULT = P + H_RESULT;
const REASON = P + H_REASON;

const R_CAPTURES = END_REASONS.indexOf("captures");
const R_FEW = END_REASONS.indexOf("few-seeds");

const NEXT = Int32Array.from({ length: P }, (_, i) => (i + 1) % P);
const OWN: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5],
  [6, 7, 8, 9, 10, 11],
];

function sideSum(buf: Int32Array, seat: number): number {
  const b = seat * 6;
  return buf[b] + buf[b + 1] + buf[b + 2] + buf[b + 3] + buf[b + 4] + buf[b + 5];
}

function settle(buf: Int32Array, trace: TraceEvent[] | null): void {
  const a = buf[S0];
  const b = buf[S0 + 1];
  if (a >= 25 || b >= 25) setScored(buf, P, a, b, R_CAPTURES);
  else if (sideSum(buf, 0) + sideSum(buf, 1) < 4) setScored(buf, P, a, b, R_FEW);
  else return;
  if (trace !== null) {
    const r = buf[RESULT];
    trace.push({
      t: "end",
      winner: r === RESULT_WIN0 ? 0 : r === RESULT_WIN1 ? 1 : null,
      reason: END_REASONS[buf[REASON]],
    });
  }
}

function playInPlace(buf: Int32Array, move: number, trace: TraceEvent[] | null): void {
  const me = buf[TO_MOVE];
  if (move === 0) {
    if (trace !== null) trace.push({ t: "pass", seat: me as Seat });
  } else {
    const from = move - 1;
    let n = buf[from];
    buf[from] = 0;
    if (trace !== null) trace.push({ t: "lift", pit: from, count: n, relay: false });
    let pos = from;
    while (n > 0) {
      pos = NEXT[pos];
      if (pos === from) continue; // the origin is skipped on every lap
      buf[pos]++;
      n--;
      if (trace !== null) trace.push({ t: "sow", pit: pos });
    }
    const oppBase = 6 - me * 6;
    if (pos >= oppBase && pos < oppBase + 6) {
      let c = buf[pos];
      while (pos >= oppBase && (c === 2 || c === 3)) {
        buf[pos] = 0;
        buf[S0 + me] += c;
        if (trace !== null) trace.push({ t: "capture", pit: pos, count: c, seat: me as Seat });
        pos--;
        c = pos >= 0 ? buf[pos] : 0;
      }
    }
  }
  buf[PLY]++;
  buf[TO_MOVE] = 1 - me;
  settle(buf, trace);
}

function generate(buf: Int32Array, out: Int32Array | number[]): number {
  if (buf[RESULT] !== RESULT_NONE) return 0;
  const b = buf[TO_MOVE] * 6;
  let k = 0;
  for (let i = 0; i < 6; i++) if (buf[b + i] !== 0) out[k++] = b + i + 1;
  if (k === 0) out[k++] = 0;
  return k;
}

function isLegal(buf: Int32Array, move: number): boolean {
  if (buf[RESULT] !== RESULT_NONE || !Number.isInteger(move)) return false;
  const seat = buf[TO_MOVE];
  if (move === 0) return sideSum(buf, seat) === 0;
  const pit = move - 1;
  return pit >= seat * 6 && pit < seat * 6 + 6 && buf[pit] !== 0;
}

function init(buf: Int32Array): void {
  buf.fill(0);
  buf.fill(4, 0, P);
}

function validate(buf: Int32Array): string | null {
  let sum = 0;
  for (let i = 0; i < P + 2; i++) {
    if (buf[i] < 0) return "counts must not be negative";
    sum += buf[i];
  }
  if (sum !== TOTAL) return `board and stores must hold ${TOTAL} seeds, not ${sum}`;
  return null;
}

function makeEngine(options: AyoOptions): Engine {
  return {
    game: "ayo",
    options,
    pits: P,
    size: P + HEADER_SIZE,
    total: TOTAL,
    maxMoves: 6,
    ownPits: (seat) => OWN[seat],
    moveToPit: (_seat, move) => move - 1,
    pitToMove: (_seat, pit) => pit + 1,
    init,
    generate,
    isLegal,
    playInPlace,
    playInto(src: Int32Array, dst: Int32Array, move: number): void {
      // Unrolled copy of the 21 cells: a fraction of the cost of \`set\` on so small an array.
      dst[0] = src[0];
      dst[1] = src[1];
      dst[2] = src[2];
      dst[3] = src[3];
      dst[4] = src[4];
      dst[5] = src[5];
      dst[6] = src[6];
      dst[7] = src[7];
      dst[8] = src[8];
      dst[9] = src[9];
      dst[10] = src[10];
      dst[11] = src[11];
      dst[12] = src[12];
      dst[13] = src[13];
      dst[14] = src[14];
      dst[15] = src[15];
      dst[16] = src[16];
      dst[17] = src[17];
      dst[18] = src[18];
      dst[19] = src[19];
      dst[20] = src[20];
      playInPlace(dst, move, null);
    },
    validate,
    settle: (buf) => settle(buf, null),
  };
}

const ENGINES = [makeEngine({ vsComputer: false }), makeEngine({ vsComputer: true })];

export const ayo: RuleSet<AyoOptions> = {
  id: "ayo",
  defaults: { vsComputer: false },
  parseOptions(raw: unknown): Result<AyoOptions, EngineError> {
    if (raw === undefined || raw === null) return ok({ vsComputer: false });
    if (!isPlainObject(raw)) return err(engineError("options/invalid", "ayo options must be an object"));
    for (const key of Object.keys(raw)) {
      if (key !== "vsComputer") return err(engineError("options/invalid", `unknown ayo option "${key}"`));
    }
    const v = raw.vsComputer;
    if (v !== undefined && typeof v !== "boolean") {
      return err(engineError("options/invalid", "ayo option vsComputer must be true or false"));
    }
    return ok({ vsComputer: v === true });
  },
  create: (options) => ENGINES[options.vsComputer ? 1 : 0],
};
