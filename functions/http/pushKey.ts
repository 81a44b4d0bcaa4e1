/**
 * `GET /api/push/key`: the VAPID public key a browser subscribes with (docs/push.md). The same for
 * every viewer, so CloudFront caches it like the other public reads; it changes only when the
 * seed is rotated.
 */
import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import type { PushKeyResponse } from "../../core/protocol/push.js";
import { vapidKeys } from "../push/vapid.js";
import { behindOrigin, json } from "./respond.js";

export const handler = behindOrigin(async (): Promise<APIGatewayProxyStructuredResultV2> => {
  const body: PushKeyResponse = { publicKey: (await vapidKeys()).publicKey };
  return json(200, body, { "cache-control": "public, max-age=300" });
});
