/**
 * What the parts of a friend session ask of the world, as one port: randomness and time, whether
 * a socket is open, requests to the server, events for the player, the timers (timers.ts), the
 * retry pacer (pacer.ts) and the connection's own steps. The session carries each out at once, in
 * order (a listener reading the view mid-step sees the state as the event says); tests record
 * them as a list of effects.
 */
import type { RetryPacer } from "../pacer.js";
import type { SessionState } from "./state.js";
import type { Timers } from "./timers.js";
import type { SessionEvent, SessionStatus } from "./types.js";

export interface Env {
  readonly random: (n: number) => Uint8Array;
  now(): number;
  /** A socket is open (the connection may not have resumed on it yet). */
  isOpen(): boolean;
  /** Sends a request (its `purpose` names it when answered); false when no socket is open. */
  request(message: Record<string, unknown>, purpose: string): boolean;
  emit(e: SessionEvent): void;
  readonly timers: Timers;
  readonly pacer: RetryPacer;
  /** The connection: resume its outbox on this socket, start a new socket, or close for good. */
  link(op: "resumed" | "restart" | "dispose"): void;
}

export function changed(env: Env): void {
  env.emit({ type: "change" });
}

/** A final status: the connection closes and no timer runs. */
export function stop(s: SessionState, env: Env, final: SessionStatus): void {
  s.status = final;
  env.link("dispose");
  env.timers.clearAll();
  changed(env);
}
