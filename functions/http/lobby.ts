/** `GET /api/lobby?game=G`: the open seeks of one game, oldest first (docs/lobby.md). */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import type { LobbyResponse } from "../../core/protocol/lobby.js";
import { parseWith } from "../../core/protocol/ranked.js";
import { GameQuerySchema } from "../../core/protocol/watch.js";
import { documentClient, readConfig } from "../lib/config.js";
import { openSeekView } from "../lobby/lobby.js";
import { makeDynamoSeekStore } from "../matchmaking/store.js";
import { fail, json, behindOrigin } from "./respond.js";

/** Briefly cached: a poller (a page, a tool, a watcher beyond the live cap) costs the origin one read per 2 s. */
export const LOBBY_CACHE = "public, max-age=2";

export const handler = behindOrigin(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const q = parseWith(GameQuerySchema, { ...(event.queryStringParameters ?? {}) });
    if (!q.ok) return fail("query/invalid", q.error.message);
    const cfg = readConfig();
    const seeks = await makeDynamoSeekStore(documentClient(cfg), cfg.tableName).listSeeks(q.value.game);
    const body: LobbyResponse = {
      game: q.value.game,
      seeks: seeks
        .filter((s) => s.open === true)
        .sort((a, b) => a.since - b.since)
        .map(openSeekView),
    };
    return json(200, body, { "cache-control": LOBBY_CACHE });
  },
);
