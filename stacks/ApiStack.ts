import { Duration, Fn, RemovalPolicy } from "aws-cdk-lib";
import { CfnRouteResponse, type CfnRoute, type CfnStage } from "aws-cdk-lib/aws-apigatewayv2";
import {
  AllowedMethods,
  CachePolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  ViewerProtocolPolicy,
} from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import type { CfnFunction } from "aws-cdk-lib/aws-lambda";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import {
  Api,
  Cron,
  Function as SstFunction,
  StaticSite,
  WebSocketApi,
  use,
  type FunctionProps,
  type StackContext,
} from "sst/constructs";
import { API_PREFIX, CONFIG_PATH, WS_URL_PLACEHOLDER } from "../core/protocol/api.js";
import { ORIGIN_HEADER } from "../functions/http/respond.js";
import {
  ROUTES,
  HTTP_ROUTES,
  TIMER_ROUTES,
  WS_ROUTES,
  routeName,
  sstHandler,
  type Route,
} from "../functions/routes.js";
import { INDEX_NAMES } from "../functions/lib/table.js";
import { SECRET_ARN_ENV, type SecretName } from "../functions/lib/secrets.js";
import { Secret } from "aws-cdk-lib/aws-secretsmanager";
import { grantExactly, type AccessTargets } from "./access.js";
import { addAlarms, type MonitoredFunction } from "./alarms.js";
import { LAMBDA_NODEJS, LAMBDA_RUNTIME } from "./lambda.js";
import { stageSettings } from "./settings.js";
import { StorageStack } from "./StorageStack.js";

/**
 * The WebSocket API (friend rooms and ranked play), the HTTP API (leaderboard, players, suggestions),
 * the ranked timer and the static site, all derived from the route table `functions/routes.ts`: each
 * function gets exactly the access its entry lists. CloudFront serves the site and sends `/api/*` to
 * the HTTP API, so the browser talks to one origin and the HTTP API has no CORS configuration.
 * Log retention and the stage throttles come from `stacks/settings.ts`.
 */
/** Minutes between runs of a `rate(N minute[s])` schedule (1 for anything else). */
function scheduleMinutes(schedule: string): number {
  const m = /^rate\((\d+) minutes?\)$/.exec(schedule);
  return m === null ? 1 : Number(m[1]);
}

/** One timer instance at a time (its reserved concurrency). */
export const TIMER_CONCURRENCY = 1;

export function ApiStack({ stack, app }: StackContext): { ws: WebSocketApi; http: Api; site: StaticSite } {
  const { table } = use(StorageStack);
  const settings = stageSettings(app.stage);
  const retention = RetentionDays[settings.logRetention.toUpperCase() as keyof typeof RetentionDays];
  stack.setDefaultFunctionProps({
    runtime: LAMBDA_RUNTIME,
    architecture: "arm_64",
    memorySize: 512,
    timeout: 10,
    tracing: "disabled",
    nodejs: LAMBDA_NODEJS,
  });
  const environment = {
    TABLE_NAME: table.tableName,
    AWS_NODEJS_CONNECTION_REUSE_ENABLED: "1",
    // How far the hot keys are spread (functions/lib/scale.ts), from the stage's settings.
    MANCALA_DUE_SHARDS: String(settings.scale.dueShards),
    MANCALA_SEEK_PARTITIONS: String(settings.scale.seekPartitions),
  };
  // Each function logs to a log group of the stack with the retention (removed with the stack); its
  // role may write to that group only.
  const logGroups = new Map<Route, LogGroup>();
  const fn = (id: string, r: Route, extra: Partial<FunctionProps> = {}): FunctionProps => {
    const logGroup = new LogGroup(stack, `${id}Logs`, { retention, removalPolicy: RemovalPolicy.DESTROY });
    logGroups.set(r, logGroup);
    return {
      handler: sstHandler(r),
      logGroup,
      ...(r.lambda?.timeoutSeconds !== undefined ? { timeout: r.lambda.timeoutSeconds } : {}),
      ...(r.lambda?.memoryMB !== undefined ? { memorySize: r.lambda.memoryMB } : {}),
      ...extra,
    };
  };
  const logArn = (r: Route): string => logGroups.get(r)!.logGroupArn;
  const id = (r: Route): string =>
    routeName(r)
      .replace(/[^A-Za-z0-9]+/g, " ")
      .trim()
      .split(" ")
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join("");
  const accessLog = { retention: settings.logRetention };

  const ws = new WebSocketApi(stack, "Play", {
    accessLog,
    defaults: { function: { environment } },
    routes: Object.fromEntries(WS_ROUTES.map((r) => [r.key, { function: fn(`Ws${id(r)}`, r) }])),
  });
  const { webSocketApi, webSocketStage } = ws.cdk;
  // WebSocketApi has no throttle prop: the stage's default route settings, on the CloudFormation resource.
  (webSocketStage.node.defaultChild as CfnStage).defaultRouteSettings = {
    throttlingRateLimit: settings.wsThrottle.rate,
    throttlingBurstLimit: settings.wsThrottle.burst,
  };
  // The answer to the sender is `$default`'s route response (functions/ws/default.ts returns it as the
  // body): API Gateway sends it to the caller as a frame, so it costs no @connections post.
  const defaultRoute = ws.getRoute("$default");
  if (defaultRoute !== undefined) {
    (defaultRoute.node.defaultChild as CfnRoute).routeResponseSelectionExpression = "$default";
    new CfnRouteResponse(stack, "PlayDefaultRouteResponse", {
      apiId: webSocketApi.apiId,
      routeId: defaultRoute.routeId,
      routeResponseKey: "$default",
    });
  }
  // The secrets (functions/lib/secrets.ts), made by the stack and read only by the routes that list them.
  const secrets: Record<SecretName, Secret> = {
    "seat-token-keys": new Secret(stack, "SeatTokenKeys", {
      description: "Seat-token HMAC keys (functions/friends/token.ts); rotate with npm run -s seat-key -- rotate",
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ id: "1" }),
        generateStringKey: "key",
        passwordLength: 64,
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.DESTROY,
    }),
    "origin-verify": new Secret(stack, "OriginVerify", {
      description: "The header CloudFront adds to /api/* requests; the HTTP functions refuse requests without it",
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    }),
  };
  const targets: AccessTargets = {
    tableArn: table.tableArn,
    secrets: {
      "seat-token-keys": secrets["seat-token-keys"].secretArn,
      "origin-verify": secrets["origin-verify"].secretArn,
    },
    connectionsArn: stack.formatArn({
      service: "execute-api",
      resource: webSocketApi.apiId,
      resourceName: `${webSocketStage.stageName}/*/@connections/*`,
    }),
  };
  for (const r of WS_ROUTES) grantExactly(ws.getFunction(r.key), r, targets, logArn(r));
  const wsHttpsUrl = `https://${webSocketApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}/${webSocketStage.stageName}`;

  const http = new Api(stack, "Http", {
    cors: false,
    accessLog,
    defaults: { function: { environment }, throttle: settings.httpThrottle },
    routes: Object.fromEntries(HTTP_ROUTES.map((r) => [routeName(r), { function: fn(`Http${id(r)}`, r) }])),
  });
  for (const r of HTTP_ROUTES) grantExactly(http.getFunction(routeName(r)), r, targets, logArn(r));

  // The timer never runs twice at once: one reserved instance, no retry by EventBridge nor by
  // Lambda's asynchronous queue (a missed minute is made up by the next one), an event that waited
  // longer than a minute dropped; and a lease in the table (functions/ranked/lease.ts) for what
  // remains (a manual invoke, the second of overlap between two invocations).
  const timers = TIMER_ROUTES.map((r, i) => {
    const name = i === 0 ? "RankedTimer" : `Timer${i}`;
    const cron = new Cron(stack, name, {
      schedule: r.schedule,
      job: {
        function: fn(name, r, { environment: { ...environment, WS_ENDPOINT: wsHttpsUrl } }),
        cdk: { target: { retryAttempts: 0, maxEventAge: Duration.minutes(1) } },
      },
    });
    const job = cron.jobFunction;
    (job.node.defaultChild as CfnFunction).reservedConcurrentExecutions = TIMER_CONCURRENCY;
    job.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(1) });
    grantExactly(job, r, targets, logArn(r));
    return { route: r, name, fn: job };
  });

  const monitored: MonitoredFunction[] = [
    ...WS_ROUTES.map((r) => ({ name: `Ws${id(r)}`, fn: ws.getFunction(r.key)! })),
    ...HTTP_ROUTES.map((r) => ({ name: `Http${id(r)}`, fn: http.getFunction(routeName(r))! })),
    ...timers.map((t) => ({
      name: t.name,
      fn: t.fn,
      timer: { timeoutSeconds: t.route.lambda?.timeoutSeconds ?? 10, everyMinutes: scheduleMinutes(t.route.schedule) },
    })),
  ];
  addAlarms(stack, {
    functions: monitored,
    tableName: table.tableName,
    indexNames: INDEX_NAMES,
    ws: { apiId: webSocketApi.apiId, stage: webSocketStage.stageName, throttle: settings.wsThrottle },
    http: { apiId: http.cdk.httpApi.apiId, stage: http.cdk.httpApi.defaultStage?.stageName ?? "$default" },
    alarmEmail: settings.alarmEmail,
  });

  // Each function that reads a secret learns its ARN (and nothing else about it) from its environment.
  const routeFn = (r: Route): SstFunction =>
    r.kind === "ws"
      ? ws.getFunction(r.key)!
      : r.kind === "http"
        ? http.getFunction(routeName(r))!
        : timers.find((t) => t.route === r)!.fn;
  for (const r of ROUTES)
    for (const name of r.access.secrets ?? []) routeFn(r).addEnvironment(SECRET_ARN_ENV[name], secrets[name].secretArn);

  // Both APIs' access-log groups go with the stack too (SST retains them; under their fixed names a
  // retained group would stop the next deploy of the stage).
  for (const c of stack.node.findAll()) if (c instanceof LogGroup) c.applyRemovalPolicy(RemovalPolicy.DESTROY);

  // SST writes a function's runtime into the template only after bundling it (a placeholder until
  // then); name it now, so the synthesized template says what deploys.
  for (const c of stack.node.findAll()) {
    if (c instanceof SstFunction) (c.node.defaultChild as CfnFunction).runtime = LAMBDA_RUNTIME;
  }

  // `/api/*` goes to the HTTP API unchanged and uncached, with its query string and the headers the
  // handlers read (not Host: API Gateway answers only to its own name).
  const apiRequests = new OriginRequestPolicy(stack, "ApiRequests", {
    comment: "Query strings and the headers the HTTP API handlers read",
    queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    headerBehavior: OriginRequestHeaderBehavior.allowList(
      "Accept",
      "Content-Type",
      "User-Agent",
      "CloudFront-Viewer-Address",
    ),
    cookieBehavior: OriginRequestCookieBehavior.none(),
  });
  const site = new StaticSite(stack, "Web", {
    path: ".",
    buildCommand: "npm run build:web",
    buildOutput: "web/dist",
    // The HTTP API is reached by relative paths on the site's own origin; the WebSocket API by its URL,
    // which goes into /config.json at deploy (read by the client at every start), never into a
    // hashed asset.
    replaceValues: [{ files: CONFIG_PATH, search: WS_URL_PLACEHOLDER, replace: ws.url }],
    // SST marks every .js immutable for a year; the service worker's script and the runtime settings
    // must be fetched fresh (these options run after SST's defaults, so they win).
    assets: {
      fileOptions: [
        { files: "sw.js", cacheControl: "max-age=0,no-cache,no-store,must-revalidate" },
        { files: CONFIG_PATH, cacheControl: "max-age=0,no-cache,no-store,must-revalidate" },
      ],
    },
    cdk: {
      distribution: {
        // The client routes by URL hash, so no error is rewritten to index.html: the API's own 404s
        // and 429s reach the client as they are.
        errorResponses: [],
        additionalBehaviors: {
          [`${API_PREFIX}/*`]: {
            // The secret header the HTTP functions check (a dynamic reference: CloudFormation resolves
            // it at deploy, so the value is in no template).
            origin: new HttpOrigin(Fn.select(2, Fn.split("/", http.url)), {
              customHeaders: { [ORIGIN_HEADER]: secrets["origin-verify"].secretValue.unsafeUnwrap() },
            }),
            viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
            allowedMethods: AllowedMethods.ALLOW_ALL,
            cachePolicy: CachePolicy.CACHING_DISABLED,
            originRequestPolicy: apiRequests,
          },
        },
      },
    },
  });

  stack.addOutputs({
    SiteUrl: site.url ?? "",
    WebSocketUrl: ws.url,
    HttpApiUrl: http.url,
    SeatTokenSecretArn: secrets["seat-token-keys"].secretArn,
  });
  return { ws, http, site };
}
