/**
 * `RankedStore` in memory, with the same conditional semantics as the DynamoDB store, for unit tests
 * of the service. Every read returns a copy, and every call yields to the event loop first, so that
 * interleavings like those of a real store happen in tests too.
 */
import { isProvisional } from "../../core/ratings.js";
import type { GameId } from "../../core/types.js";
import { boardSortKey } from "./keys.js";
import type {
  ConnAuth, LeaderboardPage, MatchRecord, PlayerGameRecord, Profile, RankedStore, SeekRecord, SuggestionRecord,
} from "./types.js";

function copy<T>(x: T): T {
  return x === null || x === undefined ? x : (structuredClone(x) as T);
}

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

export interface MemoryRankedStore extends RankedStore {
  readonly suggestions: SuggestionRecord[];
  readonly names: Map<string, string>;
}

export function createMemoryRankedStore(now: () => number = Date.now): MemoryRankedStore {
  const auth = new Map<string, ConnAuth>();
  const profiles = new Map<string, Profile>();
  const names = new Map<string, string>();
  const stats = new Map<string, PlayerGameRecord>();
  const seeks = new Map<string, SeekRecord>();
  const matches = new Map<string, MatchRecord>();
  const active = new Set<string>();
  const counters = new Map<string, number>();
  const suggestions: SuggestionRecord[] = [];

  return {
    suggestions,
    names,
    async getAuth(connId) {
      await tick();
      const a = auth.get(connId);
      return a !== undefined && a.expiresAt > now() ? copy(a) : null;
    },
    async putAuth(rec) {
      await tick();
      auth.set(rec.connId, copy(rec));
    },
    async deleteAuth(connId) {
      await tick();
      auth.delete(connId);
    },
    async getProfile(id) {
      await tick();
      return copy(profiles.get(id) ?? null);
    },
    async putProfile(p, expectedRev) {
      await tick();
      const cur = profiles.get(p.playerId);
      if (expectedRev === null ? cur !== undefined : cur?.rev !== expectedRev) return false;
      profiles.set(p.playerId, copy(p));
      return true;
    },
    async claimName(skeleton, playerId) {
      await tick();
      const owner = names.get(skeleton);
      if (owner !== undefined && owner !== playerId) return false;
      names.set(skeleton, playerId);
      return true;
    },
    async releaseName(skeleton, playerId) {
      await tick();
      if (names.get(skeleton) === playerId) names.delete(skeleton);
    },
    async getStats(playerId, game) {
      await tick();
      return copy(stats.get(`${playerId}|${game}`) ?? null);
    },
    async listStats(playerId) {
      await tick();
      return [...stats.values()].filter((s) => s.playerId === playerId).map(copy);
    },
    async putStats(rec, expectedRev) {
      await tick();
      const key = `${rec.playerId}|${rec.game}`;
      const cur = stats.get(key);
      if (expectedRev === null ? cur !== undefined : cur?.rev !== expectedRev) return false;
      stats.set(key, copy(rec));
      return true;
    },
    async leaderboard(game: GameId, limit: number, cursor: string | null): Promise<LeaderboardPage> {
      await tick();
      const rows = [...stats.values()]
        .filter((s) => s.game === game && !isProvisional(s))
        .map((s) => ({ s, k: boardSortKey(s.rating, s.playerId) }))
        .sort((a, b) => (a.k < b.k ? 1 : a.k > b.k ? -1 : 0))
        .filter((r) => cursor === null || r.k < cursor);
      const page = rows.slice(0, limit);
      const next = rows.length > limit ? page[page.length - 1].k : null;
      return { items: page.map((r) => copy(r.s)), next };
    },
    async putSeek(s) {
      await tick();
      seeks.set(`${s.game}|${s.playerId}`, copy(s));
    },
    async listSeeks(game) {
      await tick();
      return [...seeks.values()].filter((s) => s.game === game && s.expiresAt > now()).map(copy);
    },
    async getSeek(game, playerId) {
      await tick();
      const s = seeks.get(`${game}|${playerId}`);
      return s !== undefined && s.expiresAt > now() ? copy(s) : null;
    },
    async takeSeek(game, playerId, token) {
      await tick();
      const key = `${game}|${playerId}`;
      const s = seeks.get(key);
      if (s === undefined || s.token !== token) return false;
      seeks.delete(key);
      return true;
    },
    async getMatch(id) {
      await tick();
      return copy(matches.get(id) ?? null);
    },
    async putMatch(m, expectedRev) {
      await tick();
      const cur = matches.get(m.id);
      if (expectedRev === null ? cur !== undefined : cur?.rev !== expectedRev) return false;
      matches.set(m.id, copy(m));
      return true;
    },
    async listActive() {
      await tick();
      return [...active];
    },
    async addActive(id) {
      await tick();
      active.add(id);
    },
    async removeActive(id) {
      await tick();
      active.delete(id);
    },
    async bump(key, windowMs, at) {
      await tick();
      const k = `${key}|${Math.floor(at / windowMs)}`;
      const n = (counters.get(k) ?? 0) + 1;
      counters.set(k, n);
      return n;
    },
    async putSuggestion(s) {
      await tick();
      suggestions.push(copy(s));
    },
  };
}
