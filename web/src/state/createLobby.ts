/**
 * The lobby and challenges on the ranked connection (docs/lobby.md): the open seeks of one game kept
 * live (`lobby.watch`, then `lobby.added` / `lobby.removed`), or polled from `GET /api/lobby` every
 * LOBBY_POLL_MS when the server says the live view is full; seeks past their `expiresAt` are never
 * shown. The player's own seek is posted again after a reconnect (a seek goes when its connection
 * closes). Challenges: the ones waiting for this player (`challenge.list` on every sign-in, then
 * `challenge.received`), and the ones this player sent with what became of them.
 *
 * The game a seek or a challenge starts arrives as `ranked.start`, which the ranked store takes like
 * any other: this part only tells it the seek is gone (`started`).
 */
import { createStore, produce, type Store } from "solid-js/store";
import type { Accessor } from "solid-js";
import type { ChallengeView, OpenSeek } from "../../../core/protocol/lobby.js";
import type { LOBBY_RANGES } from "../../../core/protocol/lobby.js";
import type { RankedClientMessage, RankedOptions, RankedServerMessage } from "../../../core/protocol/ranked.js";
import type { TimePreset } from "../../../core/ranked/presets.js";
import type { GameId } from "../../../core/types.js";

/** How often the lobby is read over HTTP when the live view is full (the server's own advice). */
export const LOBBY_POLL_MS = 3_000;

type LobbyMessage = Extract<RankedServerMessage, { type: `lobby.${string}` | `challenge.${string}` }>;

/** What an open seek or a challenge asks for. */
interface GameTerms {
  readonly game: GameId;
  readonly options?: RankedOptions;
  readonly preset: TimePreset;
  readonly casual: boolean;
}

interface PostTerms extends GameTerms {
  readonly range?: (typeof LOBBY_RANGES)[number];
}

type SentStatus = "sending" | "waiting" | "declined" | "refused" | "cancelled" | "expired";

interface SentChallenge {
  /** Who was challenged (their id and, once the server answers, the name it holds). */
  readonly to: string;
  readonly name: string | null;
  readonly id: string | null;
  readonly expiresAt: number | null;
  readonly status: SentStatus;
}

interface LobbyState {
  /** The game whose seeks are watched, or null. */
  game: GameId | null;
  /** False while the server's live view is full and the list is polled. */
  live: boolean;
  seeks: OpenSeek[];
  /** This player's own open seek, as the server holds it. */
  mine: OpenSeek | null;
  /** Posted and not yet answered, or waiting for the connection to post again. */
  posting: PostTerms | null;
  incoming: ChallengeView[];
  sent: SentChallenge | null;
  /** Whether this player takes challenges, once the server has said. */
  accepting: boolean | null;
}

interface LobbyActions {
  watch(game: GameId): void;
  unwatch(): void;
  post(p: PostTerms): void;
  cancelPost(): void;
  accept(seek: OpenSeek): void;
  /** The seeks to show now: the game's, unexpired, oldest first. */
  visible(): readonly OpenSeek[];
  challenge(to: string, terms: GameTerms | { readonly rematchOf: string; readonly game: GameId }): void;
  cancelChallenge(): void;
  answer(c: ChallengeView, accept: boolean): void;
  /** The challenges waiting for this player and not yet expired. */
  waiting(): readonly ChallengeView[];
  setAccepting(accept: boolean): void;
  /** The sent challenge as the player should read it now (a waiting one past its expiry has expired). */
  sentNow(): SentChallenge | null;
}

interface LobbyHooks {
  /** A message of this part (true) or not (false). */
  onMessage(m: RankedServerMessage): boolean;
  /** Signed in on a (new) connection. */
  onOpen(): void;
  onClose(): void;
  /** A game started (from a seek, a challenge or the queue): the seek and the challenge are used. */
  started(): void;
  /** The server refused something of this part (`lobby/*`, `challenge/*`). */
  refused(code: string): void;
  dispose(): void;
}

export interface LobbyDeps {
  readonly playerId: string;
  readonly send: (m: RankedClientMessage) => void;
  readonly connected: () => boolean;
  readonly tick: Accessor<number>;
  /** `GET /api/lobby?game=…`: the seeks, or null when the read failed. */
  readonly fetchSeeks: (game: GameId) => Promise<readonly OpenSeek[] | null>;
  /**
   * The player's wish to take challenges and what this device last told the server (the server
   * takes them until told otherwise): told again on sign-in only when the two differ.
   */
  readonly challenges?: {
    readonly want: () => boolean;
    readonly told: () => boolean;
    readonly setTold: (b: boolean) => void;
  };
  /** A repeating timer; returns its stop. */
  readonly every?: (fn: () => void, ms: number) => () => void;
}

export type LobbyStore = readonly [Store<LobbyState>, LobbyActions, LobbyHooks];

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

const systemEvery = (fn: () => void, ms: number): (() => void) => {
  const h = setInterval(fn, ms);
  return () => clearInterval(h);
};

function postMessage(p: PostTerms): RankedClientMessage {
  return {
    type: "lobby.post",
    game: p.game,
    ...(p.options !== undefined ? { options: { ...p.options } } : {}),
    preset: p.preset,
    casual: p.casual,
    ...(p.range !== undefined ? { range: p.range } : {}),
  };
}

export function createLobby(deps: LobbyDeps): LobbyStore {
  const every = deps.every ?? systemEvery;
  const [state, setState] = createStore<LobbyState>({
    game: null,
    live: true,
    seeks: [],
    mine: null,
    posting: null,
    incoming: [],
    sent: null,
    accepting: null,
  });
  let stopPoll: (() => void) | null = null;
  /** Reads of the poll answered in order: a late answer for another game is dropped. */
  let pollAsk = 0;

  const stopPolling = (): void => {
    stopPoll?.();
    stopPoll = null;
  };
  const pollOnce = async (game: GameId): Promise<void> => {
    const ask = ++pollAsk;
    const seeks = await deps.fetchSeeks(game);
    if (ask !== pollAsk || seeks === null || state.game !== game || state.live) return;
    setState("seeks", copy([...seeks]));
  };
  const startPolling = (game: GameId): void => {
    if (stopPoll !== null) return;
    void pollOnce(game);
    stopPoll = every(() => void pollOnce(game), LOBBY_POLL_MS);
  };

  const sendWatch = (): void => {
    if (state.game !== null && deps.connected()) deps.send({ type: "lobby.watch", game: state.game });
  };
  const sendPost = (): void => {
    if (state.posting !== null && deps.connected()) deps.send(postMessage(state.posting));
  };

  const hooks: LobbyHooks = {
    onMessage(m) {
      if (!m.type.startsWith("lobby.") && !m.type.startsWith("challenge.")) return false;
      const l = m as LobbyMessage;
      switch (l.type) {
        case "lobby.list":
          if (l.game !== state.game) return true;
          setState(
            produce((s) => {
              s.live = l.live;
              s.seeks = copy(l.seeks);
            }),
          );
          if (l.live) stopPolling();
          else startPolling(l.game);
          return true;
        case "lobby.added":
          if (l.game === state.game)
            setState("seeks", (old) => [...old.filter((s) => s.id !== l.seek.id), copy(l.seek)]);
          return true;
        case "lobby.removed":
          if (l.game === state.game) setState("seeks", (old) => old.filter((s) => s.id !== l.id));
          // The own seek gone on the server (expired, or taken): not posted again.
          if (state.mine?.id === l.id) setState({ mine: null, posting: null });
          return true;
        case "lobby.posted":
          setState(
            produce((s) => {
              s.mine = copy(l.seek);
              if (s.game === l.seek.game && s.live && !s.seeks.some((x) => x.id === l.seek.id))
                s.seeks.push(copy(l.seek));
            }),
          );
          return true;
        case "lobby.cancelled":
          setState(
            produce((s) => {
              const id = s.mine?.id;
              s.mine = null;
              s.posting = null;
              if (id !== undefined) s.seeks = s.seeks.filter((x) => x.id !== id);
            }),
          );
          return true;
        case "lobby.unwatched":
          return true;
        case "challenge.sent":
          setState("sent", {
            to: l.challenge.to.playerId,
            name: l.challenge.to.name,
            id: l.challenge.id,
            expiresAt: l.challenge.expiresAt,
            status: "waiting",
          });
          return true;
        case "challenge.received":
          setState("incoming", (old) => [
            ...old.filter((c) => c.from.playerId !== l.challenge.from.playerId),
            copy(l.challenge),
          ]);
          return true;
        case "challenge.list":
          setState("incoming", copy(l.incoming));
          return true;
        case "challenge.declined":
          if (state.sent !== null && (state.sent.id === l.id || state.sent.status === "sending"))
            setState("sent", { ...state.sent, status: l.why === "refused" ? "refused" : "declined" });
          setState("incoming", (old) => old.filter((c) => c.id !== l.id));
          return true;
        case "challenge.cancelled":
          if (state.sent !== null && state.sent.id === l.id) setState("sent", { ...state.sent, status: "cancelled" });
          setState("incoming", (old) => old.filter((c) => c.id !== l.id));
          return true;
        case "challenge.setting":
          setState("accepting", l.accept);
          deps.challenges?.setTold(l.accept);
          return true;
      }
    },
    onOpen() {
      sendWatch();
      sendPost();
      if (!deps.connected()) return;
      deps.send({ type: "challenge.list" });
      const c = deps.challenges;
      if (c !== undefined && c.want() !== c.told()) deps.send({ type: "challenge.setting", accept: c.want() });
    },
    onClose() {
      // The server drops the seek with the connection; it is posted again on the next one.
      setState("mine", null);
    },
    started() {
      setState(
        produce((s) => {
          s.mine = null;
          s.posting = null;
          s.incoming = [];
          s.sent = null;
        }),
      );
    },
    refused(code) {
      if (code.startsWith("challenge/") && state.sent?.status === "sending") setState("sent", null);
      if (code.startsWith("lobby/") && state.mine === null) setState("posting", null);
    },
    dispose() {
      stopPolling();
    },
  };

  const actions: LobbyActions = {
    watch(game) {
      if (state.game === game) return;
      stopPolling();
      setState(
        produce((s) => {
          s.game = game;
          s.seeks = [];
          s.live = true;
        }),
      );
      sendWatch();
    },
    unwatch() {
      const g = state.game;
      stopPolling();
      setState(
        produce((s) => {
          s.game = null;
          s.seeks = [];
          s.live = true;
        }),
      );
      if (g !== null && deps.connected()) deps.send({ type: "lobby.unwatch", game: g });
    },
    post(p) {
      setState("posting", copy(p));
      sendPost();
    },
    cancelPost() {
      const had = state.mine !== null;
      setState("posting", null);
      if (had) deps.send({ type: "lobby.cancel" });
    },
    accept(seek) {
      deps.send({ type: "lobby.accept", game: seek.game, seekId: seek.id });
    },
    visible() {
      const now = deps.tick();
      return state.seeks.filter((s) => s.game === state.game && s.expiresAt > now);
    },
    challenge(to, terms) {
      setState("sent", { to, name: null, id: null, expiresAt: null, status: "sending" });
      if ("rematchOf" in terms) {
        deps.send({ type: "challenge.send", to, game: terms.game, rematchOf: terms.rematchOf });
        return;
      }
      deps.send({
        type: "challenge.send",
        to,
        game: terms.game,
        ...(terms.options !== undefined ? { options: { ...terms.options } } : {}),
        preset: terms.preset,
        casual: terms.casual,
      });
    },
    cancelChallenge() {
      const s = state.sent;
      if (s !== null && (s.status === "waiting" || s.status === "sending"))
        deps.send({ type: "challenge.cancel", to: s.to });
    },
    answer(c, accept) {
      deps.send({ type: accept ? "challenge.accept" : "challenge.decline", from: c.from.playerId, id: c.id });
      if (!accept) setState("incoming", (old) => old.filter((x) => x.id !== c.id));
    },
    waiting() {
      const now = deps.tick();
      return state.incoming.filter((c) => c.expiresAt > now);
    },
    setAccepting(accept) {
      deps.send({ type: "challenge.setting", accept });
    },
    sentNow() {
      const s = state.sent;
      if (s === null) return null;
      if (s.status === "waiting" && s.expiresAt !== null && s.expiresAt <= deps.tick())
        return { ...s, status: "expired" };
      return s;
    },
  };
  return [state, actions, hooks];
}
