import { Duration, Fn, Lazy, RemovalPolicy, SecretValue, Token, type Stack } from "aws-cdk-lib";
import { CfnRouteResponse, type CfnRoute, type CfnStage } from "aws-cdk-lib/aws-apigatewayv2";
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  CfnOriginAccessControl,
  CfnDistribution,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginAccessIdentity,
  OriginRequestQueryStringBehavior,
  ViewerProtocolPolicy,
} from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { ApplicationLogLevel, LoggingFormat, SystemLogLevel, type CfnFunction } from "aws-cdk-lib/aws-lambda";
import { SqsDestination } from "aws-cdk-lib/aws-lambda-destinations";
import { PolicyStatement, Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { BlockPublicAccess, Bucket, BucketEncryption } from "aws-cdk-lib/aws-s3";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import { CfnWebACL } from "aws-cdk-lib/aws-wafv2";
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
import { API_PATHS, API_PREFIX, CONFIG_PATH, PUSH_WORKER_FILE, WS_URL_PLACEHOLDER } from "../core/protocol/api.js";
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
import { TIMER_LONGEST_RUN_MS } from "../functions/ranked/span.js";
import { SECRET_ARN_ENV, type SecretName } from "../functions/lib/secrets.js";
import { Secret } from "aws-cdk-lib/aws-secretsmanager";
import { grantExactly, type AccessTargets } from "./access.js";
import { addAlarms, type MonitoredFunction } from "./alarms.js";
import { LAMBDA_NODEJS, LAMBDA_RUNTIME } from "./lambda.js";
import { HTTP_ACCESS_LOG_FORMAT, WS_ACCESS_LOG_FORMAT } from "./logs.js";
import { suppressFindings } from "./nag.js";
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
export function scheduleMinutes(schedule: string): number {
  const m = /^rate\((\d+) minutes?\)$/.exec(schedule);
  return m === null ? 1 : Number(m[1]);
}

/** How long CloudFront keeps a leaderboard page or a player's record (the same for every viewer for seconds). */
export const PUBLIC_READ_TTL_SECONDS = 10;

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
    MANCALA_WATCH_CAP: String(settings.watchCap),
    MANCALA_LOBBY_CAP: String(settings.lobbyCap),
    // Web Push (docs/push.md): the allow-list and the VAPID contact, when the stage names them.
    ...(settings.pushOrigins !== null ? { MANCALA_PUSH_ORIGINS: settings.pushOrigins } : {}),
    ...(settings.pushSubject !== null ? { MANCALA_PUSH_SUBJECT: settings.pushSubject } : {}),
  };
  // Each function logs to a log group of the stack with the retention (removed with the stack); its
  // role may write to that group only.
  const logGroups = new Map<Route, LogGroup>();
  const fn = (id: string, r: Route, extra: Partial<FunctionProps> = {}): FunctionProps => {
    const logGroup = new LogGroup(stack, `${id}Logs`, { retention, removalPolicy: RemovalPolicy.DESTROY });
    logGroups.set(r, logGroup);
    // The function's own role, made without the managed basic-execution policy (logs on `*`): its
    // only statements are its route's access and its own log group (stacks/access.ts).
    const role = new Role(stack, `${id}Role`, {
      assumedBy: new ServicePrincipal("lambda.amazonaws.com"),
      description: `${routeName(r)}: exactly its entry in functions/routes.ts`,
    });
    return {
      handler: sstHandler(r),
      logGroup,
      role,
      // JSON lines; the runtime's START/END/REPORT lines are INFO system logs, so at WARN they are not
      // written (stacks/logs.ts counts the bytes saved); the functions' own warnings and errors stay.
      loggingFormat: LoggingFormat.JSON,
      systemLogLevelV2: SystemLogLevel.WARN,
      applicationLogLevelV2: ApplicationLogLevel.INFO,
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
  const ws = new WebSocketApi(stack, "Play", {
    accessLog: { retention: settings.logRetention, format: WS_ACCESS_LOG_FORMAT },
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
    "push-vapid-keys": new Secret(stack, "PushVapidKeys", {
      description: "The seed of the Web Push VAPID key pair (functions/push/vapid.ts); rotation in docs/push.md",
      generateSecretString: {
        secretStringTemplate: JSON.stringify({}),
        generateStringKey: "seed",
        passwordLength: 64,
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.DESTROY,
    }),
  };
  const targets: AccessTargets = {
    tableArn: table.tableArn,
    secrets: {
      "seat-token-keys": secrets["seat-token-keys"].secretArn,
      "origin-verify": secrets["origin-verify"].secretArn,
      "push-vapid-keys": secrets["push-vapid-keys"].secretArn,
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
    accessLog: { retention: settings.logRetention, format: HTTP_ACCESS_LOG_FORMAT },
    defaults: { function: { environment }, throttle: settings.httpThrottle },
    routes: Object.fromEntries(HTTP_ROUTES.map((r) => [routeName(r), { function: fn(`Http${id(r)}`, r) }])),
  });
  for (const r of HTTP_ROUTES) grantExactly(http.getFunction(routeName(r)), r, targets, logArn(r));

  // The timer: no reserved concurrency (a new account may not reserve any: Lambda keeps 100
  // unreserved, and a new account's whole limit is often 10). Its span and timeout are under the
  // schedule's period (functions/ranked/span.ts), so one invocation ends before the next starts; no
  // retry by EventBridge nor by Lambda's asynchronous queue (a missed minute is made up by the next
  // one); an event that waited longer than a minute goes to the failure queue (kept 14 days, alarmed);
  // and the lease in the table (functions/ranked/lease.ts) keeps a manual or late invocation from
  // acting at the same time as the scheduled one.
  const timers = TIMER_ROUTES.map((r, i) => {
    const name = i === 0 ? "RankedTimer" : `Timer${i}`;
    const failures = new Queue(stack, `${name}Failures`, {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const cron = new Cron(stack, name, {
      schedule: r.schedule,
      job: {
        function: fn(name, r, { environment: { ...environment, WS_ENDPOINT: wsHttpsUrl }, deadLetterQueue: failures }),
        cdk: { target: { retryAttempts: 0, maxEventAge: Duration.minutes(1), deadLetterQueue: failures } },
      },
    });
    const job = cron.jobFunction;
    job.configureAsyncInvoke({
      retryAttempts: 0,
      maxEventAge: Duration.minutes(1),
      onFailure: new SqsDestination(failures),
    });
    grantExactly(job, r, targets, logArn(r), [
      new PolicyStatement({ actions: ["sqs:SendMessage"], resources: [failures.queueArn] }),
    ]);
    return { route: r, name, fn: job, failures, rule: cron.cdk.rule };
  });

  const monitored: MonitoredFunction[] = [
    ...WS_ROUTES.map((r) => ({ name: `Ws${id(r)}`, fn: ws.getFunction(r.key)! })),
    ...HTTP_ROUTES.map((r) => ({ name: `Http${id(r)}`, fn: http.getFunction(routeName(r))! })),
    ...timers.map((t) => ({
      name: t.name,
      fn: t.fn,
      timer: {
        longestRunMs: TIMER_LONGEST_RUN_MS,
        everyMinutes: scheduleMinutes(t.route.schedule),
        failures: t.failures,
      },
    })),
  ];
  const { topic } = addAlarms(stack, {
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

  // `/api/*` goes to the HTTP API unchanged, with its query string and the headers the handlers read
  // (not Host: API Gateway answers only to its own name).
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
  // The leaderboard and a player's record are the same for every viewer for seconds at a time: CloudFront
  // answers repeats from its cache (the handlers send `max-age=10`), keyed by the whole query string,
  // so a crowd reading the same page costs the API one request per edge per 10 s, not one each.
  const publicReads = new CachePolicy(stack, "PublicReads", {
    comment: "Leaderboard pages and player records: 10 s, keyed by the query string",
    defaultTtl: Duration.seconds(PUBLIC_READ_TTL_SECONDS),
    minTtl: Duration.seconds(1),
    maxTtl: Duration.seconds(PUBLIC_READ_TTL_SECONDS),
    queryStringBehavior: CacheQueryStringBehavior.all(),
    headerBehavior: CacheHeaderBehavior.none(),
    cookieBehavior: CacheCookieBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  // The secret header the HTTP functions check (a dynamic reference: CloudFormation resolves it at
  // deploy, so the value is in no template). After a rotation (`npm run -s origin-secret -- rotate`)
  // the saved version makes the next deploy send the new value.
  const originSecret =
    settings.originSecretVersion === null
      ? secrets["origin-verify"].secretValue
      : SecretValue.secretsManager(secrets["origin-verify"].secretArn, { versionId: settings.originSecretVersion });
  const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split("/", http.url)), {
    customHeaders: { [ORIGIN_HEADER]: originSecret.unsafeUnwrap() },
  });
  const apiBehavior = {
    origin: apiOrigin,
    viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
    originRequestPolicy: apiRequests,
  };
  // `/api/players/*` also covers a player's games and rating history; the archive's games, TV and the
  // live list are as public (docs/archive.md), and so is the lobby (docs/lobby.md).
  const cachedPaths = [
    API_PATHS.leaderboard,
    API_PATHS.player.replace("{id}", "*"),
    API_PATHS.game.replace("{id}", "*"),
    API_PATHS.tv,
    API_PATHS.live,
    API_PATHS.lobby,
    API_PATHS.pushKey,
  ];
  // Optional (MANCALA_WAF_RATE): a rate-based rule per address at the edge, before CloudFront's cache
  // and the API's stage throttle, so one address cannot spend the shared HTTP budget.
  let webAcl: CfnWebACL | undefined;
  if (settings.wafRate !== null) {
    if (Token.isUnresolved(stack.region) || stack.region !== "us-east-1")
      throw new Error("MANCALA_WAF_RATE: CloudFront's web ACLs live in us-east-1; deploy the stage there or unset it");
    const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
      metricName: name,
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
    });
    webAcl = new CfnWebACL(stack, "EdgeRateLimit", {
      scope: "CLOUDFRONT",
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${stack.stackName}-edge`),
      rules: [
        {
          name: "RatePerAddress",
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: settings.wafRate, aggregateKeyType: "IP" } },
          visibilityConfig: visibility(`${stack.stackName}-rate`),
        },
      ],
    });
  }
  // The site's files, in a bucket that refuses plain HTTP and is read by CloudFront through an origin
  // access control (below), never publicly.
  const siteBucket = new Bucket(stack, "SiteBucket", {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    autoDeleteObjects: true,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const site = new StaticSite(stack, "Web", {
    path: ".",
    buildCommand: "npm run build:web",
    buildOutput: "web/dist",
    // The HTTP API is reached by relative paths on the site's own origin; the WebSocket API by its URL,
    // which goes into /config.json at deploy (read by the client at every start), never into a
    // hashed asset.
    replaceValues: [{ files: CONFIG_PATH, search: WS_URL_PLACEHOLDER, replace: ws.url }],
    // SST marks every .js immutable for a year; the service worker's script, the push part it imports
    // (web/pushWorker.ts) and the runtime settings must be fetched fresh (these options run after
    // SST's defaults, so they win).
    assets: {
      fileOptions: [
        { files: "sw.js", cacheControl: "max-age=0,no-cache,no-store,must-revalidate" },
        { files: PUSH_WORKER_FILE, cacheControl: "max-age=0,no-cache,no-store,must-revalidate" },
        { files: CONFIG_PATH, cacheControl: "max-age=0,no-cache,no-store,must-revalidate" },
      ],
    },
    cdk: {
      bucket: siteBucket,
      distribution: {
        // The client routes by URL hash, so no error page is rewritten to index.html: the API's own
        // 404s and 429s reach the client as they are. A refusal or a failure is never cached (a 429
        // for one viewer must not answer the next).
        errorResponses: [403, 429, 500, 502, 503, 504].map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
        ...(webAcl !== undefined ? { webAclId: webAcl.attrArn } : {}),
        additionalBehaviors: {
          ...Object.fromEntries(
            cachedPaths.map((path) => [
              path,
              { ...apiBehavior, allowedMethods: AllowedMethods.ALLOW_GET_HEAD, cachePolicy: publicReads },
            ]),
          ),
          [`${API_PREFIX}/*`]: {
            ...apiBehavior,
            allowedMethods: AllowedMethods.ALLOW_ALL,
            cachePolicy: CachePolicy.CACHING_DISABLED,
          },
        },
      },
    },
  });
  useOriginAccessControl(stack, site, siteBucket);

  // No output names the HTTP API's own (execute-api) address: it answers only through CloudFront.
  stack.addOutputs({
    SiteUrl: site.url ?? "",
    WebSocketUrl: ws.url,
    SeatTokenSecretArn: secrets["seat-token-keys"].secretArn,
    OriginSecretArn: secrets["origin-verify"].secretArn,
    PushVapidSecretArn: secrets["push-vapid-keys"].secretArn,
  });
  suppressFindings(stack, {
    ws,
    http,
    site,
    siteBucket,
    secrets,
    posting: ROUTES.filter((r) => r.access.posts).map(routeFn),
    syncFunctions: ROUTES.filter((r) => r.kind !== "timer").map(routeFn),
    failures: timers.map((t) => t.failures),
    topic,
  });
  return { ws, http, site };
}

/**
 * SST's StaticSite reads its bucket through an origin access identity; AWS recommends an origin access
 * control (signed requests, SSE-KMS, every region). The escape hatch: the site's S3 origin gets an
 * OAC and no OAI, the bucket's policy lets CloudFront's service principal read only for this
 * distribution, and SST's OAI with its policy statement is taken out (stacks/stacks.test.ts checks
 * the synthesized distribution and policy).
 */
function useOriginAccessControl(stack: Stack, site: StaticSite, bucket: Bucket): void {
  const distribution = site.cdk!.distribution;
  const cfn = distribution.node.defaultChild as CfnDistribution;
  const oac = new CfnOriginAccessControl(stack, "SiteOriginAccess", {
    originAccessControlConfig: {
      name: `${stack.stackName}-site`.slice(0, 64),
      originAccessControlOriginType: "s3",
      signingBehavior: "always",
      signingProtocol: "sigv4",
    },
  });
  // The construct's own origins, rewritten (not a template override: cdk-nag and the template both
  // read this property, so what the checks see is what deploys).
  const render = (distribution as unknown as { renderOrigins(): CfnDistribution.OriginProperty[] }).renderOrigins.bind(
    distribution,
  );
  const config = cfn.distributionConfig as CfnDistribution.DistributionConfigProperty;
  cfn.distributionConfig = {
    ...config,
    origins: Lazy.any({
      produce: () =>
        render().map((o) =>
          o.s3OriginConfig === undefined
            ? o
            : { ...o, s3OriginConfig: { originAccessIdentity: "" }, originAccessControlId: oac.attrId },
        ),
    }),
  };
  const policy = bucket.policy!;
  const doc = policy.document as unknown as { statements: PolicyStatement[] };
  const oai = (st: PolicyStatement): boolean =>
    JSON.stringify(stack.resolve(st.toStatementJson())).includes("CanonicalUser");
  doc.statements.splice(0, doc.statements.length, ...doc.statements.filter((st) => !oai(st)));
  for (const c of distribution.node.findAll())
    if (c instanceof OriginAccessIdentity) c.node.scope?.node.tryRemoveChild(c.node.id);
  bucket.addToResourcePolicy(
    new PolicyStatement({
      sid: "CloudFrontReadsThroughOriginAccessControl",
      principals: [new ServicePrincipal("cloudfront.amazonaws.com")],
      actions: ["s3:GetObject"],
      resources: [bucket.arnForObjects("*")],
      conditions: {
        StringEquals: {
          "AWS:SourceArn": stack.formatArn({
            service: "cloudfront",
            region: "",
            resource: "distribution",
            resourceName: distribution.distributionId,
          }),
        },
      },
    }),
  );
}
