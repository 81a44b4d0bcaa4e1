/** The archive's reads on this process's table, for the HTTP handlers. */
import { makeDynamoMatchStore } from "../matches/store.js";
import { readRankedConfig } from "../ranked/config.js";
import { documentClient, readConfig } from "../lib/config.js";
import { createArchiveReads, type ArchiveReads } from "./reads.js";
import { makeDynamoArchiveStore } from "./store.js";

export function archiveReads(): ArchiveReads {
  const cfg = readConfig();
  const db = documentClient(cfg);
  const tableName = cfg.tableName;
  return createArchiveReads({
    archive: makeDynamoArchiveStore(db, tableName),
    matches: makeDynamoMatchStore(db, tableName),
    fixedClock: readRankedConfig().clockFor,
    now: Date.now,
  });
}

/** Cache lifetimes (seconds) the answers carry; CloudFront keeps none longer than its policy's 10 s. */
export const CACHE = {
  /** A finished game never changes. */
  finished: "public, max-age=3600",
  /** A game in play: the pollers of a game with a full spectator list read this. */
  live: "public, max-age=2",
  lists: "public, max-age=10",
  tv: "public, max-age=5",
} as const;
