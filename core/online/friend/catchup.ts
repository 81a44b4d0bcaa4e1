/**
 * Catching up with the room's log, as explicit state: one `sync` at a time (pages until the server
 * says there is no more), caught up once everything known to exist is applied, a gap asked for again
 * once before it is skipped, and "first caught up" told apart (the owner's setup goes out then,
 * once). A lost connection means catching up again. No timers: the session waits and calls.
 */
export interface CatchUp {
  /** A `sync` is in flight. */
  readonly syncing: boolean;
  /** Everything known to exist has been applied on this connection. */
  readonly caughtUp: boolean;
  /** Caught up at least once with the room key (what is sent only once, was). */
  readonly ever: boolean;
  /** The current gap was asked for again already: next time it is skipped. */
  readonly gapChecked: boolean;
}

export const CATCHING_UP: CatchUp = { syncing: false, caughtUp: false, ever: false, gapChecked: false };

/** Whether to send a `sync` now (not while one is in flight). */
export function askSync(c: CatchUp): { readonly c: CatchUp; readonly send: boolean } {
  return c.syncing ? { c, send: false } : { c: { ...c, syncing: true }, send: true };
}

/** A page arrived (or the `sync` was refused): the next page is asked for when there is more. */
export function syncEnded(c: CatchUp): CatchUp {
  return c.syncing ? { ...c, syncing: false } : c;
}

/** The connection went: nothing is in flight, and the room may have moved on meanwhile. */
export function connectionLost(c: CatchUp): CatchUp {
  return { ...c, syncing: false, caughtUp: false };
}

/** Messages were applied: a gap after them is a new gap. */
export function advanced(c: CatchUp): CatchUp {
  return c.gapChecked ? { ...c, gapChecked: false } : c;
}

/** A gap outlived its wait: asked for again the first time, skipped the second (taken, never stored). */
export function gapWaited(c: CatchUp): { readonly c: CatchUp; readonly then: "sync" | "skip" } {
  return c.gapChecked
    ? { c: { ...c, gapChecked: false }, then: "skip" }
    : { c: { ...c, gapChecked: true }, then: "sync" };
}

/**
 * Everything known was applied (`complete`), with or without the room key. `arrived`: caught up
 * now with the key after not being (one's profile is checked then); `first`: for the first time.
 */
export function settled(
  c: CatchUp,
  complete: boolean,
  keyed: boolean,
): { readonly c: CatchUp; readonly arrived: boolean; readonly first: boolean } {
  if (!complete) return { c, arrived: false, first: false };
  if (!keyed) return { c: { ...c, caughtUp: true }, arrived: false, first: false };
  if (c.caughtUp && c.ever) return { c, arrived: false, first: false };
  return { c: { ...c, caughtUp: true, ever: true }, arrived: true, first: !c.ever };
}
