/**
 * The code as a password, over real WebSockets against the local server: a wrong code fails the key
 * confirmation on both sides and is counted on the server; after MAX_WRONG_CODES the locator is
 * retired (the next guess finds no game) and the owner's device shows a fresh code for the same game,
 * which works; a guest who arrives while the owner is away waits for the owner.
 */
import { describe, expect, test } from "vitest";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { codeForLocator, locatorOf, type RoomCode } from "../../core/crypto/index.js";
import { MAX_WRONG_CODES } from "../../core/protocol/friend.js";
import { documentClient, readConfig } from "../lib/config.js";
import { codeOf, newRoom, player, waitFor, wsFactory, type Player } from "../local/players.js";
import { useTestServer } from "./testing/rigs.js";
import { WebSocket } from "ws";
import { PROTOCOL_VERSION } from "../../core/protocol/friend.js";

const ts = useTestServer();

const SETUP = { game: "ayo", options: {}, bestOf: 1 } as const;

/** Another password for the same locator. */
function wrongCode(code: RoomCode): RoomCode {
  for (;;) {
    const c = codeForLocator(locatorOf(code));
    if (c !== code) return c;
  }
}

async function failsOf(loc: number): Promise<number | null> {
  const r = await documentClient(readConfig()).send(
    new GetCommand({ TableName: readConfig().tableName, Key: { pk: `LOC#${loc}`, sk: "LOC" }, ConsistentRead: true }),
  );
  return r.Item === undefined ? null : Number(r.Item.fails);
}

describe("the code is a password", () => {
  test("wrong codes fail on both sides and are counted; the last one retires the locator and the owner gets a new code that works", async () => {
    const owner = player(ts.url, newRoom().code, "create", { name: "Owner" }, { setup: SETUP });
    const wrongs: string[] = [];
    const codes: { code: string; reason: string }[] = [];
    owner.session.subscribe((e) => {
      if (e.type === "wrong_code") wrongs.push(e.reqId);
      if (e.type === "code") codes.push({ code: e.code, reason: e.reason });
      if (e.type === "request") owner.session.answerJoin(e.request.reqId, true);
    });
    const all: Player[] = [owner];
    try {
      const code = await codeOf(owner);
      const loc = locatorOf(code);
      expect(await failsOf(loc)).toBe(0);
      for (let i = 1; i <= MAX_WRONG_CODES; i++) {
        const g = player(ts.url, wrongCode(code), "join", { name: `Guesser ${i}` });
        all.push(g);
        await waitFor(() => g.view().status === "wrong_code", `guess ${i} refused to the guesser`);
        expect(g.view().seat).toBeNull();
        expect(g.session.key).toBeNull();
        expect(wrongs).toHaveLength(i); // the owner's side found the confirmation wrong
        expect(owner.view().requests).toHaveLength(0);
        if (i < MAX_WRONG_CODES) expect(await failsOf(loc)).toBe(i);
      }
      // The last wrong code retired the locator: the owner's device made a new code for the same game.
      await waitFor(() => codes.some((c) => c.reason === "retired"), "owner told to share a new code");
      const fresh = owner.view().code!;
      expect(fresh).not.toBe(code);
      expect(locatorOf(fresh)).not.toBe(loc);
      expect(await failsOf(loc)).toBeNull();
      expect(owner.view().status).toBe("seated");
      // A sixth guess finds no game at the old locator, and so does the old right code.
      for (const c of [wrongCode(code), code]) {
        const g = player(ts.url, c, "join", { name: "Late" });
        all.push(g);
        await waitFor(() => g.view().status === "not_found", "old locator retired");
      }
      expect(wrongs).toHaveLength(MAX_WRONG_CODES);
      // The new code seats the friend in the same room.
      const friend = player(ts.url, fresh, "join", { name: "Friend" });
      all.push(friend);
      await waitFor(
        () => friend.view().status === "seated" && friend.view().game.settings?.game === "ayo",
        "friend seated with the new code",
      );
      expect(friend.session.roomId).toBe(owner.session.roomId);
      expect(friend.session.key).toEqual(owner.session.key);
    } finally {
      for (const p of all) p.session.dispose();
    }
  });

  test("a guest who arrives while the owner is away waits for the owner, and gets in once the owner is back", async () => {
    const owner = player(ts.url, newRoom().code, "create", { name: "Owner" }, { setup: SETUP });
    const code = await codeOf(owner);
    const kept = { roomId: owner.session.roomId, secret: owner.session.secret, code };
    owner.session.dispose();
    const guest = player(ts.url, code, "join", { name: "Early" });
    const back: Player[] = [];
    try {
      await waitFor(() => guest.view().status === "waiting", "guest waits for the owner");
      await new Promise((r) => setTimeout(r, 200));
      expect(guest.view().status).toBe("waiting");
      // The owner comes back (Resume → Continue): the waiting exchange is answered.
      const again = player(ts.url, code, "join", { name: "Owner" }, { ...kept, setup: SETUP });
      back.push(again);
      again.session.subscribe((e) => {
        if (e.type === "request") again.session.answerJoin(e.request.reqId, true);
      });
      await waitFor(
        () => guest.view().status === "seated" && guest.view().game.settings !== null,
        "guest seated after the owner came back",
      );
      await waitFor(() => again.view().game.profiles[1]?.name === "Early", "the owner sees the guest's name");
    } finally {
      guest.session.dispose();
      for (const p of back) p.session.dispose();
    }
  });
});

describe("the guest's seat is the guest's alone", () => {
  test("the guest's seat secret is its own random one: no frame to the owner's device carries it, and the owner cannot take seat 1", async () => {
    const ownerSockets: WebSocket[] = [];
    const heard: string[] = [];
    const recording = wsFactory(ownerSockets);
    const owner = player(
      ts.url,
      newRoom().code,
      "create",
      { name: "Owner" },
      {
        setup: SETUP,
        socket: (url) => {
          const s = recording(url);
          ownerSockets[ownerSockets.length - 1].on("message", (d) => heard.push(d.toString()));
          return s;
        },
      },
    );
    owner.session.subscribe((e) => {
      if (e.type === "request") owner.session.answerJoin(e.request.reqId, true);
    });
    const guest = player(ts.url, await codeOf(owner), "join", { name: "Guest" });
    try {
      await waitFor(() => guest.view().status === "seated" && owner.view().game.profiles[1] !== null, "pair seated");
      const secret = guest.session.secret;
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(heard.length).toBeGreaterThan(3);
      for (const frame of heard) expect(frame).not.toContain(secret);
      // All the owner's session holds: its own seat secret and the room key; neither takes seat 1.
      const thief = player(
        ts.url,
        owner.view().code!,
        "join",
        { name: "Owner" },
        { roomId: owner.session.roomId, secret: owner.session.secret, key: owner.session.key! },
      );
      try {
        await waitFor(() => thief.view().status === "seated", "the owner's own secret seats it");
        expect(thief.view().seat).toBe(0);
      } finally {
        thief.session.dispose();
      }
      expect(guest.view().status).toBe("seated");
      expect(guest.view().seat).toBe(1);
    } finally {
      owner.session.dispose();
      guest.session.dispose();
    }
  });
});

describe("parallel guesses", () => {
  /**
   * An owner whose device's incoming frames are recorded, answering every request with yes; `heard`
   * also holds the device's own verdicts (what it judged).
   */
  function recordedOwner(): { owner: Player; heard: Record<string, unknown>[] } {
    const sockets: WebSocket[] = [];
    const heard: Record<string, unknown>[] = [];
    const make = wsFactory(sockets);
    const owner = player(
      ts.url,
      newRoom().code,
      "create",
      { name: "Owner" },
      {
        setup: SETUP,
        socket: (url) => {
          const s = make(url);
          const ws = sockets[sockets.length - 1];
          ws.on("message", (d) => heard.push(JSON.parse(d.toString()) as Record<string, unknown>));
          const send = ws.send.bind(ws);
          ws.send = ((data: string) => {
            const m = JSON.parse(data) as Record<string, unknown>;
            if (m.type === "join.verdict") heard.push(m);
            send(data);
          }) as typeof ws.send;
          return s;
        },
      },
    );
    owner.session.subscribe((e) => {
      if (e.type === "request") owner.session.answerJoin(e.request.reqId, true);
    });
    return { owner, heard };
  }

  function guessers(
    code: RoomCode,
    n: number,
    rightAt: number,
  ): { all: Player[]; frames: Record<string, unknown>[][] } {
    const frames: Record<string, unknown>[][] = [];
    const all = Array.from({ length: n }, (_, i) => {
      const sockets: WebSocket[] = [];
      const mine: Record<string, unknown>[] = [];
      frames.push(mine);
      const make = wsFactory(sockets);
      return player(
        ts.url,
        i === rightAt ? code : wrongCode(code),
        "join",
        { name: `G${i}` },
        {
          socket: (url) => {
            const s = make(url);
            sockets[sockets.length - 1].on("message", (d) =>
              mine.push(JSON.parse(d.toString()) as Record<string, unknown>),
            );
            return s;
          },
        },
      );
    });
    return { all, frames };
  }

  test("twenty guests at once: at most MAX_WRONG_CODES exchanges reach the owner's judgement, and the server counts each", async () => {
    const { owner, heard } = recordedOwner();
    const code = await codeOf(owner);
    const { all, frames } = guessers(code, 20, 12);
    try {
      await waitFor(
        () => all.every((g) => ["wrong_code", "not_found", "retired", "refused", "seated"].includes(g.view().status)),
        "every guess settled",
        30_000,
      );
      const judged = heard.filter((m) => m.type === "join.verdict").length;
      expect(judged).toBeLessThanOrEqual(MAX_WRONG_CODES);
      const right = all[12];
      const wrongJudged = all.filter((g, i) => i !== 12 && g.view().status === "wrong_code").length;
      expect(wrongJudged).toBeLessThanOrEqual(MAX_WRONG_CODES);
      if (right.view().status === "seated") {
        // It held one of the slots: fewer than MAX_WRONG_CODES wrong ones were judged with it.
        expect(wrongJudged).toBeLessThan(MAX_WRONG_CODES);
      } else {
        expect(frames[12].some((m) => m.type === "join.verified")).toBe(false);
        expect(wrongJudged).toBe(MAX_WRONG_CODES);
        expect(await failsOf(locatorOf(code))).toBeNull(); // retired
      }
    } finally {
      for (const g of all) g.session.dispose();
      owner.session.dispose();
    }
  });

  test("the right code after the fifth wrong one, while other guesses still knock: never given the owner's tag, never seated", async () => {
    const { owner, heard } = recordedOwner();
    const code = await codeOf(owner);
    const wrongs = guessers(code, 12, -1);
    let late: ReturnType<typeof guessers> | null = null;
    try {
      await waitFor(
        () => heard.filter((m) => m.type === "join.verdict").length >= MAX_WRONG_CODES,
        "five wrong codes judged",
        30_000,
      );
      late = guessers(code, 1, 0);
      await waitFor(
        () =>
          [...wrongs.all, ...late!.all].every(
            (g) =>
              ["wrong_code", "not_found", "retired", "refused"].includes(g.view().status) ||
              g.view().status === "seated",
          ),
        "every guess settled",
        30_000,
      );
      expect(heard.filter((m) => m.type === "join.verdict").length).toBe(MAX_WRONG_CODES);
      expect(wrongs.all.filter((g) => g.view().status === "wrong_code").length).toBe(MAX_WRONG_CODES);
      expect(late.all[0].view().status).not.toBe("seated");
      expect(late.frames[0].some((m) => m.type === "join.verified" || m.type === "join.reply")).toBe(false);
      expect(owner.view().game.profiles[1]).toBeNull();
    } finally {
      for (const g of [...wrongs.all, ...(late?.all ?? [])]) g.session.dispose();
      owner.session.dispose();
    }
  });
});

describe("junk key shares", () => {
  test("malformed shares are refused by the owner's device without costing a guess; the code still works after ten of them", async () => {
    const owner = player(ts.url, newRoom().code, "create", { name: "Owner" }, { setup: SETUP });
    owner.session.subscribe((e) => {
      if (e.type === "request") owner.session.answerJoin(e.request.reqId, true);
    });
    const code = await codeOf(owner);
    const loc = locatorOf(code);
    try {
      for (let i = 0; i < 10; i++) {
        const ws = new WebSocket(`${ts.url}?v=${PROTOCOL_VERSION}`);
        const got: Record<string, unknown>[] = [];
        ws.on("message", (d) => got.push(JSON.parse(d.toString()) as Record<string, unknown>));
        await new Promise<void>((res, rej) => {
          ws.once("open", () => res());
          ws.once("error", rej);
        });
        // Base64url of the right length, but no point on the curve.
        ws.send(JSON.stringify({ type: "join.hello", rid: 1, loc, sid: "S".repeat(22), msg: "A".repeat(63) }));
        await waitFor(
          () => got.some((m) => m.type === "join.refused" || m.type === "error"),
          "the junk hello answered",
        );
        expect(got.find((m) => m.type === "join.refused" || m.type === "error")).toMatchObject({
          type: "join.refused",
          reason: "refused",
        });
        ws.close();
      }
      expect(await failsOf(loc)).toBe(0);
      const guest = player(ts.url, code, "join", { name: "Guest" });
      try {
        await waitFor(() => guest.view().status === "seated", "the right code still gets in");
      } finally {
        guest.session.dispose();
      }
    } finally {
      owner.session.dispose();
    }
  });
});

describe("the owner's device spends a code", () => {
  test("five exchanges answered (here: right codes the owner refused) and the device asks for a new code; the old one finds no game, the new one works", async () => {
    const owner = player(ts.url, newRoom().code, "create", { name: "Owner" }, { setup: SETUP });
    let letIn = false;
    const codes: string[] = [];
    owner.session.subscribe((e) => {
      if (e.type === "request") owner.session.answerJoin(e.request.reqId, letIn);
      if (e.type === "code") codes.push(e.code);
    });
    const code = await codeOf(owner);
    const all: Player[] = [owner];
    try {
      for (let i = 0; i < MAX_WRONG_CODES; i++) {
        const g = player(ts.url, code, "join", { name: `Refused ${i}` });
        all.push(g);
        await waitFor(() => g.view().status === "refused", `guest ${i} refused`);
      }
      await waitFor(() => owner.view().code !== code, "the owner's device got a new code");
      expect(owner.view().codeSpent).toBe(false);
      const late = player(ts.url, code, "join", { name: "Late" });
      all.push(late);
      await waitFor(() => late.view().status === "not_found", "the spent code finds no game");
      letIn = true;
      const friend = player(ts.url, owner.view().code!, "join", { name: "Friend" });
      all.push(friend);
      await waitFor(() => friend.view().status === "seated", "the new code works");
    } finally {
      for (const p of all) p.session.dispose();
    }
  });
});
