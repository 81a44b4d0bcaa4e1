/** Wires the push domain to the table, the VAPID secret, the allow-list setting and the clock. */
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { pushOrigins } from "./origins.js";
import { createPush, type PushService } from "./push.js";
import { makeWebPushSender } from "./send.js";
import { makeDynamoPushStore } from "./store.js";
import { vapidKeys } from "./vapid.js";

export function makePushService(db: DynamoDBDocumentClient, tableName: string): PushService {
  return createPush({
    store: makeDynamoPushStore(db, tableName),
    sender: makeWebPushSender(
      () => vapidKeys(),
      () => pushOrigins(),
    ),
    now: Date.now,
    origins: () => pushOrigins(),
  });
}
