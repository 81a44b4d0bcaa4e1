/**
 * The owner's side of the key exchanges with guests, as a reducer: events from the server (a hello,
 * a guest's confirmation, its sealed request, an exchange withdrawn or answered) give a new state
 * and the commands to carry out (messages to send, what to tell the player). No sockets, no timers.
 *
 * The rules it keeps, whatever the server says: at most MAX_WRONG_CODES confirmations judged per
 * code (the only thing a guesser can learn from), at most MAX_OPEN_EXCHANGES unconfirmed exchanges
 * at once (one idle past two steps is let go; more hellos wait in a short queue), a malformed share
 * refused unjudged, a confirmed guest's unreadable request refused. Once a code has had all its
 * answers, the owner's device asks for a new code when nothing is open, and answers nothing more.
 */
import * as v from "valibot";
import type { RoomCode } from "../../crypto/code.js";
import { openBox } from "../../crypto/envelope.js";
import { answerGuestHandshake, type OwnerHandshake, type RoomSecrets } from "../../crypto/handshake.js";
import { JOIN_STEP_MS, MAX_WRONG_CODES, OPEN_EXCHANGES } from "../../protocol/friend.js";
import { JoinRequestSchema } from "../payload.js";

/** Owner: key exchanges answered and not yet confirmed, at once (more hellos wait their turn). */
export const MAX_OPEN_EXCHANGES = OPEN_EXCHANGES;

interface Attempt {
  readonly hs: OwnerHandshake;
  /** Set once the guest's confirmation held. */
  readonly secrets: RoomSecrets | null;
  /** The guest's name, once its sealed request was read. */
  readonly name: string | null;
  readonly confirmed: boolean;
  readonly at: number;
}

interface Hello {
  readonly reqId: string;
  readonly sid: string;
  readonly msg: string;
}

export interface Door {
  /** Open exchanges by request id. */
  readonly attempts: ReadonlyMap<string, Attempt>;
  /** Hellos waiting for one of the open exchanges to finish. */
  readonly queued: readonly Hello[];
  /** Confirmations judged for the current code. */
  readonly answered: number;
  /** Wrong verdicts sent for the current code (at MAX_WRONG_CODES the server retires it on its own). */
  readonly wrong: number;
  /** The current code has had all the answers it gets. */
  readonly spent: boolean;
  /** A new code was asked for. */
  readonly recodeAsked: boolean;
  /**
   * The secrets of confirmed exchanges the server ended (the guest was cut off): the owner's
   * approval may have seated that guest just before, and its key is then the room's (at most
   * MAX_WRONG_CODES per code: only judged exchanges confirm).
   */
  readonly gone: ReadonlyMap<string, RoomSecrets>;
}

export type DoorCommand =
  | { readonly kind: "send"; readonly message: Record<string, unknown>; readonly purpose: string }
  | { readonly kind: "wrong_code"; readonly reqId: string }
  | { readonly kind: "request"; readonly reqId: string; readonly name: string };

/** What the reducer needs of the world: the current code, the time, randomness, and whether a new code may be asked for. */
export interface DoorContext {
  readonly code: RoomCode;
  readonly now: number;
  readonly random: (n: number) => Uint8Array;
  /** This device holds the owner's seat, no guest is seated yet, and the server can be asked now. */
  readonly mayRecode: boolean;
}

export interface DoorStep {
  readonly door: Door;
  readonly out: readonly DoorCommand[];
}

/** A door for a fresh code (`answered`: exchanges already judged for it, from the device's snapshot). */
export function createDoor(answered = 0): Door {
  return {
    attempts: new Map(),
    queued: [],
    answered,
    wrong: 0,
    spent: answered >= MAX_WRONG_CODES,
    recodeAsked: false,
    gone: new Map(),
  };
}

const send = (message: Record<string, unknown>, purpose: string): DoorCommand => ({ kind: "send", message, purpose });
const refusal = (reqId: string): DoorCommand => send({ type: "join.answer", reqId, approve: false }, `answer:${reqId}`);

function without(door: Door, reqId: string): Door {
  if (!door.attempts.has(reqId)) return door;
  const attempts = new Map(door.attempts);
  attempts.delete(reqId);
  return { ...door, attempts };
}

function withAttempt(door: Door, reqId: string, a: Attempt): Door {
  const attempts = new Map(door.attempts);
  attempts.set(reqId, a);
  return { ...door, attempts };
}

/**
 * The code has had all the answers it gets: nothing more is answered for it, and once nothing is
 * open a new one is asked for (not while a guest is in an exchange or waiting for an answer, nor
 * when the server retires the code on its own count).
 */
function spend(door: Door, ctx: DoorContext): DoorStep {
  const d: Door = { ...door, queued: [], spent: true };
  if (d.attempts.size === 0 && ctx.mayRecode && !d.recodeAsked && d.wrong < MAX_WRONG_CODES)
    return { door: { ...d, recodeAsked: true }, out: [send({ type: "room.recode" }, "recode")] };
  return { door: d, out: [] };
}

/** A guest opened an exchange: answered with the owner's share, queued, or refused. */
export function hello(door: Door, h: Hello, ctx: DoorContext): DoorStep {
  if (door.attempts.has(h.reqId)) return { door, out: [] };
  if (door.answered >= MAX_WRONG_CODES) return spend(door, ctx);
  const attempts = new Map<string, Attempt>();
  let open = 0;
  for (const [id, a] of door.attempts) {
    // An exchange idle past two steps has lapsed on the server too (it says so with join.withdrawn).
    if (!a.confirmed && a.at < ctx.now - 2 * JOIN_STEP_MS) continue;
    attempts.set(id, a);
    if (!a.confirmed) open++;
  }
  const d: Door = { ...door, attempts };
  if (open >= MAX_OPEN_EXCHANGES) {
    if (d.queued.length < MAX_WRONG_CODES * 4 && !d.queued.some((q) => q.reqId === h.reqId))
      return { door: { ...d, queued: [...d.queued, h] }, out: [] };
    return { door: d, out: [] };
  }
  const hs = answerGuestHandshake(ctx.code, h.sid, h.msg, ctx.random);
  // A malformed share is no guess (no CPace work behind it): refused, and the server gives its slot back.
  if (!hs.ok) return { door: d, out: [refusal(h.reqId)] };
  return {
    door: withAttempt(d, h.reqId, { hs: hs.value, secrets: null, name: null, confirmed: false, at: ctx.now }),
    out: [send({ type: "join.reply", reqId: h.reqId, msg: hs.value.msg }, `reply:${h.reqId}`)],
  };
}

/** An exchange finished or went: a queued hello may be answered now. */
function nextHello(door: Door, ctx: DoorContext): DoorStep {
  const [q, ...rest] = door.queued;
  if (q === undefined) return { door, out: [] };
  return hello({ ...door, queued: rest }, q, ctx);
}

/** The guest's confirmation: judged once (counted), right or wrong. */
export function confirm(door: Door, reqId: string, tag: string, ctx: DoorContext): DoorStep {
  const att = door.attempts.get(reqId);
  if (att === undefined || att.secrets !== null || att.confirmed) return { door, out: [] };
  if (door.answered >= MAX_WRONG_CODES) {
    // All the judgements this code gets were made: refused unjudged (the guest learns nothing).
    const s = spend(without(door, reqId), ctx);
    return { door: s.door, out: [refusal(reqId), ...s.out] };
  }
  const judged: Door = { ...door, answered: door.answered + 1 };
  const r = att.hs.confirm(tag);
  if (!r.ok) {
    const d: Door = { ...without(judged, reqId), wrong: judged.wrong + 1 };
    const s = d.spent || d.answered >= MAX_WRONG_CODES ? spend(d, ctx) : nextHello(d, ctx);
    return {
      door: s.door,
      out: [send({ type: "join.verdict", reqId, ok: false }, "verdict"), { kind: "wrong_code", reqId }, ...s.out],
    };
  }
  const d = withAttempt(judged, reqId, { ...att, confirmed: true, secrets: r.value.secrets });
  const s = d.answered >= MAX_WRONG_CODES ? spend(d, ctx) : nextHello(d, ctx);
  return {
    door: s.door,
    out: [send({ type: "join.verdict", reqId, ok: true, tag: r.value.tag }, "verdict"), ...s.out],
  };
}

/** A verified guest's sealed request: shown for an answer, or refused when unreadable. */
export function named(door: Door, reqId: string, box: string): DoorStep {
  const att = door.attempts.get(reqId);
  if (att === undefined || att.secrets === null || att.name !== null) return { door, out: [] };
  const opened = openBox(att.secrets.key, box);
  const body = opened.ok && opened.value.kind === "request" ? v.safeParse(JoinRequestSchema, opened.value.body) : null;
  // The right code but no readable request: not a wrong guess, just not a guest to seat.
  if (body === null || !body.success) return { door: without(door, reqId), out: [refusal(reqId)] };
  return {
    door: withAttempt(door, reqId, { ...att, name: body.output.name }),
    out: [{ kind: "request", reqId, name: body.output.name }],
  };
}

/**
 * The server answered the owner's answer. Approved: the confirmed exchange's key is the room's
 * (returned once, and every other exchange is dropped). Refused: the exchange is gone.
 */
export function answered(
  door: Door,
  reqId: string,
  approved: boolean,
  ctx: DoorContext,
  keyed: boolean,
): DoorStep & { readonly key: Uint8Array | null } {
  const secrets = door.attempts.get(reqId)?.secrets ?? door.gone.get(reqId) ?? null;
  if (approved && secrets !== null && !keyed)
    return { door: { ...door, attempts: new Map(), gone: new Map() }, out: [], key: secrets.key };
  const d = approved ? door : without(door, reqId);
  const s = d.spent && !keyed ? spend(d, ctx) : { door: d, out: [] };
  return { ...s, key: null };
}

/** The server ended an exchange (lapsed, the guest left, or the owner's step came too late): nothing was judged. */
export function withdrawn(door: Door, reqId: string, ctx: DoorContext): DoorStep {
  const secrets = door.attempts.get(reqId)?.secrets ?? null;
  const gone = secrets === null ? door.gone : new Map(door.gone).set(reqId, secrets);
  const d = { ...without(door, reqId), gone };
  return d.spent ? spend(d, ctx) : nextHello(d, ctx);
}

/**
 * The approval's answer was lost, yet the seated guest writes: the confirmed exchange whose key
 * opens the guest's box is the guest's (the box is authenticated), and its key is the room's.
 */
export function keyOpening(door: Door, box: string): Uint8Array | null {
  const known = [...[...door.attempts.values()].map((a) => a.secrets), ...door.gone.values()];
  for (const k of known) if (k !== null && openBox(k.key, box).ok) return k.key;
  return null;
}
