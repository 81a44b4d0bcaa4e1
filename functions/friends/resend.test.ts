/**
 * Each step of the friend key exchange, lost once the way API Gateway loses a message, over real
 * WebSockets against the local server: refused by the stage throttle before any handler ran (429
 * frame), run by the handler with its answer replaced by the failed-integration frame (500), or
 * handled twice at once (a copy resent while the first is under way). The
 * step is sent again until answered, the server takes it once, and the guest is seated in the same
 * exchange: no lapse, no second knock (the real one-minute knock turn per address is on, so a second
 * exchange would keep the friend out for a minute).
 */
import { describe, expect, test } from "vitest";
import { WebSocket } from "ws";
import type { SocketFactory, SocketLike } from "../../core/online/transport.js";
import { codeOf, newRoom, player, waitFor, type Player } from "../local/players.js";
import { useTestServer } from "./testing/rigs.js";

const t = useTestServer(["knock"]);

type Fault = "throttled" | "failed" | "doubled";
type Handler = ((ev: { readonly data: unknown }) => void) | null;

/**
 * Real `ws` sockets whose first outgoing frame of type `step` meets `fault`: "throttled" never
 * reaches the server and is answered with API Gateway's 429 frame; "failed" reaches the handler, and
 * its answer is replaced by the 500 frame; "doubled" reaches the server twice at once (a copy sent
 * again while the first is still being handled). `hits` counts the frames met.
 */
function faultyFactory(
  address: string,
  step: string,
  fault: Fault,
): { factory: SocketFactory; hits: () => number; sent: () => number } {
  let hits = 0;
  let sent = 0;
  let swallow: unknown = null;
  const factory: SocketFactory = (url) => {
    const ws = new WebSocket(url, { localAddress: address });
    const gatewayFrame = (message: string): string =>
      JSON.stringify({ message, connectionId: "c", requestId: `r${hits}` });
    return tapped(ws, {
      send(data, deliver) {
        const frame = JSON.parse(data) as Record<string, unknown>;
        if (frame.type === step) sent++;
        if (frame.type !== step || hits !== 0) return false;
        hits++;
        if (fault === "throttled") {
          setTimeout(() => deliver(gatewayFrame("Too Many Requests")), 1);
          return true;
        }
        if (fault === "doubled") {
          ws.send(data);
          sent++;
        } else swallow = frame.rid;
        return false;
      },
      receive(text, deliver) {
        const frame = JSON.parse(text) as Record<string, unknown>;
        if (swallow === null || frame.rid !== swallow) return false;
        swallow = null;
        deliver(gatewayFrame("Internal server error"));
        return true;
      },
    });
  };
  return { factory, hits: () => hits, sent: () => sent };
}

/**
 * A real `ws` socket as the session's socket, with hooks that see each frame first: `send` an
 * outgoing one, `receive` an incoming one; either returns true when it took the frame over (then
 * it is not sent, or not given to the session). `deliver` hands the session a frame.
 */
function tapped(
  ws: WebSocket,
  hooks: {
    readonly send?: (data: string, deliver: (text: string) => void) => boolean;
    readonly receive?: (text: string, deliver: (text: string) => void) => boolean;
  },
): SocketLike {
  const s = {
    get readyState() {
      return ws.readyState;
    },
    onopen: null as Handler,
    onmessage: null as Handler,
    onclose: null as Handler,
    onerror: null as Handler,
    send(data: string) {
      if (hooks.send?.(data, deliver) !== true) ws.send(data);
    },
    close(code?: number, reason?: string) {
      ws.close(code, reason);
    },
  };
  const deliver = (text: string): void => s.onmessage?.({ data: text });
  ws.on("open", () => s.onopen?.({ data: null }));
  ws.on("close", () => s.onclose?.({ data: null }));
  ws.on("error", () => s.onerror?.({ data: null }));
  ws.on("message", (data) => {
    const text = String(data);
    if (hooks.receive?.(text, deliver) !== true) deliver(text);
  });
  return s as unknown as SocketLike;
}

/** The owner of a fresh room, from `address`, letting in every guest it is shown; `shown` counts them. */
function approvingOwner(url: string, address: string, socket?: SocketFactory): { owner: Player; shown: () => number } {
  const owner: Player = player(
    url,
    newRoom().code,
    "create",
    { name: "Olga" },
    {
      setup: { game: "tsoro-wta", options: { holes: 4, seeds: 1 }, bestOf: 1 },
      address,
      ...(socket !== undefined ? { socket } : {}),
    },
  );
  let requests = 0;
  owner.session.subscribe((e) => {
    if (e.type === "request") {
      requests++;
      owner.session.answerJoin(e.request.reqId, true);
    }
  });
  return { owner, shown: () => requests };
}

const GUEST_STEPS = ["join.hello", "join.confirm", "join.request"] as const;
const OWNER_STEPS = ["join.reply", "join.verdict", "join.answer"] as const;

/** Within this the guest is seated (one exchange takes well under a second; a lapse would add 3 s and a knock a minute). */
const SEATED_WITHIN_MS = 8_000;

let nextAddress = 10;

describe("a lost key-exchange step is sent again and taken once", () => {
  for (const step of [...GUEST_STEPS, ...OWNER_STEPS]) {
    for (const fault of ["throttled", "failed", "doubled"] as const) {
      test(`${step} ${fault}`, async () => {
        const url = t.url;
        const ownerAddr = `127.0.23.${nextAddress++}`;
        const guestAddr = `127.0.23.${nextAddress++}`;
        const onOwner = (OWNER_STEPS as readonly string[]).includes(step);
        const faulty = faultyFactory(onOwner ? ownerAddr : guestAddr, step, fault);
        const { owner, shown } = approvingOwner(url, ownerAddr, onOwner ? faulty.factory : undefined);
        const code = await codeOf(owner);
        const started = Date.now();
        const guest = player(
          url,
          code,
          "join",
          { name: "Gus" },
          {
            address: guestAddr,
            ...(onOwner ? {} : { socket: faulty.factory }),
          },
        );
        try {
          await waitFor(
            () =>
              guest.view().status === "seated" &&
              owner.view().keyed &&
              guest.view().keyed &&
              owner.view().game.profiles[1]?.name === "Gus" &&
              guest.view().game.state !== null,
            `guest seated and both keyed after a ${fault} ${step}`,
            SEATED_WITHIN_MS,
          );
          const took = Date.now() - started;
          expect(faulty.hits()).toBe(1);
          // The lost step goes again (a failed one reaches the server twice, and is taken once; a lost
          // approval may be resent after the owner already took the key from the guest's first box).
          await waitFor(() => faulty.sent() >= 2, `${step} sent again`, 3_000);
          // One exchange: one request shown, one confirmation judged, nothing counted as a wrong code.
          expect(shown()).toBe(1);
          expect(owner.view().answered).toBe(1);
          expect(took).toBeLessThan(SEATED_WITHIN_MS);
          // The room works both ways under the exchange's key.
          expect(guest.session.chat("hello").ok).toBe(true);
          await waitFor(() => owner.view().game.chat.some((c) => c.text === "hello"), "chat reaches the owner");
        } finally {
          owner.session.dispose();
          guest.session.dispose();
        }
      });
    }
  }
});

/**
 * Real `ws` sockets from `address` whose first one is cut (terminated) the moment a frame of type
 * `on` arrives, before the session sees it; every socket made is kept in `made`.
 */
function cuttingFactory(
  address: string,
  on: string,
  made: WebSocket[],
): { factory: SocketFactory; cuts: () => number } {
  let cut = 0;
  const factory: SocketFactory = (u) => {
    const ws = new WebSocket(u, { localAddress: address });
    made.push(ws);
    return tapped(ws, {
      receive(text) {
        if (cut !== 0 || (JSON.parse(text) as { type?: string }).type !== on) return false;
        cut++;
        ws.terminate();
        return true;
      },
    });
  };
  return { factory, cuts: () => cut };
}

/**
 * Where the guest's first connection is cut, by the frame that arrives: its exchange opened
 * (`join.pending`, the owner shown the hello), the owner's share arrived (`join.reply`), its
 * confirmation taken (`join.ok`, before the owner's verdict), the owner's tag held
 * (`join.verified`), its seat given (`room.joined`). Each time the guest is seated within
 * SEATED_WITHIN_MS with the real knock turn on: the first three knock again on a retry of the
 * turn (an exchange cut before its confirmation, or one whose confirmation the owner proved); a
 * proved exchange gave the turn back; a seated one returns with its own seat secret.
 */
const CUTS = [
  { on: "join.pending", what: "right after its hello was taken" },
  { on: "join.reply", what: "right after the owner's share arrived" },
  { on: "join.ok", what: "right after its confirmation was taken, before the owner's verdict" },
  { on: "join.verified", what: "right after the owner's tag held (before its request)" },
  { on: "room.joined", what: "between the owner's approval and its seat" },
] as const;

describe("a guest cut off mid-exchange is seated without waiting for its next knock turn", () => {
  for (const { on, what } of CUTS) {
    test(`cut ${what} (${on})`, async () => {
      const url = t.url;
      const ownerAddr = `127.0.23.${nextAddress++}`;
      const guestAddr = `127.0.23.${nextAddress++}`;
      const guestSockets: WebSocket[] = [];
      const cutting = cuttingFactory(guestAddr, on, guestSockets);
      const { owner, shown } = approvingOwner(url, ownerAddr);
      const guest = player(url, await codeOf(owner), "join", { name: "Gus" }, { socket: cutting.factory });
      const started = Date.now();
      try {
        await waitFor(
          () => guest.view().status === "seated" && owner.view().game.profiles[1]?.name === "Gus",
          `the guest seated after a cut ${what}`,
          SEATED_WITHIN_MS,
        );
        expect(Date.now() - started).toBeLessThan(SEATED_WITHIN_MS);
        expect(cutting.cuts()).toBe(1);
        expect(guestSockets.length).toBeGreaterThanOrEqual(2);
        // The cut exchange never reached the owner's approval: the owner was shown one request.
        expect(shown()).toBe(1);
        expect(guest.view().seat).toBe(1);
        expect(guest.session.key).toEqual(owner.session.key);
      } finally {
        owner.session.dispose();
        guest.session.dispose();
      }
    });
  }
});
