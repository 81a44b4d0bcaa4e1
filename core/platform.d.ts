/**
 * The few host features core/ uses, which every platform it runs on has (browsers, Node, Lambda):
 * text encoding, URL parsing (push endpoints) and a monotonic clock for search deadlines. core/ is compiled with no DOM or Node
 * types (core/tsconfig.json), so anything else a module reaches for (timers, sockets, files,
 * storage) fails to compile; timers come in through core/online/timer.ts, and WebAssembly is
 * feature-detected (core/games/togyz-wasm.ts).
 */
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: ArrayBufferView | ArrayBuffer): string;
}
declare const performance: { now(): number };
declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
}
