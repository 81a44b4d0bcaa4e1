/**
 * The stage's alarms and dashboard: every alarm notifies one SNS topic, to which
 * `MANCALA_ALARM_EMAIL` (stacks/settings.ts) subscribes an address. Each threshold is set above the
 * noise a healthy stage makes at the capacity model's sizes (docs/operations.md), with its reasoning
 * beside it:
 *
 * - each route function: errors as a share of its invocations (at least `ERROR_COUNT_FLOOR` and
 *   `ERROR_RATE` in 5 minutes: one stray error among 100,000 runs pages nobody); throttles likewise
 *   (no function has reserved concurrency, so a throttle means the account's pool ran out);
 * - each timer: async events dropped (the failure that loses ticks), missed ticks (fewer runs than
 *   the schedule's minutes, less one, in 5 minutes), a run longer than its designed span
 *   (functions/ranked/span.ts), any error twice in 5 minutes, and anything on its failure queue;
 * - the table and each index: read and write throttle events (on demand, any sustained throttling);
 * - the WebSocket API: integration and execution errors, client errors, and a message count near the
 *   stage throttle, counted in the directions API Gateway counts (`MESSAGES_PER_INBOUND`);
 * - the HTTP API: a 5xx share and a high 4xx count (4xx include refused callers).
 */
import { Duration, type Stack } from "aws-cdk-lib";
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import type { IQueue } from "aws-cdk-lib/aws-sqs";
import { Topic } from "aws-cdk-lib/aws-sns";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import type { Function as SstFunction } from "sst/constructs";
import type { Throttle } from "./settings.js";

export const ALARM_PERIOD = Duration.minutes(5);

export interface MonitoredFunction {
  /** A short name for the alarm ids and titles (`WsDefault`, `HttpGetApiPlayersId`, `RankedTimer`). */
  readonly name: string;
  readonly fn: SstFunction;
  /** Timers only: the longest designed run (functions/ranked/span.ts), the minutes between scheduled runs, and where failed events go. */
  readonly timer?: { readonly longestRunMs: number; readonly everyMinutes: number; readonly failures: IQueue };
}

/**
 * API Gateway's `MessageCount` counts messages to and from clients: a relayed move is the message
 * in, its route response (the acknowledgement) and the post to the other seat, so 3 per inbound
 * message (the relay bench measures 1 post per relayed message: `npm run -s bench relay`). The stage
 * throttle limits inbound messages per route, so the count nears the throttle at `rate × 3`.
 */
export const MESSAGES_PER_INBOUND = 3;
/** The message alarm fires at this share of the throttle's count, held for 5 minutes. */
export const NEAR_THROTTLE = 0.8;
/** Errors below this many in 5 minutes are noise at any size (a deploy, a cold start's first call). */
export const ERROR_COUNT_FLOOR = 5;
/** …and above it, this share of the invocations in 5 minutes is a failure worth a page. */
export const ERROR_RATE = 0.01;

/** The `MessageCount` threshold of the near-throttle alarm for a stage's WebSocket throttle. */
export function messageAlarmThreshold(throttle: Throttle, periodSeconds: number): number {
  return Math.floor(throttle.rate * MESSAGES_PER_INBOUND * periodSeconds * NEAR_THROTTLE);
}

export interface Monitored {
  readonly functions: readonly MonitoredFunction[];
  readonly tableName: string;
  readonly indexNames: readonly string[];
  readonly ws: { readonly apiId: string; readonly stage: string; readonly throttle: Throttle };
  readonly http: { readonly apiId: string; readonly stage: string };
  readonly alarmEmail: string | null;
}

export function addAlarms(stack: Stack, m: Monitored): { topic: Topic; alarms: Alarm[]; dashboard: Dashboard } {
  // enforceSSL: the topic's policy refuses publishing or subscribing over plain HTTP.
  const topic = new Topic(stack, "Alarms", { displayName: `${stack.stackName} alarms`, enforceSSL: true });
  if (m.alarmEmail !== null) topic.addSubscription(new EmailSubscription(m.alarmEmail));
  const action = new SnsAction(topic);
  const alarms: Alarm[] = [];
  const alarm = (id: string, metric: IMetric, threshold: number, description: string, opts = {}): Alarm => {
    const a = new Alarm(stack, id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
      ...opts,
    });
    a.addAlarmAction(action);
    alarms.push(a);
    return a;
  };
  const p = { period: ALARM_PERIOD, statistic: "Sum" };

  for (const f of m.functions) {
    // 1 when the count reaches the floor and the share of the attempts; else 0. Errors are among the
    // invocations, throttles are not (a throttled request never ran); the +1 keeps an idle period's
    // 0 / 0 a 0.
    const share = (metric: IMetric, label: string, among: "runs" | "runs + n"): MathExpression =>
      new MathExpression({
        expression: `IF(n >= ${ERROR_COUNT_FLOOR} AND n / (${among} + 1) >= ${ERROR_RATE}, 1, 0)`,
        usingMetrics: { n: metric, runs: f.fn.metricInvocations(p) },
        period: ALARM_PERIOD,
        label,
      });
    if (f.timer === undefined) {
      alarm(
        `${f.name}Errors`,
        share(f.fn.metricErrors(p), "errors over the floor and rate", "runs"),
        1,
        `${f.name}: at least ${ERROR_COUNT_FLOOR} errors and ${ERROR_RATE * 100}% of its runs in ${ALARM_PERIOD.toMinutes()} minutes`,
      );
      alarm(
        `${f.name}Throttles`,
        share(f.fn.metricThrottles(p), "throttles over the floor and rate", "runs + n"),
        1,
        `${f.name}: at least ${ERROR_COUNT_FLOOR} throttles and ${ERROR_RATE * 100}% of its runs in ${ALARM_PERIOD.toMinutes()} minutes (the account's concurrency ran out)`,
      );
      continue;
    }
    // The timer runs once a minute: one error is one lost minute of ticks, made up by the next; two
    // in 5 minutes is a failure that repeats.
    alarm(
      `${f.name}Errors`,
      f.fn.metricErrors(p),
      2,
      `${f.name}: two failed runs in ${ALARM_PERIOD.toMinutes()} minutes`,
    );
    // Without reserved concurrency a throttled tick means the account's pool is spent: any is news.
    alarm(
      `${f.name}Throttles`,
      f.fn.metricThrottles(p),
      1,
      `${f.name}: a run throttled (the account's concurrency ran out)`,
    );
    alarm(
      `${f.name}EventsDropped`,
      f.fn.metric("AsyncEventsDropped", p),
      1,
      `${f.name}: a scheduled event dropped unrun (throttled past its maximum age): ticks lost`,
    );
    alarm(
      `${f.name}NearTimeout`,
      f.fn.metricDuration({ period: ALARM_PERIOD, statistic: "Maximum" }),
      f.timer.longestRunMs,
      `${f.name}: a run took longer than its span and one tick (${f.timer.longestRunMs} ms, functions/ranked/span.ts)`,
    );
    const expected = Math.floor(ALARM_PERIOD.toMinutes() / f.timer.everyMinutes);
    alarm(
      `${f.name}MissedTicks`,
      f.fn.metricInvocations(p),
      expected - 1,
      `${f.name}: fewer than ${expected - 1} runs in ${ALARM_PERIOD.toMinutes()} minutes (ticks missed)`,
      { comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD, treatMissingData: TreatMissingData.BREACHING },
    );
    alarm(
      `${f.name}FailedEvents`,
      f.timer.failures.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: "Maximum" }),
      1,
      `${f.name}: a failed or undeliverable timer event is on its failure queue`,
    );
  }

  const dynamo = (name: string, index?: string): Metric =>
    new Metric({
      namespace: "AWS/DynamoDB",
      metricName: name,
      dimensionsMap: { TableName: m.tableName, ...(index !== undefined ? { GlobalSecondaryIndexName: index } : {}) },
      ...p,
    });
  for (const index of [undefined, ...m.indexNames]) {
    const label = index === undefined ? "Table" : `Index${index}`;
    for (const kind of ["Read", "Write"]) {
      alarm(
        `${label}${kind}Throttled`,
        dynamo(`${kind}ThrottleEvents`, index),
        1,
        `DynamoDB: ${kind.toLowerCase()}s throttled on the ${index === undefined ? "table" : `index ${index}`}`,
      );
    }
  }

  const api = (api: { apiId: string; stage: string }, name: string, statistic = "Sum"): Metric =>
    new Metric({
      namespace: "AWS/ApiGateway",
      metricName: name,
      dimensionsMap: { ApiId: api.apiId, Stage: api.stage },
      period: ALARM_PERIOD,
      statistic,
    });
  alarm("WsIntegrationErrors", api(m.ws, "IntegrationError"), 5, "WebSocket API: the functions answered with errors");
  alarm("WsExecutionErrors", api(m.ws, "ExecutionError"), 1, "WebSocket API: calling a function failed");
  alarm(
    "WsClientErrors",
    api(m.ws, "ClientError"),
    50,
    "WebSocket API: 4xx before a function ran (throttling, refused)",
  );
  alarm(
    "WsMessagesNearThrottle",
    api(m.ws, "MessageCount"),
    messageAlarmThreshold(m.ws.throttle, ALARM_PERIOD.toSeconds()),
    `WebSocket API: above ${NEAR_THROTTLE * 100}% of the stage throttle (${m.ws.throttle.rate} inbound messages/s, ${MESSAGES_PER_INBOUND} counted each) for 5 minutes`,
  );
  // A 5xx is a function failure the function alarms see too; here, the floor and the share of requests.
  alarm(
    "Http5xx",
    new MathExpression({
      expression: `IF(e >= ${ERROR_COUNT_FLOOR} AND e / (n + 1) >= ${ERROR_RATE}, 1, 0)`,
      usingMetrics: { e: api(m.http, "5xx"), n: api(m.http, "Count") },
      period: ALARM_PERIOD,
      label: "5xx over the floor and rate",
    }),
    1,
    `HTTP API: at least ${ERROR_COUNT_FLOOR} 5xx answers and ${ERROR_RATE * 100}% of requests in ${ALARM_PERIOD.toMinutes()} minutes`,
  );
  alarm("Http4xx", api(m.http, "4xx"), 100, "HTTP API: many 4xx answers (throttling, refused callers)");

  const dashboard = new Dashboard(stack, "Dashboard", { dashboardName: `${stack.stackName}-overview` });
  const fnMetric = (pick: (f: MonitoredFunction) => IMetric) => m.functions.map(pick);
  dashboard.addWidgets(
    new GraphWidget({ title: "Function errors", left: fnMetric((f) => f.fn.metricErrors(p)) }),
    new GraphWidget({ title: "Function throttles", left: fnMetric((f) => f.fn.metricThrottles(p)) }),
    new GraphWidget({
      title: "Function duration (max)",
      left: fnMetric((f) => f.fn.metricDuration({ period: ALARM_PERIOD, statistic: "Maximum" })),
    }),
  );
  dashboard.addWidgets(
    new GraphWidget({
      title: "WebSocket messages and connects",
      left: [api(m.ws, "MessageCount"), api(m.ws, "ConnectCount")],
    }),
    new GraphWidget({
      title: "API errors",
      left: [
        api(m.ws, "IntegrationError"),
        api(m.ws, "ExecutionError"),
        api(m.ws, "ClientError"),
        api(m.http, "4xx"),
        api(m.http, "5xx"),
      ],
    }),
    new GraphWidget({
      title: "DynamoDB throttle events",
      left: [undefined, ...m.indexNames].flatMap((i) => [
        dynamo("ReadThrottleEvents", i),
        dynamo("WriteThrottleEvents", i),
      ]),
    }),
  );
  return { topic, alarms, dashboard };
}
