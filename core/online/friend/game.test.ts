import { describe, expect, test } from "vitest";
import { legalMoves, moveCount, toMove } from "../../games/index.js";
import type { Seat } from "../../types.js";
import { applyPayload, createFriendGame, engineSeat, isPlaying, seatToMove, type FriendGame } from "./game.js";
import type { Payload } from "../payload.js";
import { parsePayload } from "../payload.js";

let seq = 0;
function apply(g: FriendGame, from: Seat, payload: Payload, at = 1_000_000 + seq * 10): FriendGame {
  const r = applyPayload(g, { from, seq: ++seq, at, payload });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value.game;
}
function refuse(g: FriendGame, from: Seat, payload: Payload, at = 1_000_000): string {
  const r = applyPayload(g, { from, seq: ++seq, at, payload });
  if (r.ok) throw new Error("expected a refusal");
  return r.error.code;
}
const setup = (bestOf: 1 | 3 = 3): FriendGame =>
  apply(createFriendGame(), 0, { t: "setup", game: "tsoro-classic", options: { holes: 4, seeds: 1 }, bestOf });
const moveOf = (g: FriendGame, mv: number): Payload => ({
  t: "move",
  series: g.seriesNo,
  game: g.series!.games.length,
  ply: moveCount(g.state!),
  move: mv,
});

describe("friend game reducer", () => {
  test("only the creator sets the game up, once, with options the engine accepts", () => {
    const g0 = createFriendGame();
    expect(refuse(g0, 1, { t: "setup", game: "togyz", options: {}, bestOf: 1 })).toBe("peer/illegal");
    expect(refuse(g0, 0, { t: "setup", game: "tsoro-wta", options: { holes: 99 }, bestOf: 1 })).toBe("peer/illegal");
    const g = setup();
    expect(g.settings?.options).toEqual({ holes: 4, seeds: 1 });
    expect(refuse(g, 0, { t: "setup", game: "togyz", options: {}, bestOf: 1 })).toBe("peer/illegal");
  });

  test("moves: turn, staleness, legality; the starter alternates between games", () => {
    let g = setup();
    expect(seatToMove(g)).toBe(0);
    expect(refuse(g, 1, moveOf(g, legalMoves(g.state!)[0]))).toBe("peer/illegal");
    expect(refuse(g, 0, { ...(moveOf(g, legalMoves(g.state!)[0]) as Extract<Payload, { t: "move" }>), ply: 5 })).toBe(
      "peer/illegal",
    );
    expect(refuse(g, 0, moveOf(g, 99))).toBe("peer/illegal");
    // Play the first game out with first legal moves.
    while (g.series!.games.length === 0) {
      const s = seatToMove(g)!;
      g = apply(g, s, moveOf(g, legalMoves(g.state!)[0]));
    }
    expect(g.finished).toHaveLength(1);
    expect(g.starter).toBe(1);
    // In game 2 room seat 1 plays engine seat 0 and moves first.
    expect(engineSeat(g, 1)).toBe(0);
    expect(toMove(g.state!)).toBe(0);
    expect(seatToMove(g)).toBe(1);
    expect(refuse(g, 0, moveOf(g, legalMoves(g.state!)[0]))).toBe("peer/illegal");
    // A move of the old game is refused in the new one.
    expect(refuse(g, 1, { t: "move", series: 0, game: 0, ply: 0, move: legalMoves(g.state!)[0] })).toBe("peer/illegal");
  });

  test("pause and carry on need both players; moves wait, chat does not", () => {
    let g = setup();
    g = apply(g, 1, { t: "pause", on: true });
    expect(g.paused).toBe(false);
    expect(refuse(g, 1, { t: "answer", what: "pause", accept: true })).toBe("peer/illegal"); // not your own
    g = apply(g, 0, { t: "answer", what: "pause", accept: true });
    expect(g.paused).toBe(true);
    expect(refuse(g, 0, moveOf(g, legalMoves(g.state!)[0]))).toBe("peer/illegal");
    g = apply(g, 1, { t: "chat", text: "tea break" });
    // Both asking to carry on at once counts as agreement.
    g = apply(g, 0, { t: "pause", on: false });
    g = apply(g, 1, { t: "pause", on: false });
    expect(g.paused).toBe(false);
    g = apply(g, 0, moveOf(g, legalMoves(g.state!)[0]));
    expect(g.moves).toHaveLength(1);
    // A refused request leaves the game running.
    g = apply(g, 0, { t: "pause", on: true });
    g = apply(g, 1, { t: "answer", what: "pause", accept: false });
    expect(g.paused).toBe(false);
    expect(g.offers.pause).toBeNull();
  });

  test("chat flood: a sixth line within 10 s is refused, identically on both sides", () => {
    let g = setup();
    for (let i = 0; i < 5; i++) g = apply(g, 0, { t: "chat", text: `line ${i}` }, 5_000 + i * 100);
    expect(refuse(g, 0, { t: "chat", text: "six" }, 9_000)).toBe("chat/flood");
    g = apply(g, 1, { t: "chat", text: "other seat is fine" }, 9_000);
    g = apply(g, 0, { t: "chat", text: "later" }, 15_001);
    expect(g.chat.map((c) => c.text)).toContain("later");
  });

  test("forfeit of a game, of a whole series, then a rematch by agreement", () => {
    let g = setup(3);
    g = apply(g, 1, { t: "forfeit", whole: false });
    expect(g.series?.score).toEqual([1, 0]);
    expect(g.series?.over).toBe(false);
    expect(g.finished[0].outcome).toEqual({ winner: 0, reason: "forfeit" });
    expect(refuse(g, 0, { t: "rematch" })).toBe("peer/illegal"); // series not over
    g = apply(g, 0, { t: "forfeit", whole: true });
    expect(g.series).toMatchObject({ over: true, winner: 1, end: "forfeit" });
    expect(isPlaying(g)).toBe(false);
    expect(refuse(g, 0, moveOf(g, 1))).toBe("peer/illegal");
    g = apply(g, 0, { t: "rematch" });
    expect(g.offers.rematch).toBe(0);
    g = apply(g, 1, { t: "answer", what: "rematch", accept: true });
    expect(g.seriesNo).toBe(1);
    expect(g.series?.games).toHaveLength(0);
    expect(isPlaying(g)).toBe(true);
    expect(g.finished).toHaveLength(2);
    // The first series was started by room seat 0; the rematch is started by seat 1.
    expect(g.finished[0].starter).toBe(0);
    expect(g.starter).toBe(1);
    expect(seatToMove(g)).toBe(1);
  });

  test("an agreed end is for Ayo only and scores the captured seeds", () => {
    expect(refuse(setup(), 0, { t: "end" })).toBe("peer/illegal");
    let g = apply(createFriendGame(), 0, { t: "setup", game: "ayo", options: {}, bestOf: 1 });
    for (let i = 0; i < 4; i++) g = apply(g, seatToMove(g)!, moveOf(g, legalMoves(g.state!)[0]));
    g = apply(g, 1, { t: "end" });
    // A move lapses the offer.
    g = apply(g, seatToMove(g)!, moveOf(g, legalMoves(g.state!)[0]));
    expect(g.offers.end).toBeNull();
    g = apply(g, 0, { t: "end" });
    g = apply(g, 1, { t: "end" });
    expect(g.finished[0].outcome.reason).toBe("agreed");
  });

  test("payload schema: unknown or oversized content is refused before the reducer", () => {
    expect(parsePayload({ t: "move", series: 0, game: 0, ply: 0, move: 3 }).ok).toBe(true);
    expect(parsePayload({ t: "chat", text: "x".repeat(501) }).ok).toBe(false);
    expect(parsePayload({ t: "chat", text: "" }).ok).toBe(false);
    expect(parsePayload({ t: "profile", name: "   " }).ok).toBe(false);
    expect(parsePayload({ t: "move", series: 0, game: 0, ply: 0, move: 3, extra: 1 }).ok).toBe(false);
    expect(parsePayload({ t: "setup", game: "chess", options: {}, bestOf: 1 }).ok).toBe(false);
    expect(parsePayload(null).ok).toBe(false);
  });
});
