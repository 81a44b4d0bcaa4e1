/**
 * The identity domain's store: a connection's pending challenge and proven player id (attributes of
 * the connection item, functions/lib/connections.ts), and the player's profile
 * (`PLAYER#<id>` / `PROFILE`: name, active match, last connection).
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { connectionKey, type Connection } from "../lib/connections.js";
import {
  conditionalPut,
  copyOf,
  getLive,
  isConditionFailed,
  revCondition,
  stripKeys,
  yieldTurn,
} from "../lib/items.js";
import { isLive } from "../lib/table.js";

/** The ranked attributes a connection item may carry: a pending challenge, then the proven player. */
export interface RankedConnAuth {
  readonly playerId: string | null;
  readonly challenge: string | null;
  readonly challengeFor: string | null;
  /** Epoch ms after which the challenge is void. */
  readonly challengeExp: number;
}

/** Reads the ranked attributes from a connection item already in hand (no DynamoDB call). */
export function rankedAuthOf(conn: Connection | null, now: number): RankedConnAuth | null {
  if (conn === null) return null;
  const exp = typeof conn.rankedChallengeExp === "number" ? conn.rankedChallengeExp : 0;
  const live = exp > now;
  const playerId = typeof conn.rankedPlayer === "string" ? conn.rankedPlayer : null;
  const challenge = live && typeof conn.rankedChallenge === "string" ? conn.rankedChallenge : null;
  const challengeFor = live && typeof conn.rankedChallengeFor === "string" ? conn.rankedChallengeFor : null;
  if (playerId === null && challenge === null) return null;
  return { playerId, challenge, challengeFor, challengeExp: exp };
}

/** Sets the ranked attributes on a live connection item; a gone connection is left alone. */
async function setRankedAuth(
  db: DynamoDBDocumentClient,
  tableName: string,
  connectionId: string,
  a: RankedConnAuth | null,
): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: connectionKey(connectionId),
        ...(a === null
          ? { UpdateExpression: "REMOVE rankedPlayer, rankedChallenge, rankedChallengeFor, rankedChallengeExp" }
          : {
              UpdateExpression:
                "SET rankedPlayer = :p, rankedChallenge = :c, rankedChallengeFor = :f, rankedChallengeExp = :e",
              ExpressionAttributeValues: {
                ":p": a.playerId,
                ":c": a.challenge,
                ":f": a.challengeFor,
                ":e": a.challengeExp,
              },
            }),
        ConditionExpression: "attribute_exists(pk)",
      }),
    );
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
  }
}

export interface Profile {
  readonly playerId: string;
  readonly name: string | null;
  /** Look-alike key of `name` (functions/names/skeleton.ts), owned through a name claim. */
  readonly skeleton: string | null;
  /** A chosen name not claimed yet: it is claimed after the player's next rated game. */
  readonly wanted?: string | null;
  /** When the player's latest rated game ended (absent: none recorded). */
  readonly ratedAt?: number | null;
  readonly createdAt: number;
  /** The ranked match the player is in, if any. */
  readonly activeMatch: string | null;
  /** The connection that last proved this identity. */
  readonly connId: string | null;
  /** The player takes no challenges (functions/lobby): each is refused at once. */
  readonly refuseChallenges?: boolean;
  readonly rev: number;
}

export interface IdentityStore {
  getAuth(connId: string): Promise<RankedConnAuth | null>;
  /** Sets (or with null clears) the connection's ranked attributes; a gone connection is ignored. */
  putAuth(connId: string, auth: RankedConnAuth | null): Promise<void>;
  getProfile(playerId: string): Promise<Profile | null>;
  /** Writes if the stored rev equals `expectedRev` (null: the profile must not exist). */
  putProfile(p: Profile, expectedRev: number | null): Promise<boolean>;
}

const PLAYER_PREFIX = "PLAYER#";
const PROFILE_SK = "PROFILE";

export function makeDynamoIdentityStore(
  db: DynamoDBDocumentClient,
  tableName: string,
  now: () => number = Date.now,
): IdentityStore {
  return {
    async getAuth(connId) {
      const r = await db.send(
        new GetCommand({ TableName: tableName, Key: { pk: `CONN#${connId}`, sk: "CONN" }, ConsistentRead: true }),
      );
      if (r.Item === undefined || !isLive(r.Item, now())) return null;
      return rankedAuthOf(r.Item as Connection, now());
    },
    putAuth: (connId, auth) => setRankedAuth(db, tableName, connId, auth),
    async getProfile(playerId) {
      const item = await getLive(db, tableName, PLAYER_PREFIX + playerId, PROFILE_SK, now());
      return item === null ? null : stripKeys<Profile>(item);
    },
    putProfile: (p, expectedRev) =>
      conditionalPut(
        db,
        tableName,
        { pk: PLAYER_PREFIX + p.playerId, sk: PROFILE_SK, ...p },
        revCondition(expectedRev),
      ),
  };
}

export type MemoryIdentityStore = IdentityStore;

export function createMemoryIdentityStore(now: () => number = Date.now): MemoryIdentityStore {
  const auth = new Map<string, RankedConnAuth>();
  const profiles = new Map<string, Profile>();
  return {
    async getAuth(connId) {
      await yieldTurn();
      const a = auth.get(connId);
      if (a === undefined) return null;
      return rankedAuthOf(
        {
          connectionId: connId,
          connectedAt: 0,
          rankedPlayer: a.playerId,
          rankedChallenge: a.challenge,
          rankedChallengeFor: a.challengeFor,
          rankedChallengeExp: a.challengeExp,
        },
        now(),
      );
    },
    async putAuth(connId, a) {
      await yieldTurn();
      if (a === null) auth.delete(connId);
      else auth.set(connId, copyOf(a));
    },
    async getProfile(id) {
      await yieldTurn();
      return copyOf(profiles.get(id) ?? null);
    },
    async putProfile(p, expectedRev) {
      await yieldTurn();
      const cur = profiles.get(p.playerId);
      if (expectedRev === null ? cur !== undefined : cur?.rev !== expectedRev) return false;
      profiles.set(p.playerId, copyOf(p));
      return true;
    },
  };
}
