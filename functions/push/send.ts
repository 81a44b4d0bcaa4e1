/**
 * One push request to one device, with the `web-push` library: the payload encrypted for the
 * subscription (RFC 8291, `aes128gcm`) and the request signed with the server's VAPID key (RFC 8292).
 * Before the request the endpoint is checked against the allow-list again (functions/push/origins.ts),
 * so a send to any other address is refused without a request; each request has a timeout, and the
 * library follows no redirect. A 404 or 410 means the subscription is gone for good (the caller
 * deletes it); any other failure is logged and forgotten (a push is a courtesy, never a retry loop).
 *
 * Locally, `MANCALA_PUSH_CA` may name a PEM file of certificates to trust besides the system's (the
 * tests' loopback receiver has its own certificate); it is read only when `MANCALA_LOCAL=1`.
 */
import { readFileSync } from "node:fs";
import { Agent } from "node:https";
import webPush from "web-push";
import type { StoredSubscription } from "./store.js";
import { isAllowedEndpoint } from "./origins.js";
import type { VapidKeys } from "./vapid.js";

export type SendOutcome = "sent" | "gone" | "failed" | "refused";

export interface PushSender {
  send(sub: StoredSubscription, payload: string, ttlSeconds: number): Promise<SendOutcome>;
}

/** How long one request to a push service may take. */
const PUSH_TIMEOUT_MS = 5_000;

/** The `sub` claim's default (an operator sets `MANCALA_PUSH_SUBJECT` to a contact: docs/push.md). */
const DEFAULT_PUSH_SUBJECT = "mailto:push@example.com";

let localAgent: { file: string; agent: Agent } | null = null;

function agentFor(env: NodeJS.ProcessEnv): Agent | undefined {
  const file = env.MANCALA_PUSH_CA;
  if (env.MANCALA_LOCAL !== "1" || file === undefined || file === "") return undefined;
  if (localAgent?.file !== file) localAgent = { file, agent: new Agent({ ca: readFileSync(file, "utf8") }) };
  return localAgent.agent;
}

export function makeWebPushSender(
  keys: () => Promise<VapidKeys>,
  origins: () => readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): PushSender {
  return {
    async send(sub, payload, ttlSeconds) {
      if (!isAllowedEndpoint(sub.endpoint, origins())) return "refused";
      const vapid = await keys();
      const agent = agentFor(env);
      try {
        await webPush.sendNotification(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          payload,
          {
            vapidDetails: {
              subject: env.MANCALA_PUSH_SUBJECT ?? DEFAULT_PUSH_SUBJECT,
              publicKey: vapid.publicKey,
              privateKey: vapid.privateKey,
            },
            TTL: ttlSeconds,
            urgency: "high",
            contentEncoding: "aes128gcm",
            timeout: PUSH_TIMEOUT_MS,
            ...(agent !== undefined ? { agent } : {}),
          },
        );
        return "sent";
      } catch (e) {
        if (e instanceof webPush.WebPushError && (e.statusCode === 404 || e.statusCode === 410)) return "gone";
        console.warn("push failed", e instanceof webPush.WebPushError ? e.statusCode : (e as Error).message);
        return "failed";
      }
    },
  };
}
