/**
 * The rule sets' workspaces (see `Workspace` in engine.ts): a faster copy-make between a search's
 * own position buffers, where a rule set has one (Togyz, in WebAssembly) and the platform runs it.
 * Imported by the search and perft only, so the client's first page does not carry it.
 */
import type { Engine, Workspace } from "./engine.js";
import { togyzWorkspace } from "./togyz-wasm.js";

/** `slots` positions and their `play`, or null: then the caller uses `playInto` on its own buffers. */
export function workspaceFor(engine: Engine, slots: number): Workspace | null {
  if (engine.game === "togyz") return togyzWorkspace(slots, engine.size, (buf) => engine.settle(buf));
  return null;
}
