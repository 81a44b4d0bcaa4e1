/**
 * Tsoro, Classic (`tsoro-classic`) and Winner Takes All (`tsoro-wta`), docs/rules.md "Tsoro".
 *
 * With `n` holes a row each seat owns a ring of 2n holes, numbered 0..2n-1 in sowing order (bottom row
 * left to right, then top row right to left). The board array is seat 0's ring then seat 1's ring.
 * Top hole n+k faces the opponent's top hole 3n-1-(n+k); the hole behind that one is k. The tables
 * below (next hole, facing top, the bottom hole behind it) are built once per board size.
 */
import { END_REASONS, engineError, err, ok, type Result, type EngineError, type GameId, type Seat } from "../types.js";
import {
  H_PLY,
  H_QUIET,
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

export interface TsoroOptions {
  readonly [key: string]: number;
  /** Holes per row, 4..12. */
  readonly holes: number;
  /** Seeds per hole at the start, 1..10. */
  readonly seeds: number;
}

/** A move makes at most this many relays. */
export const MAX_RELAYS = 100;

const R_NO_SEEDS = END_REASONS.indexOf("no-seeds");
const R_NO_CAPTURE = END_REASONS.indexOf("no-capture");
const R_NO_TAKE = END_REASONS.indexOf("no-take");
const R_MOVE_LIMIT = END_REASONS.indexOf("move-limit");

function parseTsoroOptions(game: GameId, raw: unknown): Result<TsoroOptions, EngineError> {
  if (raw === undefined || raw === null) return ok({ holes: 8, seeds: 2 });
  if (!isPlainObject(raw)) return err(engineError("options/invalid", `${game} options must be an object`));
  for (const key of Object.keys(raw)) {
    if (key !== "holes" && key !== "seeds")
      return err(engineError("options/invalid", `unknown ${game} option "${key}"`));
  }
  const holes = raw.holes === undefined ? 8 : raw.holes;
  const seeds = raw.seeds === undefined ? 2 : raw.seeds;
  if (typeof holes !== "number" || !Number.isInteger(holes) || holes < 4 || holes > 12) {
    return err(engineError("options/invalid", "holes must be a whole number from 4 to 12"));
  }
  if (typeof seeds !== "number" || !Number.isInteger(seeds) || seeds < 1 || seeds > 10) {
    return err(engineError("options/invalid", "seeds must be a whole number from 1 to 10"));
  }
  return ok({ holes, seeds });
}

function makeEngine(game: "tsoro-classic" | "tsoro-wta", options: TsoroOptions): Engine {
  const wta = game === "tsoro-wta";
  const n = options.holes;
  const ring = 2 * n;
  const P = 2 * ring;
  const TOTAL = P * options.seeds;
  const S0 = P;
  const TO_MOVE = P + H_TO_MOVE;
  const PLY = P + H_PLY;
  const QUIET = P + H_QUIET;
  const RESULT = P + H_RESULT;
  const REASON = P + H_REASON;
  const QUIET_LIMIT = wta ? 80 : 50;

  // Lookup tables over board indices.
  const NEXT = new Int32Array(P);
  const FACING = new Int32Array(P).fill(-1); // opponent's facing top hole, for top holes only
  const BEHIND = new Int32Array(P).fill(-1); // the bottom hole behind that facing hole
  const OWN: number[][] = [[], []];
  for (let seat = 0; seat < 2; seat++) {
    const base = seat * ring;
    const oppBase = ring - base;
    for (let h = 0; h < ring; h++) {
      OWN[seat].push(base + h);
      NEXT[base + h] = base + ((h + 1) % ring);
      if (h >= n) {
        FACING[base + h] = oppBase + 3 * n - 1 - h;
        BEHIND[base + h] = oppBase + h - n;
      }
    }
  }

  function sideSum(buf: Int32Array, seat: number): number {
    let s = 0;
    const end = seat * ring + ring;
    for (let i = seat * ring; i < end; i++) s += buf[i];
    return s;
  }

  /** End checks when a player is about to move. */
  function settle(buf: Int32Array, trace: TraceEvent[] | null): void {
    const toMove = buf[TO_MOVE];
    if (sideSum(buf, toMove) === 0) {
      buf[RESULT] = toMove === 0 ? RESULT_WIN1 : RESULT_WIN0;
      buf[REASON] = R_NO_SEEDS;
    } else if (buf[QUIET] >= QUIET_LIMIT) {
      setScored(buf, P, sideSum(buf, 0), sideSum(buf, 1), wta ? R_NO_TAKE : R_NO_CAPTURE);
    } else if (wta && buf[PLY] >= 400) {
      setScored(buf, P, sideSum(buf, 0), sideSum(buf, 1), R_MOVE_LIMIT);
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

  /** Drops `count` seeds one per hole after `pos` along its ring; returns the last hole. */
  function sow(buf: Int32Array, pos: number, count: number, trace: TraceEvent[] | null): number {
    if (trace === null && count >= ring) {
      // Whole laps add the same to every hole of the ring.
      const laps = (count / ring) | 0;
      const base = pos < ring ? 0 : ring;
      for (let i = base; i < base + ring; i++) buf[i] += laps;
      count -= laps * ring;
      if (count === 0) return pos; // the last seed of the last lap fell into `pos` itself
    }
    while (count > 0) {
      pos = NEXT[pos];
      buf[pos]++;
      count--;
      if (trace !== null) trace.push({ t: "sow", pit: pos });
    }
    return pos;
  }

  function playInPlace(buf: Int32Array, move: number, trace: TraceEvent[] | null): void {
    const me = buf[TO_MOVE];
    let pos = me * ring + move;
    let count = buf[pos];
    buf[pos] = 0;
    if (trace !== null) trace.push({ t: "lift", pit: pos, count, relay: false });
    let relays = 0;
    let struck = false;
    for (;;) {
      pos = sow(buf, pos, count, trace);
      const here = buf[pos];
      if (here < 2) break; // landed in an empty hole
      const facing = FACING[pos];
      if (facing !== -1 && buf[facing] !== 0) {
        // Capture (Classic) or take (WTA) the facing top hole and the bottom hole behind it.
        const behind = BEHIND[pos];
        const a = buf[facing];
        const b = buf[behind];
        buf[facing] = 0;
        buf[behind] = 0;
        struck = true;
        if (!wta) {
          buf[S0 + me] += a + b;
          if (trace !== null) {
            trace.push({ t: "capture", pit: facing, count: a, seat: me as Seat });
            if (b !== 0) trace.push({ t: "capture", pit: behind, count: b, seat: me as Seat });
          }
          break;
        }
        if (trace !== null) trace.push({ t: "take", pits: [facing, behind], count: a + b, seat: me as Seat });
        count = a + b; // sown on from the hole after this one; not a relay
        continue;
      }
      if (wta && facing !== -1) break; // WTA: a top hole with an empty facing hole ends the move
      if (relays === MAX_RELAYS) {
        if (trace !== null) trace.push({ t: "relay-limit", pit: pos });
        break;
      }
      relays++;
      count = here;
      buf[pos] = 0;
      if (trace !== null) trace.push({ t: "lift", pit: pos, count, relay: true });
    }
    buf[PLY]++;
    buf[QUIET] = struck ? 0 : buf[QUIET] + 1;
    buf[TO_MOVE] = 1 - me;
    settle(buf, trace);
  }

  function generate(buf: Int32Array, out: Int32Array | number[]): number {
    if (buf[RESULT] !== RESULT_NONE) return 0;
    const base = buf[TO_MOVE] * ring;
    let k = 0;
    for (let h = 0; h < ring; h++) if (buf[base + h] !== 0) out[k++] = h;
    return k;
  }

  function isLegal(buf: Int32Array, move: number): boolean {
    if (buf[RESULT] !== RESULT_NONE || !Number.isInteger(move) || move < 0 || move >= ring) return false;
    return buf[buf[TO_MOVE] * ring + move] !== 0;
  }

  function init(buf: Int32Array): void {
    buf.fill(0);
    buf.fill(options.seeds, 0, P);
  }

  function validate(buf: Int32Array): string | null {
    let sum = 0;
    for (let i = 0; i < P + 2; i++) {
      if (buf[i] < 0) return "counts must not be negative";
      sum += buf[i];
    }
    if (sum !== TOTAL) return `board and stores must hold ${TOTAL} seeds, not ${sum}`;
    if (wta && (buf[S0] !== 0 || buf[S0 + 1] !== 0)) return "Winner Takes All has no stores";
    if (buf[QUIET] < 0 || buf[QUIET] > buf[PLY]) return "moves without a capture must be between 0 and the move count";
    return null;
  }

  return {
    game,
    options,
    pits: P,
    size: P + HEADER_SIZE,
    total: TOTAL,
    maxMoves: ring,
    ownPits: (seat) => OWN[seat],
    moveToPit: (seat, move) => seat * ring + move,
    pitToMove: (seat, pit) => pit - seat * ring,
    init,
    generate,
    isLegal,
    playInPlace,
    playInto(src: Int32Array, dst: Int32Array, move: number): void {
      dst.set(src);
      playInPlace(dst, move, null);
    },
    validate,
    settle: (buf) => settle(buf, null),
  };
}

function tsoroRuleSet(game: "tsoro-classic" | "tsoro-wta"): RuleSet<TsoroOptions> {
  const cache = new Map<number, Engine>();
  return {
    id: game,
    defaults: { holes: 8, seeds: 2 },
    parseOptions: (raw) => parseTsoroOptions(game, raw),
    create(options) {
      const key = options.holes * 16 + options.seeds;
      let e = cache.get(key);
      if (e === undefined) {
        e = makeEngine(game, { holes: options.holes, seeds: options.seeds });
        cache.set(key, e);
      }
      return e;
    },
  };
}

export const tsoroClassic = tsoroRuleSet("tsoro-classic");
export const tsoroWta = tsoroRuleSet("tsoro-wta");
