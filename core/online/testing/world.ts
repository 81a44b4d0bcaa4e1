/**
 * A world for the friend session's parts (core/online/friend/), driven by hand: a clock whose time
 * moves only when told, real timers (friend/timers.ts) and a real pacer (no jitter) over it, and
 * every request, event and connection step recorded in order as a list of effects.
 */
import nacl from "tweetnacl";
import type { Seat } from "../../types.js";
import type { TimerPort, TimerId } from "../timer.js";
import { createRetryPacer } from "../pacer.js";
import type { Env } from "../friend/env.js";
import { learnHead } from "../friend/outbox.js";
import { initialState, seePeer, type SessionState } from "../friend/state.js";
import { createTimers, type TimerAction } from "../friend/timers.js";
import type { FriendSessionOptions, SessionEvent } from "../friend/types.js";

export class ManualClock implements TimerPort {
  t = 1_000_000;
  private n = 0;
  private due: { id: number; at: number; run: () => void }[] = [];
  now = (): number => this.t;
  setTimeout = (run: () => void, ms: number): TimerId => {
    const id = ++this.n;
    this.due.push({ id, at: this.t + Math.max(0, ms), run });
    return id;
  };
  clearTimeout = (id: TimerId): void => {
    this.due = this.due.filter((d) => d.id !== id);
  };
  /** Moves time on by `ms`, running each timer due on the way (earliest first, then in the order set). */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const next = [...this.due].sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (next === undefined || next.at > end) break;
      this.due = this.due.filter((d) => d.id !== next.id);
      this.t = next.at;
      next.run();
    }
    this.t = end;
  }
  get pending(): number {
    return this.due.length;
  }
}

/** Every refusal a server can give a relay (and one it should not). */
export const RELAY_REFUSALS = [
  "relay/seq_taken",
  "relay/bad_head",
  "relay/out_of_order",
  "relay/duplicate",
  "rate/limited",
  "server/error",
  "chat/flood",
  "room/not_seated",
  "proto/invalid",
] as const;

type Effect =
  | { readonly t: "request"; readonly message: Record<string, unknown>; readonly purpose: string }
  | { readonly t: "emit"; readonly e: SessionEvent }
  | { readonly t: "link"; readonly op: "resumed" | "restart" | "dispose" };

export interface World {
  readonly env: Env;
  readonly clock: ManualClock;
  readonly fx: Effect[];
  /** Whether a socket is open (requests are refused while not). */
  open: boolean;
  /** The requests sent, of one type if given. */
  requests(type?: string): Record<string, unknown>[];
  /** The events told, of one type if given. */
  events<T extends SessionEvent["type"]>(type: T): Extract<SessionEvent, { type: T }>[];
}

/** A world whose timers call `onTimer` (default: nothing runs them). */
export function testWorld(onTimer: (action: TimerAction, env: Env) => void = () => undefined): World {
  const clock = new ManualClock();
  const fx: Effect[] = [];
  const world: World = {
    clock,
    fx,
    open: true,
    env: {
      random: nacl.randomBytes,
      now: () => clock.now(),
      isOpen: () => world.open,
      request(message, purpose) {
        if (!world.open) return false;
        fx.push({ t: "request", message, purpose });
        return true;
      },
      emit: (e) => void fx.push({ t: "emit", e }),
      pacer: createRetryPacer({ random: () => 0 }),
      timers: createTimers(clock, (a) => onTimer(a, world.env)),
      link: (op) => void fx.push({ t: "link", op }),
    },
    requests: (type) =>
      fx.flatMap((f) => (f.t === "request" && (type === undefined || f.message.type === type) ? [f.message] : [])),
    events: <T extends SessionEvent["type"]>(type: T) =>
      fx.flatMap((f) => (f.t === "emit" && f.e.type === type ? [f.e as Extract<SessionEvent, { type: T }>] : [])),
  };
  return world;
}

/** A session's state as `createFriendSession` starts it (no socket is made). */
export function stateFor(opts: Partial<FriendSessionOptions> = {}): SessionState {
  return initialState(
    { url: "ws://127.0.0.1/ws", socket: () => ({}) as never, mode: "create", profile: { name: "Ann" }, ...opts },
    nacl.randomBytes,
  );
}

/** A state seated at `seat` with a room key, caught up, with the other seat's token and the room's empty head. */
export function seatedState(seat: Seat = 0, opts: Partial<FriendSessionOptions> = {}): SessionState {
  const s = stateFor(opts);
  s.seat = seat;
  s.status = "seated";
  s.created = true;
  s.key = nacl.randomBytes(32);
  s.sync = { syncing: false, caughtUp: true, ever: true, gapChecked: false };
  seePeer(s, { seated: true, online: true, token: "TOK", via: "VIA" });
  s.out = learnHead(s.out, { seq: 0, sent: [0, 0], proof: "P0" });
  return s;
}
