/**
 * The stage's alarms and dashboard: every alarm notifies one SNS topic, to which
 * `MANCALA_ALARM_EMAIL` (stacks/settings.ts) subscribes an address.
 *
 * - each route function: errors and throttles (any in 5 minutes);
 * - each timer: its duration near its timeout (the longest run in 5 minutes above 90 % of it), and
 *   missed ticks (fewer invocations than its schedule's minutes in 5 minutes, no data counting);
 * - the table and each index: read and write throttle events (any in 5 minutes);
 * - the WebSocket API: integration and execution errors, client errors (4xx from API Gateway,
 *   throttling among them), and a message count near the stage throttle (80 % for 5 minutes);
 * - the HTTP API: 5xx and a high 4xx count (4xx include refused callers, so a threshold, not any).
 */
import { Duration, type Stack } from "aws-cdk-lib";
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  Metric,
  TreatMissingData,
  type IMetric,
} from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import { Topic } from "aws-cdk-lib/aws-sns";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import type { Function as SstFunction } from "sst/constructs";
import type { Throttle } from "./settings.js";

export const ALARM_PERIOD = Duration.minutes(5);

export interface MonitoredFunction {
  /** A short name for the alarm ids and titles (`WsDefault`, `HttpGetApiPlayersId`, `RankedTimer`). */
  readonly name: string;
  readonly fn: SstFunction;
  /** Timers only: the Lambda timeout and the minutes between scheduled runs. */
  readonly timer?: { readonly timeoutSeconds: number; readonly everyMinutes: number };
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
  const topic = new Topic(stack, "Alarms", { displayName: `${stack.stackName} alarms` });
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
    alarm(`${f.name}Errors`, f.fn.metricErrors(p), 1, `${f.name}: a function error`);
    alarm(`${f.name}Throttles`, f.fn.metricThrottles(p), 1, `${f.name}: an invocation throttled`);
    if (f.timer !== undefined) {
      const limitMs = f.timer.timeoutSeconds * 1000;
      alarm(
        `${f.name}NearTimeout`,
        f.fn.metricDuration({ period: ALARM_PERIOD, statistic: "Maximum" }),
        Math.round(limitMs * 0.9),
        `${f.name}: a run took over 90% of its ${f.timer.timeoutSeconds} s timeout`,
      );
      const expected = Math.floor(ALARM_PERIOD.toMinutes() / f.timer.everyMinutes);
      alarm(
        `${f.name}MissedTicks`,
        f.fn.metricInvocations(p),
        expected - 1,
        `${f.name}: fewer than ${expected - 1} runs in ${ALARM_PERIOD.toMinutes()} minutes (ticks missed)`,
        { comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD, treatMissingData: TreatMissingData.BREACHING },
      );
    }
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
  const nearThrottle = Math.floor(m.ws.throttle.rate * ALARM_PERIOD.toSeconds() * 0.8);
  alarm(
    "WsMessagesNearThrottle",
    api(m.ws, "MessageCount"),
    nearThrottle,
    `WebSocket API: above 80% of the stage throttle (${m.ws.throttle.rate} messages/s) for 5 minutes`,
  );
  alarm("Http5xx", api(m.http, "5xx"), 1, "HTTP API: a 5xx answer");
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
