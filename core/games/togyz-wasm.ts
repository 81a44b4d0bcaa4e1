/**
 * Togyz's copy-make in WebAssembly with SIMD (togyz.wat): the search's hot step, which JavaScript
 * does one pit cell at a time (`perft --no-bulk` at depth 8: about 23 M moves a second with
 * `playInto`, 30 M with this, call into WebAssembly included; README, tools).
 * `togyzWorkspace(slots)` gives a search `slots` positions, each an ordinary `Int32Array` view of
 * `size` cells, in the one memory of the one instance every search shares (a call site that saw
 * the functions of several instances ran a quarter slower). The memory cannot grow, so the views
 * stay valid; a run of slots is reused once all its views have been collected. Where WebAssembly
 * or its SIMD is missing, or the memory is full, there is no workspace and the search uses `playInto`.
 */
import type { Workspace } from "./engine.js";
import { TOGYZ_WASM_BASE64 } from "./togyz-wasm-bytes.js";
import { togyzTables } from "./togyz.js";

const TABLES = 32768;
const SLOT = 128;
const INC = 0;
const LAST_AT = 27360 / 4;
const OPP_COVER_AT = 28728 / 4;

/** One instance and one memory for every workspace, so every search calls the same function. */
interface Shared {
  readonly play: (src: number, dst: number, move: number) => number;
  readonly buffer: ArrayBuffer;
  /** Free runs of slots, `[first, count]`, sorted by first slot. */
  readonly free: [number, number][];
}

/** 4 MB: the tables and 32,512 slots (a search takes 1,153). */
const PAGES = 64;
const CAPACITY = (PAGES * 65536 - TABLES) / SLOT;

/** The host's WebAssembly and base64 decoder, where it has them (feature-detected, not assumed). */
interface WasmHost {
  readonly atob?: (data: string) => string;
  readonly WebAssembly?: {
    validate(bytes: Uint8Array): boolean;
    Memory: new (d: { initial: number; maximum: number }) => { readonly buffer: ArrayBuffer };
    Module: new (bytes: Uint8Array) => object;
    Instance: new (module: object, imports: object) => { readonly exports: Record<string, unknown> };
  };
}

let shared: Shared | null | undefined;

function sharedInstance(): Shared | null {
  if (shared !== undefined) return shared;
  shared = null;
  try {
    const { WebAssembly: wasm, atob } = globalThis as WasmHost;
    if (typeof wasm === "object" && typeof atob === "function") {
      const bin = Uint8Array.from(atob(TOGYZ_WASM_BASE64), (c) => c.charCodeAt(0));
      if (wasm.validate(bin)) {
        const memory = new wasm.Memory({ initial: PAGES, maximum: PAGES });
        const instance = new wasm.Instance(new wasm.Module(bin), { m: { mem: memory } });
        fillTables(new Int32Array(memory.buffer, 0, TABLES / 4));
        shared = { play: instance.exports.play as Shared["play"], buffer: memory.buffer, free: [[0, CAPACITY]] };
      }
    }
  } catch {
    shared = null;
  }
  return shared;
}

/** Takes the first free run of `count` slots from `free` (exported for its test); -1 when none is long enough. */
export function takeSlots(free: [number, number][], count: number): number {
  for (let i = 0; i < free.length; i++) {
    const [first, n] = free[i];
    if (n < count) continue;
    if (n === count) free.splice(i, 1);
    else free[i] = [first + count, n - count];
    return first;
  }
  return -1;
}

/** Gives a run back to `free`, merged with its neighbours (exported for its test). */
export function giveSlots(free: [number, number][], first: number, count: number): void {
  let i = 0;
  while (i < free.length && free[i][0] < first) i++;
  free.splice(i, 0, [first, count]);
  // Merge with the neighbours.
  if (i + 1 < free.length && free[i][0] + free[i][1] === free[i + 1][0]) {
    free[i][1] += free[i + 1][1];
    free.splice(i + 1, 1);
  }
  if (i > 0 && free[i - 1][0] + free[i - 1][1] === free[i][0]) {
    free[i - 1][1] += free[i][1];
    free.splice(i, 1);
  }
}

/** A run of slots goes back to the free list once every view of it has been collected. */
const views = new Map<number, { first: number; count: number; live: number }>();
let runIds = 0;
const collected =
  typeof FinalizationRegistry === "function"
    ? new FinalizationRegistry<number>((id) => {
        const run = views.get(id);
        if (run === undefined || --run.live > 0) return;
        views.delete(id);
        if (shared) giveSlots(shared.free, run.first, run.count);
      })
    : null;

/** The tables `play` reads: togyz.ts's own, the run masks spread to a cell per pit. */
function fillTables(m: Int32Array): void {
  const { run, last, oppCover } = togyzTables();
  for (let key = 0; key < 18 * 19; key++) {
    for (let pit = 0; pit < 18; pit++) m[INC + key * 20 + pit] = (run[key] >>> pit) & 1;
    m[LAST_AT + key] = last[key];
  }
  m.set(oppCover, OPP_COVER_AT);
}

/**
 * `slots` Togyz positions of `size` cells and `play(src, dst, move)`, which is
 * `playInto(bufs[src], bufs[dst], move)`; `settle` is togyz.ts's end check, run when the move may
 * have ended the game. Null without WebAssembly SIMD.
 */
export function togyzWorkspace(slots: number, size: number, settle: (buf: Int32Array) => void): Workspace | null {
  if (!Number.isInteger(slots) || slots < 1 || size > SLOT / 4) return null;
  const sh = sharedInstance();
  // Without a way to learn when a workspace is gone its slots could never be reused: none then.
  if (sh === null || collected === null) return null;
  const first = takeSlots(sh.free, slots);
  if (first < 0) return null;
  const id = ++runIds;
  views.set(id, { first, count: slots, live: slots });
  const bufs: Int32Array[] = [];
  for (let i = 0; i < slots; i++) {
    const view = new Int32Array(sh.buffer, TABLES + (first + i) * SLOT, size);
    view.fill(0);
    collected.register(view, id);
    bufs.push(view);
  }
  return new TogyzWorkspace(bufs, sh.play, TABLES + first * SLOT, slots, settle);
}

/** A class, so every workspace's `play` is one function and the calls to it stay monomorphic. */
class TogyzWorkspace implements Workspace {
  constructor(
    readonly bufs: readonly Int32Array[],
    private readonly wasmPlay: Shared["play"],
    private readonly base: number,
    private readonly slots: number,
    private readonly settle: (buf: Int32Array) => void,
  ) {}

  play(src: number, dst: number, move: number): void {
    // A slot outside the run would write into another workspace, the tables or past the memory.
    if (src >>> 0 >= this.slots || dst >>> 0 >= this.slots)
      throw new RangeError(`no slot ${src >>> 0 >= this.slots ? src : dst} in this workspace`);
    if (this.wasmPlay(this.base + src * SLOT, this.base + dst * SLOT, move) !== 0) this.settle(this.bufs[dst]);
  }
}
