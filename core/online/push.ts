/**
 * One push setting sent to the server (docs/push.md): a connection of its own that signs the
 * device's identity in (hello → signed challenge → ok), sends the one `push.*` message, and closes
 * on the answer. Push settings change rarely (a tap in Settings, a renewed subscription), so they
 * do not ride on a game's connection.
 */
import { signChallenge, type DeviceKeys } from "../identity.js";
import { parsePushServerMessage, type PushClientMessage, type PushServerMessage } from "../protocol/push.js";
import { parseRankedServerMessage } from "../protocol/ranked.js";
import { createConnection } from "./connection.js";
import { SYSTEM_TIMER, type TimerPort } from "./timer.js";
import type { SocketFactory } from "./transport.js";

export interface PushSettingOptions {
  readonly url: string;
  readonly socket: SocketFactory;
  readonly keys: DeviceKeys;
  readonly timers?: TimerPort;
  /** Given up after this long (default 20 s). */
  readonly timeoutMs?: number;
}

/** Sends `msg` once signed in; the server's answer, or a `push.error` made here when none came. */
export function sendPushSetting(o: PushSettingOptions, msg: PushClientMessage): Promise<PushServerMessage> {
  const timers = o.timers ?? SYSTEM_TIMER;
  return new Promise((resolve) => {
    let sent: string | null = null;
    let done = false;
    const finish = (answer: PushServerMessage): void => {
      if (done) return;
      done = true;
      timers.clearTimeout(timer);
      conn.dispose();
      resolve(answer);
    };
    const timer = timers.setTimeout(
      () => finish({ type: "push.error", code: "server/error", message: "no answer from the server" }),
      o.timeoutMs ?? 20_000,
    );
    const conn = createConnection({
      url: o.url,
      socket: o.socket,
      timers,
      ridPrefix: "p",
      handlers: {
        onOpen: () => void conn.request({ type: "auth.hello", playerId: o.keys.playerId }, { early: true }),
        onClose: () => undefined,
        onMessage: (raw) => {
          const push = parsePushServerMessage(raw);
          if (push !== null) {
            if (sent !== null && push.rid === sent) finish(push);
            return;
          }
          const r = parseRankedServerMessage(raw);
          if (!r.ok) return;
          if (r.value.type === "auth.challenge")
            conn.request({ type: "auth.prove", signature: signChallenge(o.keys, r.value.challenge) }, { early: true });
          else if (r.value.type === "auth.ok") {
            conn.resumed();
            const { rid: _rid, ...body } = msg;
            // Once: after a reconnect the kept request goes out again by itself.
            sent ??= conn.request(body, { keep: true });
          } else if (r.value.type === "ranked.error" && r.value.code.startsWith("auth/"))
            finish({ type: "push.error", code: "auth/required", message: r.value.message });
        },
      },
    });
  });
}
