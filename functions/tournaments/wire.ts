/**
 * Builds the tournaments service on ranked play's ports: matches are started through
 * `startPairedMatch`, names and ratings come from the identity and ratings domains, limits from the
 * counters' `tour#` space. Built by functions/ranked/ports.ts, which hands the service to the ranked
 * service as its `tournament` port.
 */
import { randomInt } from "node:crypto";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { generatedName } from "../../core/names.js";
import { makeDynamoCounters } from "../lib/counters.js";
import { envInt } from "../lib/env.js";
import { COUNTER_SPACES } from "../lib/keys.js";
import { currentRating } from "../ratings/ratings.js";
import { startPairedMatch } from "../ranked/service.js";
import type { RankedPorts } from "../ranked/types.js";
import { createTournaments, type Tournaments } from "./service.js";
import { makeDynamoTournamentStore } from "./store.js";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** Limits by environment: TOUR_CREATES (a day), TOUR_JOINS (an hour), TOUR_PUSH_CAP (posts per change). */
function tournamentLimits(env: NodeJS.ProcessEnv = process.env) {
  return {
    limits: {
      createsPerDay: envInt("TOUR_CREATES", 10, { min: 1 }, env),
      joinsPerHour: envInt("TOUR_JOINS", 60, { min: 1 }, env),
    },
    pushCap: envInt("TOUR_PUSH_CAP", 50, { min: 0 }, env),
  };
}

export function tournamentsOn(
  ports: () => RankedPorts,
  db: DynamoDBDocumentClient,
  tableName: string,
  post: (connId: string, message: object) => Promise<boolean>,
): Tournaments {
  const counters = makeDynamoCounters(db, tableName);
  const { limits, pushCap } = tournamentLimits();
  return createTournaments({
    store: makeDynamoTournamentStore(db, tableName),
    take: async (key, limit, windowMs, now) =>
      (await counters.take(`${COUNTER_SPACES.tour}${key}`, limit, windowMs, now)).ok,
    send: post,
    async player(playerId, game) {
      const p = ports();
      const profile = await p.stores.identity.getProfile(playerId);
      if (profile === null) return null;
      const r = await currentRating(p.stores.ratings, playerId, game, p.now());
      return { name: profile.name ?? generatedName(playerId), rating: r.rating };
    },
    startMatch: (x) => startPairedMatch(ports(), x),
    now: () => ports().now(),
    randomId: () => ports().randomId(),
    randomCode: () => Array.from({ length: 6 }, () => CROCKFORD[randomInt(32)]).join(""),
    limits,
    pushCap,
  });
}
