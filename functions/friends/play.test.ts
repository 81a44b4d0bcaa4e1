/**
 * A whole friend game by code over real WebSockets against the local server: create, ask to join,
 * approve, names exchanged encrypted, chat, pause and carry on by agreement (chat stays open while
 * paused), a best-of-3 series to the end, a rematch, forfeit of a whole series, and an agreed end of
 * an Ayo game.
 */
import { describe, expect, test } from "vitest";
import { view as positionView, playAll, newGame } from "../../core/games/index.js";
import { isPlaying, type Settings } from "../../core/online/friend/game.js";
import { codeOf, newRoom, player, playMoves, rng, waitFor, type Player } from "../local/players.js";
import { useTestServer } from "./testing/rigs.js";

const ts = useTestServer();

async function seatedPair(setup: Settings): Promise<[Player, Player]> {
  const alice = player(ts.url, newRoom().code, "create", { name: "Alice" }, { setup });
  const code = await codeOf(alice);
  // Nothing is sealed before a guest has confirmed the code: there is no room key yet.
  expect(alice.view().keyed).toBe(false);
  const bob = player(ts.url, code, "join", { name: "Bob", avatar: "🦊" });
  await waitFor(() => alice.view().requests.length === 1, "owner sees the join request (the key exchange confirmed)");
  expect(alice.view().requests[0].name).toBe("Bob");
  await waitFor(() => bob.view().status === "pending", "guest waits for approval");
  expect(alice.session.answerJoin(alice.view().requests[0].reqId, true).ok).toBe(true);
  await waitFor(
    () => bob.view().status === "seated" && bob.view().caughtUp && bob.view().game.settings !== null,
    "guest seated and set up",
  );
  expect(bob.session.key).toEqual(alice.session.key);
  await waitFor(
    () =>
      alice.view().game.profiles[1]?.name === "Bob" &&
      bob.view().game.profiles[0]?.name === "Alice" &&
      alice.view().peer.online &&
      bob.view().peer.online,
    "names exchanged and both online",
  );
  return [alice, bob];
}

describe("a friend game by code", () => {
  test("chat, pause by agreement, a best-of-3 series, a rematch and a forfeited series", async () => {
    const [alice, bob] = await seatedPair({ game: "tsoro-classic", options: { holes: 4, seeds: 2 }, bestOf: 3 });
    try {
      expect(bob.view().seat).toBe(1);
      expect(bob.view().game.settings).toEqual(alice.view().game.settings);
      await waitFor(() => bob.view().game.profiles[1] !== null, "bob applied his own profile");
      expect(bob.view().game.profiles[1]).toEqual({ name: "Bob", avatar: "🦊" });

      expect(alice.session.chat("hi Bob 😊").ok).toBe(true);
      expect(bob.session.chat("hello!").ok).toBe(true);
      await waitFor(
        () => alice.view().game.chat.length === 2 && bob.view().game.chat.length === 2,
        "two chat lines on both sides",
      );
      expect(alice.view().game.chat.map((c) => c.text)).toEqual(bob.view().game.chat.map((c) => c.text));

      const rand = rng(7);
      await playMoves(alice, bob, 3, rand);

      // Pause needs the other player's agreement; moves are refused while paused, chat is not.
      expect(bob.session.pause(true).ok).toBe(true);
      await waitFor(() => alice.view().game.offers.pause?.seat === 1, "alice sees the pause request");
      expect(alice.view().game.paused).toBe(false);
      expect(alice.session.answer("pause", true).ok).toBe(true);
      await waitFor(() => alice.view().game.paused && bob.view().game.paused, "paused on both sides");
      const mover = alice.view().game.state !== null && isPlaying(alice.view().game) ? alice : bob;
      const moveWhilePaused = [alice, bob].map((p) => p.session.move(1));
      expect(moveWhilePaused.every((r) => !r.ok)).toBe(true);
      expect(mover.session.chat("still here").ok).toBe(true);
      await waitFor(
        () => alice.view().game.chat.length === 3 && bob.view().game.chat.length === 3,
        "chat while paused",
      );
      expect(alice.session.pause(false).ok).toBe(true);
      await waitFor(() => bob.view().game.offers.pause?.on === false, "bob sees the request to carry on");
      expect(bob.session.answer("pause", true).ok).toBe(true);
      await waitFor(() => !alice.view().game.paused && !bob.view().game.paused, "playing again");

      await playMoves(alice, bob, 100_000, rand);
      const a = alice.view().game;
      const b = bob.view().game;
      expect(a.series?.over).toBe(true);
      expect(b.series).toEqual(a.series);
      expect(a.finished.length).toBeGreaterThanOrEqual(2);
      // Players take turns to start, and each finished game replays to the same result.
      const start = newGame("tsoro-classic", { holes: 4, seeds: 2 });
      if (!start.ok) throw new Error(start.error.message);
      a.finished.forEach((f, i) => {
        expect(f.starter).toBe(i % 2);
        const replay = playAll(start.value, f.moves);
        expect(replay.ok).toBe(true);
        if (replay.ok) expect(positionView(replay.value).board).toEqual(positionView(f.final).board);
      });
      expect(b.finished.map((f) => f.moves)).toEqual(a.finished.map((f) => f.moves));

      // A rematch needs both; then Bob gives up the whole new series at once.
      expect(bob.session.rematch().ok).toBe(true);
      await waitFor(() => alice.view().game.offers.rematch === 1, "alice sees the rematch offer");
      expect(alice.session.answer("rematch", true).ok).toBe(true);
      await waitFor(
        () => alice.view().game.seriesNo === 1 && bob.view().game.seriesNo === 1,
        "second series on both sides",
      );
      expect(alice.view().game.series?.games.length).toBe(0);
      await playMoves(alice, bob, 2, rand);
      expect(bob.session.forfeit(true).ok).toBe(true);
      await waitFor(
        () => alice.view().game.series?.over === true && bob.view().game.series?.over === true,
        "series forfeited",
      );
      expect(alice.view().game.series?.winner).toBe(0);
      expect(alice.view().game.series?.end).toBe("forfeit");
      expect(bob.session.move(1).ok).toBe(false);
    } finally {
      alice.session.dispose();
      bob.session.dispose();
    }
  });

  test("an Ayo game ends by agreement on the captured score; an illegal move is refused", async () => {
    const [alice, bob] = await seatedPair({ game: "ayo", options: {}, bestOf: 1 });
    try {
      await playMoves(alice, bob, 6, rng(3));
      // Pit 7 is never Alice's (she owns 1..6 while she plays engine seat 0).
      const wrong = alice.session.move(7);
      expect(wrong.ok).toBe(false);
      expect(alice.session.offerEnd().ok).toBe(true);
      await waitFor(() => bob.view().game.offers.end === 0, "bob sees the offer");
      expect(bob.session.answer("end", true).ok).toBe(true);
      await waitFor(
        () => alice.view().game.finished.length === 1 && bob.view().game.finished.length === 1,
        "ended on both sides",
      );
      const last = alice.view().game.finished[0];
      expect(bob.view().game.finished[0].outcome).toEqual(last.outcome);
      expect(last.outcome.reason).toBe("agreed");
      const [s0, s1] = positionView(last.final).stores;
      expect(last.outcome.winner).toBe(s0 > s1 ? 0 : s1 > s0 ? 1 : null);
      // A drawn game is replayed (docs/rules.md "Series and forfeits"): the best-of-1 goes on after a draw.
      expect(alice.view().game.series?.over).toBe(last.outcome.winner !== null);
    } finally {
      alice.session.dispose();
      bob.session.dispose();
    }
  });
});
