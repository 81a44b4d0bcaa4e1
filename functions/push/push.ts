/**
 * Web Push for server-run games (docs/push.md): a signed-in player's devices (at most
 * MAX_DEVICES, the oldest replaced), their mutes (one game or all), and the notifications the
 * matches domain asks for: "your turn" when the player to move has no connection to the match, and
 * the result when a game ends while a player is away. A player who is connected sees the board
 * change, so is sent nothing; a move between two connected players costs no push and no read.
 *
 * A notification reads the player's partition once (devices and mutes), posts once per device
 * (in the device's language) and deletes a device its push service calls gone (404/410).
 */
import type { MatchRecord } from "../../core/ranked/types.js";
import { otherSeat } from "../../core/ranked/game.js";
import type { Seat } from "../../core/types.js";
import {
  PUSH_TEXTS,
  type PushKind,
  type PushLang,
  type PushPayload,
  type PushSubscriptionJson,
} from "../../core/protocol/push.js";
import { isAllowedEndpoint } from "./origins.js";
import type { PushSender } from "./send.js";
import { endpointId, NO_MUTES, type Mutes, type PushStore } from "./store.js";

/** Devices one player may have subscribed; a new one beyond replaces the one subscribed longest ago. */
export const MAX_DEVICES = 5;
/** Games one player may mute one by one (the oldest mute is dropped beyond). */
const MAX_MUTED_GAMES = 50;
/** How long a push service keeps an undelivered "your turn" (a phone that is off for longer misses it). */
const TURN_TTL_SECONDS = 24 * 3600;
const END_TTL_SECONDS = 24 * 3600;

export interface PushDeps {
  readonly store: PushStore;
  readonly sender: PushSender;
  readonly now: () => number;
  /** The allow-list in force (functions/push/origins.ts). */
  readonly origins: () => readonly string[];
}

type PushRefusal = "push/origin";

export interface PushService {
  /** Adds or renews a device; refused without a write when the endpoint is not on the allow-list. */
  subscribe(
    playerId: string,
    sub: PushSubscriptionJson,
    lang: PushLang,
  ): Promise<{ ok: true; devices: number } | { ok: false; error: PushRefusal }>;
  unsubscribe(playerId: string, endpoint: string): Promise<number>;
  mute(playerId: string, what: { readonly matchId?: string; readonly all?: boolean }): Promise<number>;
  /** The notifications a change of `m` calls for; returns how many pushes were sent. */
  notifyMatch(m: MatchRecord, event: "turn" | "end"): Promise<number>;
}

/** Whether a seat has no live connection to the match: never attached, or dropped and in its grace period. */
function isAway(m: MatchRecord, seat: Seat): boolean {
  return m.conns[seat] === null || m.graceUntil[seat] !== null;
}

function fill(text: string, name: string): string {
  return text.replace("{name}", name);
}

/** The words of a notification about `m` for `seat`, in `lang`. */
export function pushPayload(m: MatchRecord, seat: Seat, kind: PushKind, lang: PushLang): PushPayload {
  const t = PUSH_TEXTS[lang];
  const opponent = m.seats[otherSeat(seat)].name;
  if (kind === "end") {
    const winner = m.result?.winner ?? null;
    const title = winner === null ? t.draw : winner === seat ? t.won : fill(t.lost, opponent);
    return { v: 1, kind, matchId: m.id, title, body: opponent, url: `/#/game/${m.id}` };
  }
  return { v: 1, kind, matchId: m.id, title: t.turn, body: opponent, url: "/#/ranked" };
}

export function createPush(d: PushDeps): PushService {
  const { store } = d;

  async function subscribe(
    playerId: string,
    sub: PushSubscriptionJson,
    lang: PushLang,
  ): Promise<{ ok: true; devices: number } | { ok: false; error: PushRefusal }> {
    if (!isAllowedEndpoint(sub.endpoint, d.origins())) return { ok: false, error: "push/origin" };
    const { subscriptions } = await store.list(playerId);
    const id = endpointId(sub.endpoint);
    const now = d.now();
    const same = subscriptions.find((s) => s.id === id);
    await store.put({
      playerId,
      id,
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
      lang,
      createdAt: same?.createdAt ?? now,
      updatedAt: now,
    });
    const others = subscriptions.filter((s) => s.id !== id).sort((a, b) => a.updatedAt - b.updatedAt);
    const excess = others.length + 1 - MAX_DEVICES;
    for (const s of others.slice(0, Math.max(0, excess))) await store.remove(playerId, s.id);
    return { ok: true, devices: Math.min(MAX_DEVICES, others.length + 1) };
  }

  async function unsubscribe(playerId: string, endpoint: string): Promise<number> {
    const { subscriptions } = await store.list(playerId);
    const id = endpointId(endpoint);
    if (subscriptions.some((s) => s.id === id)) await store.remove(playerId, id);
    return subscriptions.filter((s) => s.id !== id).length;
  }

  async function mute(playerId: string, what: { readonly matchId?: string; readonly all?: boolean }): Promise<number> {
    const { subscriptions, mutes } = await store.list(playerId);
    let next: Mutes;
    if (what.all !== undefined) next = what.all ? { all: true, matches: mutes.matches } : NO_MUTES;
    else {
      const id = what.matchId as string;
      next = { all: mutes.all, matches: [...mutes.matches.filter((x) => x !== id), id].slice(-MAX_MUTED_GAMES) };
    }
    await store.putMutes(playerId, next);
    return subscriptions.length;
  }

  async function notifySeat(m: MatchRecord, seat: Seat, kind: PushKind, ttl: number): Promise<number> {
    const playerId = m.seats[seat].playerId;
    const { subscriptions, mutes } = await store.list(playerId);
    if (subscriptions.length === 0 || mutes.all || mutes.matches.includes(m.id)) return 0;
    const outcomes = await Promise.all(
      subscriptions.map(async (s) => {
        const outcome = await d.sender.send(s, JSON.stringify(pushPayload(m, seat, kind, s.lang)), ttl);
        if (outcome === "gone") await store.remove(playerId, s.id);
        return outcome;
      }),
    );
    return outcomes.filter((o) => o === "sent").length;
  }

  async function notifyMatch(m: MatchRecord, event: "turn" | "end"): Promise<number> {
    if (event === "turn") {
      if (m.status !== "active" || !isAway(m, m.toMove)) return 0;
      return notifySeat(m, m.toMove, "turn", TURN_TTL_SECONDS);
    }
    if (m.status !== "finished") return 0;
    const away = ([0, 1] as const).filter((s) => isAway(m, s));
    const sent = await Promise.all(away.map((s) => notifySeat(m, s, "end", END_TTL_SECONDS)));
    return sent.reduce((a, b) => a + b, 0);
  }

  return { subscribe, unsubscribe, mute, notifyMatch };
}
