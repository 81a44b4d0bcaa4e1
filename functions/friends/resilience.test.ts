/**
 * Nothing is lost when a phone drops: a client whose connection is cut reconnects by itself and
 * catches up (and its move made while offline goes out once it is back); a client that restarts
 * from scratch with what the device kept (room id, seat secret, room key) returns to its own seat
 * with no new key exchange; typing the code again on that device works too.
 */
import { describe, expect, test } from "vitest";
import { makeCode, parseCode, type RoomCode } from "../../core/crypto/index.js";
import { legalMoves, moveCount } from "../../core/games/index.js";
import { seatToMove } from "../../core/online/friend/game.js";
import { codeOf, newRoom, player, playMoves, rng, waitFor, type Player } from "../local/players.js";
import { useTestServer } from "./testing/rigs.js";

const ts = useTestServer();

async function pair(): Promise<{ alice: Player; bob: Player; code: RoomCode }> {
  const alice = player(
    ts.url,
    newRoom().code,
    "create",
    { name: "Alice" },
    { setup: { game: "togyz", options: {}, bestOf: 3 } },
  );
  alice.session.subscribe((e) => {
    if (e.type === "request") alice.session.answerJoin(e.request.reqId, true);
  });
  const code = await codeOf(alice);
  const bob = player(ts.url, code, "join", { name: "Bob" });
  await waitFor(
    () =>
      bob.view().status === "seated" && alice.view().game.profiles[1] !== null && bob.view().game.profiles[0] !== null,
    "bob seated",
  );
  return { alice, bob, code };
}

const boardOf = (p: Player): string => {
  const g = p.view().game;
  return g.state === null ? "" : Array.from(g.state.buf).join(",");
};

describe("drops and restarts", () => {
  test("a dropped client reconnects by itself, catches up, and sends what it played while offline", async () => {
    const { alice, bob } = await pair();
    try {
      const rand = rng(11);
      await playMoves(alice, bob, 6, rand);
      // Cut Bob off; Alice keeps chatting and, if it is her turn, moves.
      const cut = bob.sockets[bob.sockets.length - 1];
      cut.terminate();
      await waitFor(() => !bob.view().connected, "bob is cut off");
      expect(alice.session.chat("are you there?").ok).toBe(true);
      await waitFor(() => alice.view().unsent === 0, "alice's chat stored");
      let g = alice.view().game;
      if (seatToMove(g) === 0 && g.state !== null) {
        expect(alice.session.move(legalMoves(g.state)[0]).ok).toBe(true);
        await waitFor(() => alice.view().unsent === 0, "alice's move stored");
      }
      await waitFor(() => bob.view().connected && bob.view().caughtUp, "bob reconnected and caught up", 10_000);
      expect(bob.sockets.length).toBeGreaterThan(1);
      expect(boardOf(bob)).toBe(boardOf(alice));
      expect(bob.view().game.chat.map((c) => c.text)).toContain("are you there?");
      await waitFor(() => alice.view().peer.online, "alice sees bob back");

      g = bob.view().game;
      expect(seatToMove(g)).toBe(1);
      const last = bob.sockets[bob.sockets.length - 1];
      last.terminate();
      if (g.state === null) throw new Error("no game");
      const ply = moveCount(g.state);
      expect(bob.session.move(legalMoves(g.state)[0]).ok).toBe(true);
      await waitFor(
        () => alice.view().game.state !== null && moveCount(alice.view().game.state!) === ply + 1,
        "bob's offline move reached alice",
      );
      await waitFor(() => bob.view().unsent === 0 && boardOf(bob) === boardOf(alice), "both agree");
      await playMoves(alice, bob, 4, rand);
    } finally {
      alice.session.dispose();
      bob.session.dispose();
    }
  });

  test("restarting from scratch with the saved seat secret, or typing the code again, returns each player to their own seat", async () => {
    const { alice, bob, code } = await pair();
    const extra: Player[] = [];
    try {
      const rand = rng(5);
      await playMoves(alice, bob, 9, rand);
      bob.session.chat("brb");
      await waitFor(() => alice.view().game.chat.length === 1, "chat arrived");
      const saved = { secret: bob.session.secret, roomId: bob.session.roomId, key: bob.session.key! };
      expect(saved.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      bob.session.dispose();
      await waitFor(() => !alice.view().peer.online, "alice sees bob leave");

      // A new process on Bob's phone: only what the device kept survives (no snapshot).
      const bob2 = player(ts.url, code, "join", { name: "Bob" }, saved);
      extra.push(bob2);
      await waitFor(() => bob2.view().status === "seated" && bob2.view().caughtUp, "bob back in his seat");
      expect(bob2.view().seat).toBe(1);
      expect(bob2.view().roomId).toBe(saved.roomId);
      expect(alice.view().requests).toHaveLength(0); // no join request: the secret matched
      expect(boardOf(bob2)).toBe(boardOf(alice));
      expect(bob2.view().game.chat.map((c) => c.text)).toEqual(["brb"]);
      await waitFor(() => alice.view().peer.online, "alice sees bob again");
      await playMoves(alice, bob2, 3, rand);

      // Alice types the code again, messily, on another device that kept her seat secret.
      const typed = parseCode(` ${makeCode(code).toLowerCase().replace(/1/g, "l").replace(/0/g, "o")} `);
      expect(typed.ok).toBe(true);
      if (!typed.ok) return;
      expect(typed.value).toBe(code);
      const alice2 = player(
        ts.url,
        typed.value,
        "join",
        { name: "Alice" },
        { secret: alice.session.secret, roomId: alice.session.roomId, key: alice.session.key! },
      );
      extra.push(alice2);
      await waitFor(() => alice2.view().status === "seated" && alice2.view().caughtUp, "alice back in her seat");
      expect(alice2.view().seat).toBe(0);
      // The older connection of her seat is told it moved.
      await waitFor(() => alice.view().status === "moved", "old connection replaced");
      expect(boardOf(alice2)).toBe(boardOf(bob2));
      await playMoves(alice2, bob2, 3, rand);
      expect(boardOf(alice2)).toBe(boardOf(bob2));
    } finally {
      alice.session.dispose();
      bob.session.dispose();
      for (const p of extra) p.session.dispose();
    }
  });

  test("a saved snapshot rebuilds the game on the device and fetches only what is newer", async () => {
    const { alice, bob, code } = await pair();
    const extra: Player[] = [];
    try {
      const rand = rng(21);
      await playMoves(alice, bob, 7, rand);
      bob.session.chat("saving");
      await waitFor(() => alice.view().game.chat.length === 1 && bob.view().unsent === 0, "chat stored");
      const snap = JSON.parse(JSON.stringify(bob.session.snapshot())) as ReturnType<typeof bob.session.snapshot>;
      const board = boardOf(bob);
      bob.session.dispose();
      // Bob is away; Alice chats meanwhile.
      alice.session.chat("while you were away");
      await waitFor(() => alice.view().unsent === 0, "stored");
      const back = player(ts.url, code, "join", { name: "Bob" }, { snapshot: snap });
      extra.push(back);
      // Rebuilt before any answer from the server.
      expect(back.view().applied).toBe(snap.applied);
      expect(boardOf(back)).toBe(board);
      expect(back.view().seat).toBe(1);
      await waitFor(() => back.view().status === "seated" && back.view().caughtUp, "back and caught up");
      expect(back.view().game.chat.map((c) => c.text)).toEqual(["saving", "while you were away"]);
      await playMoves(alice, back, 3, rand);
      expect(boardOf(back)).toBe(boardOf(alice));
    } finally {
      alice.session.dispose();
      bob.session.dispose();
      for (const p of extra) p.session.dispose();
    }
  });
});
