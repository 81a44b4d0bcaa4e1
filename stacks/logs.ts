/**
 * What the stage writes to CloudWatch Logs per message, and the formats that keep it small:
 *
 * - API Gateway access logs in a compact JSON format (short keys, the fields an operator reads:
 *   time, request and connection ids, caller, route or path, status, latency, error) instead of SST's
 *   default of about fifteen long-named fields;
 * - Lambda's JSON log format with system logs at WARN: the START, END and REPORT lines of every
 *   invocation are INFO system logs, so they are not written (the metrics they repeat, duration and
 *   memory, are in CloudWatch metrics anyway); the functions' own lines (console.warn/error) stay.
 *
 * `logBytesPerMessage` sizes both with the widths the values have in AWS (request ids, connection
 * ids, addresses), for the capacity command's CloudWatch Logs line (scripts/capacity.ts).
 */

/** WebSocket API access log, one line per message in or connect/disconnect. */
export const WS_ACCESS_LOG_FORMAT = JSON.stringify({
  t: "$context.requestTimeEpoch",
  id: "$context.requestId",
  c: "$context.connectionId",
  ev: "$context.eventType",
  r: "$context.routeKey",
  s: "$context.status",
  ip: "$context.identity.sourceIp",
  ms: "$context.integrationLatency",
  err: "$context.error.messageString",
});

/** HTTP API access log, one line per request. */
export const HTTP_ACCESS_LOG_FORMAT = JSON.stringify({
  t: "$context.requestTimeEpoch",
  id: "$context.requestId",
  m: "$context.httpMethod",
  p: "$context.path",
  s: "$context.status",
  ip: "$context.identity.sourceIp",
  ms: "$context.responseLatency",
  err: "$context.integrationErrorMessage",
});

/** SST's default WebSocket access-log format (sst/constructs/util/apiGatewayV2AccessLog.js), for the saving. */
export const SST_WS_ACCESS_LOG_FORMAT = `{${[
  `"requestTime":"$context.requestTime"`,
  `"requestId":"$context.requestId"`,
  `"eventType":"$context.eventType"`,
  `"routeKey":"$context.routeKey"`,
  `"status":$context.status`,
  `"integrationRequestId":"$context.awsEndpointRequestId"`,
  `"integrationStatus":"$context.integrationStatus"`,
  `"integrationLatency":"$context.integrationLatency"`,
  `"integrationServiceStatus":"$context.integration.integrationStatus"`,
  `"ip":"$context.identity.sourceIp"`,
  `"userAgent":"$context.identity.userAgent"`,
  `"cognitoIdentityId":"$context.identity.cognitoIdentityId"`,
  `"connectedAt":"$context.connectedAt"`,
  `"connectionId":"$context.connectionId"`,
].join(",")}}`;

/** Values as wide as AWS writes them (a WebSocket `$default` message from a browser). */
const SAMPLE: Readonly<Record<string, string>> = {
  "$context.requestTime": "02/Dec/2026:16:20:31 +0000",
  "$context.requestTimeEpoch": "1796228431123",
  "$context.requestId": "QyFAbHmVoAMFdQw=",
  "$context.eventType": "MESSAGE",
  "$context.routeKey": "$default",
  "$context.status": "200",
  "$context.awsEndpointRequestId": "6b0a2c8e-4d5f-4a7b-9c1e-2f3a4b5c6d7e",
  "$context.integrationStatus": "200",
  "$context.integrationLatency": "23",
  "$context.integration.integrationStatus": "200",
  "$context.identity.sourceIp": "203.0.113.45",
  "$context.identity.userAgent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  "$context.identity.cognitoIdentityId": "-",
  "$context.connectedAt": "1796228400123",
  "$context.connectionId": "QyE_7cXeoAMCJmA=",
  "$context.error.messageString": "-",
};

/** One access-log line of `format` as API Gateway writes it for the sample message. */
export function renderAccessLog(format: string): string {
  return format.replace(/\$context\.[A-Za-z.]+/g, (v) => SAMPLE[v] ?? "-");
}

/**
 * Lambda's text-format system lines of one warm invocation (START, END, REPORT), as the runtime
 * writes them with its request id; the JSON format at system level WARN writes none of them.
 */
export const LAMBDA_SYSTEM_LINES = [
  "START RequestId: 6b0a2c8e-4d5f-4a7b-9c1e-2f3a4b5c6d7e Version: $LATEST",
  "END RequestId: 6b0a2c8e-4d5f-4a7b-9c1e-2f3a4b5c6d7e",
  "REPORT RequestId: 6b0a2c8e-4d5f-4a7b-9c1e-2f3a4b5c6d7e\tDuration: 23.45 ms\tBilled Duration: 24 ms\tMemory Size: 512 MB\tMax Memory Used: 98 MB\t",
] as const;

/** CloudWatch Logs meters each event's message plus 26 bytes. */
export const LOG_EVENT_OVERHEAD_BYTES = 26;

const eventBytes = (line: string): number => Buffer.byteLength(line) + LOG_EVENT_OVERHEAD_BYTES;

export interface LogBytes {
  /** The access-log line of one message in. */
  readonly accessLog: number;
  /** Lambda's system lines of the invocation that message runs. */
  readonly lambdaSystem: number;
  readonly total: number;
}

/** Bytes ingested per WebSocket message in, before (SST's defaults, text format) and after (this stack). */
export function logBytesPerMessage(): { readonly before: LogBytes; readonly after: LogBytes } {
  const before = {
    accessLog: eventBytes(renderAccessLog(SST_WS_ACCESS_LOG_FORMAT)),
    lambdaSystem: LAMBDA_SYSTEM_LINES.reduce((n, l) => n + eventBytes(l), 0),
  };
  const after = { accessLog: eventBytes(renderAccessLog(WS_ACCESS_LOG_FORMAT)), lambdaSystem: 0 };
  return {
    before: { ...before, total: before.accessLog + before.lambdaSystem },
    after: { ...after, total: after.accessLog + after.lambdaSystem },
  };
}
