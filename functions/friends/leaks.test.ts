/**
 * What leaves holds nothing, over real WebSockets against the local server (which enforces each
 * route's access as IAM would, functions/local/access.ts):
 * - a guest cut off at any step of the key exchange gives its guess slot back, so ten cut guests
 *   leave the code as open as before and the friend with the right code gets in;
 * - a room holds exactly one live locator whatever `room.recode` burst arrives at once, and every
 *   locator it was given before leads nowhere.
 */
import { describe, expect, test } from "vitest";
import { WebSocket } from "ws";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { locatorOf, startGuestHandshake } from "../../core/crypto/index.js";
import { OPEN_EXCHANGES, PROTOCOL_VERSION } from "../../core/protocol/friend.js";
import { documentClient, readConfig } from "../lib/config.js";
import { nowSeconds } from "../lib/table.js";
import { codeOf, newRoom, player, waitFor, type Player } from "../local/players.js";
import { useTestServer } from "./testing/rigs.js";

const ts = useTestServer();

const SETUP = { game: "ayo", options: {}, bestOf: 1 } as const;
let nextHost = 10;
const freshAddress = (): string => `127.1.${Math.floor(nextHost / 250)}.${(nextHost++ % 250) + 2}`;

interface Raw {
  readonly ws: WebSocket;
  send(m: object): void;
  next(pred: (m: Record<string, unknown>) => boolean, what: string): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

async function raw(address: string): Promise<Raw> {
  const ws = new WebSocket(`${ts.url}?v=${PROTOCOL_VERSION}`, { localAddress: address });
  const got: Record<string, unknown>[] = [];
  ws.on("message", (d) => got.push(JSON.parse(d.toString()) as Record<string, unknown>));
  await new Promise<void>((res, rej) => {
    ws.once("open", () => res());
    ws.once("error", rej);
  });
  return {
    ws,
    send: (m) => ws.send(JSON.stringify(m)),
    async next(pred, what) {
      await waitFor(() => got.some(pred), what);
      return got.find(pred)!;
    },
    close: () =>
      new Promise<void>((res) => {
        ws.once("close", () => res());
        ws.close();
      }),
  };
}

/** Every item of the local table (read outside any route, as an operator would). */
async function items(): Promise<Record<string, unknown>[]> {
  const db = documentClient(readConfig());
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const r = await db.send(new ScanCommand({ TableName: readConfig().tableName, ExclusiveStartKey: start }));
    out.push(...(r.Items ?? []));
    start = r.LastEvaluatedKey;
  } while (start !== undefined);
  return out;
}

const slotsOf = async (loc: number): Promise<number> =>
  Number((await items()).find((i) => i.pk === `LOC#${loc}` && i.sk === "LOC")?.slots ?? -1);

/** Live locators pointing to `roomId`. */
async function liveLocators(roomId: string): Promise<number[]> {
  const now = nowSeconds(Date.now());
  return (await items())
    .filter((i) => i.sk === "LOC" && i.roomId === roomId && Number(i.expiresAt) > now && Number(i.fails) < 5)
    .map((i) => Number(i.loc));
}

function owner(): Player {
  const o = player(ts.url, newRoom().code, "create", { name: "Owner" }, { setup: SETUP, address: freshAddress() });
  o.session.subscribe((e) => {
    if (e.type === "request") o.session.answerJoin(e.request.reqId, true);
  });
  return o;
}

/** The steps of the exchange a guest can be cut after (its confirmation is judged by the owner whatever happens). */
const CUTS = ["hello", "reply"] as const;

describe("a guest cut off mid-exchange gives its slot back", () => {
  test.each(CUTS)(
    `ten guests cut after their %s hold no slot; the friend with the right code is seated`,
    async (cut) => {
      const o = owner();
      const friend: Player[] = [];
      try {
        const code = await codeOf(o);
        const loc = locatorOf(code);
        for (let i = 0; i < OPEN_EXCHANGES; i++) {
          const g = await raw(freshAddress());
          const hs = startGuestHandshake(code);
          g.send({ type: "join.hello", rid: 1, loc, sid: hs.sid, msg: hs.msg });
          expect(await g.next((m) => m.rid === 1, "the hello answered")).toMatchObject({ type: "join.pending" });
          if (cut === "reply") await g.next((m) => m.type === "join.reply", "the owner's share");
          await g.close();
        }
        // The cut connections' $disconnect ran (the local gateway runs it at close): every slot is back.
        const until = Date.now() + 5_000;
        while ((await slotsOf(loc)) !== 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
        expect(await slotsOf(loc)).toBe(0);
        friend.push(player(ts.url, code, "join", { name: "Friend" }, { address: freshAddress() }));
        await waitFor(() => friend[0]!.view().status === "seated", "the friend seated with the right code", 10_000);
      } finally {
        for (const f of friend) f.session.dispose();
        o.session.dispose();
      }
    },
  );
});

describe("one live locator per room", () => {
  test("a burst of parallel room.recode leaves exactly one live locator, the room's; every older one leads nowhere", async () => {
    const o = await raw(freshAddress());
    const roomId = Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 7 + nextHost) % 256)).toString("base64url");
    o.send({ type: "room.create", rid: "c", roomId, secret: "a".repeat(43) });
    const created = await o.next((m) => m.rid === "c", "the room created");
    expect(created).toMatchObject({ type: "room.created" });
    const BURST = 24;
    for (let i = 0; i < BURST; i++) o.send({ type: "room.recode", rid: i });
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => o.next((m) => m.rid === i, `recode ${i} answered`)),
    );
    const given = new Set([created.loc as number, ...answers.map((a) => a.loc as number)]);
    const live = await liveLocators(roomId);
    expect(live).toHaveLength(1);
    // The room's own locator is the live one (a fresh join of the owner reports it).
    o.send({ type: "room.join", rid: "j", roomId, secret: "a".repeat(43) });
    expect(await o.next((m) => m.rid === "j", "the owner rejoined")).toMatchObject({ loc: live[0] });
    // A stranger's hello at any other locator the room was given finds nothing.
    const s = await raw(freshAddress());
    let rid = 100;
    for (const loc of [...given].filter((l) => l !== live[0])) {
      s.send({ type: "join.hello", rid, loc, sid: "s".repeat(22), msg: "m".repeat(63) });
      expect(await s.next((m) => m.rid === rid, "the hello answered")).toMatchObject({ code: "room/not_found" });
      rid++;
    }
    await s.close();
    await o.close();
  });
});
