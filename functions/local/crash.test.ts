/**
 * The local server process is killed with SIGKILL in the middle of a friend game and started again
 * on the same data: both clients reconnect by themselves, the game goes on, and every message the
 * server had acknowledged before the kill is still there (a client restarted from scratch replays
 * the whole log from the server and finds all of it).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import { legalMoves } from "../../core/games/index.js";
import { seatToMove } from "../../core/online/friend/game.js";
import { codeOf, newRoom, player, rng, waitFor, type Player } from "./players.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dataDir = mkdtempSync(join(tmpdir(), "mancala-crash-"));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function spawnServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "functions", "local", "main.ts")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: join(dataDir, "no-client"), QUIET: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  let errText = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (errText += d.toString()));
  await waitFor(() => out.includes("running at") || child.exitCode !== null, "server started", 30_000);
  if (child.exitCode !== null) throw new Error(`server exited: ${errText}`);
  return child;
}

/** Each player moves as soon as it is their turn, until stopped. */
function autoplay(p: Player, rand: () => number): { stop(): void } {
  let on = true;
  const tick = (): void => {
    if (!on) return;
    const v = p.view();
    const g = v.game;
    if (v.status === "seated" && v.unsent === 0 && v.seat !== null && seatToMove(g) === v.seat && g.state !== null) {
      const moves = legalMoves(g.state);
      p.session.move(moves[Math.floor(rand() * moves.length)]);
    }
    setTimeout(tick, 2);
  };
  tick();
  return { stop: () => (on = false) };
}

const history = (p: Player): number[][] => {
  const g = p.view().game;
  return [...g.finished.map((f) => [...f.moves]), [...g.moves]];
};

describe("SIGKILL of the server mid-game", () => {
  test("restart on the same data: the game continues and no acknowledged message is lost", async () => {
    const port = await freePort();
    const url = `ws://127.0.0.1:${port}/ws`;
    let server = await spawnServer(port);
    const alice = player(
      url,
      newRoom().code,
      "create",
      { name: "Alice" },
      { setup: { game: "togyz", options: {}, bestOf: 3 } },
    );
    alice.session.subscribe((e) => {
      if (e.type === "request") alice.session.answerJoin(e.request.reqId, true);
    });
    const code = await codeOf(alice);
    const bob = player(url, code, "join", { name: "Bob" });
    const players = [alice, bob];
    try {
      await waitFor(() => bob.view().status === "seated" && alice.view().game.profiles[1] !== null, "both seated");
      const rand = rng(99);
      const a = autoplay(alice, rand);
      const b = autoplay(bob, rand);
      await waitFor(() => alice.view().game.moves.length >= 30, "30 moves played");
      // Two chats go out right as the server dies: stored or not, each must end up in the log once.
      alice.session.chat("one");
      bob.session.chat("two");
      await new Promise((r) => setTimeout(r, 1));
      // Everything a client has applied was acknowledged (own) or pushed (peer's) after being stored.
      server.kill("SIGKILL");
      await new Promise((r) => server.once("exit", r));
      const before = [history(alice), history(bob)];
      const chatsBefore = [...alice.view().game.chat, ...bob.view().game.chat].map((c) => `${c.seq}:${c.text}`);
      expect(before[0][0].length + before[1][0].length).toBeGreaterThan(0);
      await waitFor(() => !alice.view().connected && !bob.view().connected, "clients notice the drop");

      server = await spawnServer(port);
      await waitFor(
        () => alice.view().connected && bob.view().connected && alice.view().caughtUp && bob.view().caughtUp,
        "clients back",
        20_000,
      );
      const target = alice.view().game.moves.length + alice.view().game.finished.length * 1000 + 20;
      await waitFor(
        () =>
          alice.view().game.moves.length + alice.view().game.finished.length * 1000 >= target ||
          alice.view().game.series?.over === true,
        "20 more moves",
        30_000,
      );
      a.stop();
      b.stop();
      await waitFor(
        () => alice.view().unsent === 0 && bob.view().unsent === 0 && alice.view().applied === bob.view().applied,
        "settled",
      );

      // A third client restarted from scratch with Bob's seat secret replays the server's whole log.
      const fresh = player(
        url,
        code,
        "join",
        { name: "Bob" },
        { secret: bob.session.secret, roomId: bob.session.roomId, key: bob.session.key! },
      );
      players.push(fresh);
      await waitFor(
        () => fresh.view().status === "seated" && fresh.view().caughtUp && fresh.view().applied >= bob.view().applied,
        "fresh replay",
      );
      const after = history(fresh);
      for (const h of before) {
        h.forEach((moves, i) => expect(after[i].slice(0, moves.length)).toEqual(moves));
      }
      const chatsAfter = fresh.view().game.chat.map((c) => `${c.seq}:${c.text}`);
      for (const c of chatsBefore) expect(chatsAfter).toContain(c);
      // The chats in flight at the kill were re-sent after the restart, each exactly once.
      expect(
        fresh
          .view()
          .game.chat.map((c) => c.text)
          .sort(),
      ).toEqual(["one", "two"]);
      expect(history(alice)).toEqual(after);
      expect(history(bob)).toEqual(after);
    } finally {
      for (const p of players) p.session.dispose();
      server.kill("SIGTERM");
      await new Promise((r) => (server.exitCode !== null ? r(null) : server.once("exit", r)));
    }
  });
});
