/**
 * The ports ranked play works through: one store per domain (identity, names, matchmaking,
 * matches, ratings) plus fixed-window counters, API Gateway's `@connections`, the clock, randomness
 * and the configuration. DynamoDB in AWS and locally; the in-memory twins in unit tests.
 */
import type { RankedServerMessage } from "../../core/protocol/ranked.js";
import type { MatchArchive } from "../archive/archive.js";
import type { Spectate } from "../spectate/spectate.js";
import type { PushService } from "../push/push.js";
import type { ClockSetting, MatchRecord } from "../../core/ranked/types.js";
import type { TimePreset } from "../../core/ranked/presets.js";
import type { GameId, Seat } from "../../core/types.js";
import type { IdentityStore } from "../identity/store.js";
import type { Counters } from "../lib/counters.js";
import type { Quota } from "./quota.js";
import type { PairingRules } from "../matchmaking/matchmaking.js";
import type { SeekStore } from "../matchmaking/store.js";
import type { MatchStore } from "../matches/store.js";
import type { NameStore } from "../names/store.js";
import type { RatingStore } from "../ratings/store.js";
import type { LobbyStore } from "../lobby/store.js";

export type { ClockSetting };
type ServerMessage = RankedServerMessage;

export interface RankedGateway {
  /** Sends to a connection; false when the connection is gone. */
  send(connId: string, msg: ServerMessage): Promise<boolean>;
  /** Whether a connection is still open. */
  isConnected(connId: string): Promise<boolean>;
}

export interface RankedConfig extends PairingRules {
  /** Clock for a game and its options. */
  readonly clockFor: (
    game: GameId,
    options: Readonly<Record<string, number | boolean>>,
    preset?: TimePreset,
  ) => ClockSetting;
  /** How long a dropped player has to come back before losing (or the match being aborted). */
  readonly graceMs: number;
  /** A side that has not made its first move within this is aborted, unrated. */
  readonly firstMoveMs: number;
  readonly seekTtlMs: number;
  /** How long a sign-in challenge (`auth.challenge`) may be answered. */
  readonly challengeTtlMs: number;
  /** How long an open lobby seek stands (it also goes when its connection closes). */
  readonly lobbySeekTtlMs: number;
  /** How long a challenge to a named player waits for an answer. */
  readonly playerChallengeTtlMs: number;
}

export interface RankedStores {
  readonly identity: IdentityStore;
  readonly names: NameStore;
  readonly counters: Counters;
  /** Cross-instance limits of the rare actions (sign-in, name, seek). */
  readonly quota: Quota;
  readonly seeks: SeekStore;
  readonly matches: MatchStore;
  readonly ratings: RatingStore;
  /** The lobby's watchers and the challenges to named players (functions/lobby). */
  readonly lobby: LobbyStore;
}

export interface RankedPorts {
  readonly stores: RankedStores;
  readonly gateway: RankedGateway;
  readonly config: RankedConfig;
  /** Epoch ms; injected so tests can move time. */
  readonly now: () => number;
  /** Random text for ids and tokens (base64url). */
  readonly randomId: () => string;
  /** Random seat for the first seeker: 0 or 1. */
  readonly randomSeat: () => Seat;
  /**
   * Takes one message from the player's own flood bucket (functions/lib/flood.ts `allowIdentity`,
   * the default); false when it is empty.
   */
  readonly allowPlayer?: (playerId: string, now: number) => boolean;
  /** The archive and the live list (functions/archive): told when a match starts and when it ends. */
  readonly archive?: MatchArchive;
  /** Spectators (functions/spectate): pushed every change of a match after its players. */
  readonly spectate?: Pick<Spectate, "fanOut">;
  /** Watchers pushed per game's lobby (functions/lobby/lobby.ts `lobbyCap`). */
  readonly lobbyCap?: number;
  /** Tournaments (functions/tournaments): told when one of their pairings ends. */
  readonly tournament?: { ended(m: MatchRecord): Promise<void> };
  /** Web Push (functions/push): "your turn" and results for a player away from the match. */
  readonly push?: Pick<PushService, "notifyMatch">;
}
