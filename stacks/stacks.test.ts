import { beforeAll, describe, expect, test } from "vitest";
import { Stack, type CfnElement } from "aws-cdk-lib";
import { Match, Template } from "aws-cdk-lib/assertions";
import { initProject } from "sst/project.js";
import { App, Function as SstFunction, StaticSite, getStack, use, type StackContext } from "sst/constructs";
import { API_PATHS, API_PREFIX, WS_URL_PLACEHOLDER } from "../core/protocol/api.js";
import { ORIGIN_HEADER } from "../functions/http/respond.js";
import { tableDefinition, TABLE_SCHEMA } from "../functions/lib/table.js";
import {
  HTTP_ROUTES,
  ROUTES,
  TIMER_ROUTES,
  WS_ROUTES,
  routeName,
  sstHandler,
  type Route,
} from "../functions/routes.js";
import { StorageStack } from "./StorageStack.js";
import { ApiStack } from "./ApiStack.js";
import { LAMBDA_NODEJS, LAMBDA_RUNTIME } from "./lambda.js";
import { DEFAULT_SETTINGS, readDeploySettings, saveSettings, stageSettings } from "./settings.js";
import { messageAlarmThreshold, MESSAGES_PER_INBOUND } from "./alarms.js";
import { alarmMetricCount } from "../scripts/capacity.js";
import { PUBLIC_READ_TTL_SECONDS, scheduleMinutes } from "./ApiStack.js";
import {
  INVOCATION_SPAN_MS,
  STOP_BEFORE_MS,
  TICK_EVERY_MS,
  TIMER_LONGEST_RUN_MS,
  TIMER_TIMEOUT_SECONDS,
} from "../functions/ranked/span.js";
import { INDEX_NAMES } from "../functions/lib/table.js";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };

interface Synth {
  storage: Template;
  api: Template;
  /** Logical id of each route's function in the API stack, by route name. */
  fnOf: Map<string, string>;
  /** Props of every SST function: handler, runtime, nodejs. */
  props: { handler: string; runtime: string; nodejs: unknown }[];
  siteEnv: Record<string, string>;
  siteFiles: { files: string | string[]; cacheControl?: string }[];
  siteReplace: { files: string; search: string; replace: unknown }[];
}

/** Synthesizes both stacks with `env` set for the deploy settings (restored afterwards). */
function synth(env: Record<string, string>, stage = "test"): Synth {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  const fnOf = new Map<string, string>();
  const props: Synth["props"] = [];
  let siteEnv: Record<string, string> = {};
  let siteFiles: Synth["siteFiles"] = [];
  let siteReplace: Synth["siteReplace"] = [];
  function Capture({ stack }: StackContext): void {
    const { ws, http, site } = use(ApiStack);
    const logicalId = (fn: SstFunction | undefined): string =>
      Stack.of(fn!).getLogicalId(fn!.node.defaultChild as CfnElement);
    for (const r of WS_ROUTES) fnOf.set(routeName(r), logicalId(ws.getFunction(r.key)));
    for (const r of HTTP_ROUTES) fnOf.set(routeName(r), logicalId(http.getFunction(routeName(r))));
    for (const c of stack.node.root.node.findAll()) {
      if (c instanceof SstFunction) {
        const p = (c as unknown as { props: Synth["props"][number] }).props;
        props.push(p);
        const timer = TIMER_ROUTES.find((r) => sstHandler(r) === p.handler);
        if (timer !== undefined) fnOf.set(routeName(timer), logicalId(c));
      }
      if (c instanceof StaticSite) {
        const sp = (
          c as unknown as {
            props: {
              environment?: Record<string, string>;
              replaceValues?: Synth["siteReplace"];
              assets?: { fileOptions?: Synth["siteFiles"] };
            };
          }
        ).props;
        siteEnv = sp.environment ?? {};
        siteReplace = sp.replaceValues ?? [];
        siteFiles = sp.assets?.fileOptions ?? [];
      }
    }
    void site;
  }
  try {
    const app = new App({ mode: "deploy", stage, region: "us-east-1" });
    app.stack(StorageStack).stack(ApiStack).stack(Capture);
    return {
      storage: Template.fromStack(getStack(StorageStack)),
      api: Template.fromStack(getStack(ApiStack)),
      fnOf,
      props,
      siteEnv,
      siteFiles,
      siteReplace,
    };
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

let d: Synth;
let tuned: Synth;
let prod: Synth;
let saved: Synth;
const settingsDir = mkdtempSync(join(tmpdir(), "mancala-settings-"));

beforeAll(async () => {
  process.env.AWS_EC2_METADATA_DISABLED = "true";
  await initProject({ stage: "test" });
  d = synth({});
  tuned = synth({
    MANCALA_LOG_RETENTION: "one_week",
    MANCALA_WS_RATE: "7",
    MANCALA_WS_BURST: "9",
    MANCALA_HTTP_RATE: "3",
    MANCALA_HTTP_BURST: "4",
  });
  prod = synth({ MANCALA_ALARM_EMAIL: "ops@example.org" }, "prod");
  // Settings saved for a stage hold on a deploy without any variable; a variable overrides one.
  saveSettings(
    "saved",
    {
      MANCALA_WS_RATE: "800",
      MANCALA_WS_BURST: "1600",
      MANCALA_ALARM_EMAIL: "ops@example.org",
      MANCALA_DUE_SHARDS: "16",
      MANCALA_SEEK_PARTITIONS: "4",
      MANCALA_WATCH_CAP: "7",
      MANCALA_LOBBY_CAP: "9",
      MANCALA_PUSH_SUBJECT: "mailto:ops@example.org",
    },
    { MANCALA_SETTINGS_DIR: settingsDir },
  );
  saved = synth({ MANCALA_SETTINGS_DIR: settingsDir, MANCALA_WS_BURST: "1700" }, "saved");
}, 180_000);

function resources(t: Template, type: string): [string, Resource][] {
  return Object.entries(t.findResources(type)) as [string, Resource][];
}

/** The route functions (ours), not the helpers CDK adds for custom resources. */
function routeFunctions(s: Synth): [string, Resource][] {
  const ids = new Set(s.fnOf.values());
  return resources(s.api, "AWS::Lambda::Function").filter(([id]) => ids.has(id));
}

/** What one route's function may do, read back from its synthesized IAM policies. */
function grantedAccess(
  s: Synth,
  route: Route,
): {
  table: string[];
  indexes: Record<string, string[]>;
  posts: boolean;
  keys: string[] | undefined;
  /** Whether it may write to its own log group (and only there: any other log statement is in `other`). */
  logs: boolean;
  /** The managed policies of its role. */
  managed: unknown;
  /** The secrets it may read, by logical id of the secret. */
  secrets: string[];
  /** Whether it may send to the timer's failure queue (the timer only). */
  failures: boolean;
  other: unknown[];
} {
  const fnId = s.fnOf.get(routeName(route))!;
  const fn = s.api.findResources("AWS::Lambda::Function")[fnId] as Resource;
  const roleId = (fn.Properties.Role as { "Fn::GetAtt": [string, string] })["Fn::GetAtt"][0];
  const ownGroup = (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
  const statements = resources(s.api, "AWS::IAM::Policy")
    .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
    .flatMap(
      ([, p]) =>
        (
          p.Properties.PolicyDocument as {
            Statement: {
              Action: string | string[];
              Resource: unknown;
              Effect: string;
              Condition?: Record<string, Record<string, string[]>>;
            }[];
          }
        ).Statement,
    );
  const out = {
    table: [] as string[],
    indexes: {} as Record<string, string[]>,
    posts: false,
    keys: undefined as string[] | undefined,
    logs: false,
    failures: false,
    secrets: [] as string[],
    managed: (s.api.findResources("AWS::IAM::Role")[roleId] as Resource).Properties.ManagedPolicyArns,
    other: [] as unknown[],
  };
  for (const st of statements) {
    const actions = ([] as string[]).concat(st.Action);
    const res = JSON.stringify(st.Resource);
    const index = /\/index\/(\w+)"/.exec(res);
    if (st.Effect !== "Allow") out.other.push(st);
    else if (
      actions.every((a) => a.startsWith("logs:")) &&
      [...actions].sort().join() === "logs:CreateLogStream,logs:PutLogEvents" &&
      res === JSON.stringify({ "Fn::GetAtt": [ownGroup, "Arn"] })
    )
      out.logs = true;
    else if (actions.length === 1 && actions[0] === "sqs:SendMessage" && /TimerFailures/.test(res)) out.failures = true;
    else if (actions.length === 1 && actions[0] === "secretsmanager:GetSecretValue")
      for (const r of ([] as { Ref?: string }[]).concat(st.Resource as { Ref?: string }[])) {
        if (typeof r.Ref === "string" && /^(SeatTokenKeys|OriginVerify|PushVapidKeys)/.test(r.Ref))
          out.secrets.push(r.Ref);
        else out.other.push(st);
      }
    else if (
      actions.every((a) => a === "execute-api:ManageConnections") &&
      /@connections/.test(res) &&
      /PlayApi/.test(res)
    )
      out.posts = true;
    else if (actions.every((a) => a.startsWith("dynamodb:")) && index !== null && /MancalaTable.*Arn/.test(res))
      (out.indexes[index[1]] ??= []).push(...actions.map((a) => a.slice(9)));
    else if (
      actions.every((a) => a.startsWith("dynamodb:")) &&
      /^\{"Fn::ImportValue":"[^"]*MancalaTable[^"]*Arn[^"]*"\}$/.test(res)
    ) {
      out.table.push(...actions.map((a) => a.slice(9)));
      const cond = st.Condition;
      if (cond !== undefined) {
        const leading = cond["ForAllValues:StringLike"]?.["dynamodb:LeadingKeys"];
        if (leading === undefined || Object.keys(cond).length !== 1) out.other.push(st);
        else out.keys = [...leading];
      }
    } else out.other.push(st);
  }
  return out;
}

describe("storage: the table is TABLE_SCHEMA, as the local table is", () => {
  test("keys, attributes and indexes equal the local table's definition; TTL; point-in-time recovery; on demand", () => {
    const [[, t]] = resources(d.storage, "AWS::DynamoDB::Table");
    const local = tableDefinition("x");
    const byName = <T extends { AttributeName?: string; IndexName?: string }>(a: T[]): T[] =>
      [...a].sort((x, y) =>
        String(x.AttributeName ?? x.IndexName).localeCompare(String(y.AttributeName ?? y.IndexName)),
      );
    expect(t.Properties.KeySchema).toEqual(local.KeySchema);
    expect(byName(t.Properties.AttributeDefinitions as { AttributeName: string }[])).toEqual(
      byName(local.AttributeDefinitions!),
    );
    const gsis = (
      t.Properties.GlobalSecondaryIndexes as { IndexName: string; KeySchema: unknown; Projection: unknown }[]
    ).map((g) => ({ IndexName: g.IndexName, KeySchema: g.KeySchema, Projection: g.Projection }));
    expect(byName(gsis)).toEqual(
      byName(
        local.GlobalSecondaryIndexes!.map((g) => ({
          IndexName: g.IndexName!,
          KeySchema: g.KeySchema,
          Projection: g.Projection,
        })),
      ),
    );
    expect(gsis.map((g) => g.IndexName).sort()).toEqual(Object.keys(TABLE_SCHEMA.indexes).sort());
    expect(t.Properties.TimeToLiveSpecification).toEqual({ AttributeName: TABLE_SCHEMA.ttl, Enabled: true });
    expect(t.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(t.Properties.BillingMode).toBe("PAY_PER_REQUEST");
  });

  test("a test stage may be deleted; data is kept only on production stages", () => {
    d.storage.hasResource("AWS::DynamoDB::Table", { DeletionPolicy: "Delete" });
    const [[, t]] = resources(prod.storage, "AWS::DynamoDB::Table");
    expect(t.DeletionPolicy).toBe("Retain");
    expect(t.Properties.DeletionProtectionEnabled).toBe(true);
    expect(resources(d.storage, "AWS::DynamoDB::Table")[0][1].Properties.DeletionProtectionEnabled).toBe(false);
  });

  test("no stage fixes its table's name, so a retained table never stops the next deploy", () => {
    for (const s of [d, prod]) {
      const [[id, t]] = resources(s.storage, "AWS::DynamoDB::Table");
      expect(t.Properties.TableName).toBeUndefined();
      // The functions get the generated name from the stack.
      const names = routeFunctions(s).map(
        ([, f]) => (f.Properties.Environment as { Variables: Record<string, unknown> }).Variables.TABLE_NAME,
      );
      for (const n of names) expect(JSON.stringify(n)).toContain("Fn::ImportValue");
      expect(JSON.stringify(s.storage.findOutputs("*"))).toContain(JSON.stringify({ Ref: id }));
    }
  });
});

describe("routes come from functions/routes.ts", () => {
  test("the WebSocket API has exactly the table's routes, each on its handler module", () => {
    const keys = resources(d.api, "AWS::ApiGatewayV2::Route").map(([, r]) => r.Properties.RouteKey as string);
    expect(keys.filter((k) => k.startsWith("$")).sort()).toEqual(WS_ROUTES.map((r) => r.key).sort());
    for (const r of WS_ROUTES) expect(d.props.some((p) => p.handler === sstHandler(r))).toBe(true);
    d.api.hasResourceProperties("AWS::ApiGatewayV2::Api", { ProtocolType: "WEBSOCKET" });
  });

  test("$default answers the sender with its route response (no @connections post for the answer)", () => {
    const routes = resources(d.api, "AWS::ApiGatewayV2::Route").filter(([, r]) => r.Properties.RouteKey === "$default");
    expect(routes).toHaveLength(1);
    expect(routes[0][1].Properties.RouteResponseSelectionExpression).toBe("$default");
    const responses = resources(d.api, "AWS::ApiGatewayV2::RouteResponse");
    expect(responses).toHaveLength(1);
    expect(responses[0][1].Properties.RouteResponseKey).toBe("$default");
    expect(responses[0][1].Properties.RouteId).toEqual({ Ref: routes[0][0] });
  });

  test("the HTTP API has exactly the table's routes, all under /api, and no OPTIONS route", () => {
    const keys = resources(d.api, "AWS::ApiGatewayV2::Route")
      .map(([, r]) => r.Properties.RouteKey as string)
      .filter((k) => !k.startsWith("$"));
    expect(keys.sort()).toEqual(HTTP_ROUTES.map(routeName).sort());
    for (const k of keys) expect(k).toMatch(new RegExp(`^(GET|POST) ${API_PREFIX}/`));
    expect(keys.some((k) => k.startsWith("OPTIONS"))).toBe(false);
    for (const r of HTTP_ROUTES) expect(d.props.some((p) => p.handler === sstHandler(r))).toBe(true);
  });

  test("the timer runs on its schedule; functions are sized as their entry says (else 512 MB, 10 s)", () => {
    for (const r of TIMER_ROUTES) d.api.hasResourceProperties("AWS::Events::Rule", { ScheduleExpression: r.schedule });
    for (const r of ROUTES) {
      const fn = d.api.findResources("AWS::Lambda::Function")[d.fnOf.get(routeName(r))!] as Resource;
      expect(fn.Properties.Timeout).toBe(r.lambda?.timeoutSeconds ?? 10);
      expect(fn.Properties.MemorySize).toBe(r.lambda?.memoryMB ?? 512);
    }
    // The ranked timer's timeout is its span, a tick and the stop margin, under the schedule's period.
    for (const r of TIMER_ROUTES) {
      expect(r.lambda?.timeoutSeconds).toBe(TIMER_TIMEOUT_SECONDS);
      expect(TIMER_TIMEOUT_SECONDS * 1000).toBeGreaterThanOrEqual(INVOCATION_SPAN_MS + TICK_EVERY_MS + STOP_BEFORE_MS);
      expect(TIMER_TIMEOUT_SECONDS * 60).toBeLessThan(scheduleMinutes(r.schedule) * 3600);
    }
    expect(d.fnOf.size).toBe(ROUTES.length);
  });
});

describe("the timer never overlaps", () => {
  test("no reserved concurrency anywhere (test and prod); the span and the timeout end before the next scheduled run", () => {
    for (const s of [d, prod])
      for (const [, f] of resources(s.api, "AWS::Lambda::Function"))
        expect(f.Properties.ReservedConcurrentExecutions).toBeUndefined();
    for (const r of TIMER_ROUTES) {
      const period = scheduleMinutes(r.schedule) * 60_000;
      expect(d.api.findResources("AWS::Events::Rule")).toBeDefined();
      expect(INVOCATION_SPAN_MS + TICK_EVERY_MS).toBeLessThan(period);
      for (const s of [d, prod]) {
        const fn = s.api.findResources("AWS::Lambda::Function")[s.fnOf.get(routeName(r))!] as Resource;
        expect(fn.Properties.Timeout).toBe(TIMER_TIMEOUT_SECONDS);
        expect((fn.Properties.Timeout as number) * 1000).toBeLessThan(period);
      }
    }
  });

  test("no asynchronous retry, events older than a minute go to the failure queue, no EventBridge retry", () => {
    for (const r of TIMER_ROUTES) {
      const id = d.fnOf.get(routeName(r))!;
      const fn = d.api.findResources("AWS::Lambda::Function")[id] as Resource;
      const [[queueId, queue]] = resources(d.api, "AWS::SQS::Queue");
      expect(queue.Properties.MessageRetentionPeriod).toBe(14 * 86_400);
      expect(fn.Properties.DeadLetterConfig).toEqual({ TargetArn: { "Fn::GetAtt": [queueId, "Arn"] } });
      const configs = resources(d.api, "AWS::Lambda::EventInvokeConfig").filter(
        ([, c]) => JSON.stringify(c.Properties.FunctionName) === JSON.stringify({ Ref: id }),
      );
      expect(configs).toHaveLength(1);
      expect(configs[0][1].Properties.MaximumRetryAttempts).toBe(0);
      expect(configs[0][1].Properties.MaximumEventAgeInSeconds).toBeLessThanOrEqual(60);
      expect(configs[0][1].Properties.DestinationConfig).toEqual({
        OnFailure: { Destination: { "Fn::GetAtt": [queueId, "Arn"] } },
      });
      const rules = resources(d.api, "AWS::Events::Rule").filter(
        ([, x]) => x.Properties.ScheduleExpression === r.schedule,
      );
      expect(rules).toHaveLength(1);
      const targets = rules[0][1].Properties.Targets as { RetryPolicy?: Record<string, number> }[];
      expect(targets).toHaveLength(1);
      expect(targets[0].RetryPolicy).toEqual({ MaximumRetryAttempts: 0, MaximumEventAgeInSeconds: 60 });
      expect(targets[0]).toMatchObject({ DeadLetterConfig: { Arn: { "Fn::GetAtt": [queueId, "Arn"] } } });
    }
  });
});

describe("runtime", () => {
  test("every route function runs nodejs24.x on arm64, without X-Ray, bundled for node24", () => {
    const fns = routeFunctions(d);
    expect(fns.length).toBe(ROUTES.length);
    for (const [, fn] of fns) {
      expect(fn.Properties.Runtime).toBe("nodejs24.x");
      expect(fn.Properties.Architectures).toEqual(["arm64"]);
      expect(fn.Properties.TracingConfig).toBeUndefined();
    }
    expect(d.props.length).toBe(ROUTES.length);
    for (const p of d.props) {
      expect(p.runtime).toBe(LAMBDA_RUNTIME);
      expect(p.nodejs).toEqual(LAMBDA_NODEJS);
    }
    expect(LAMBDA_NODEJS.esbuild.target).toBe("node24");
  });
});

describe("one origin, no CORS", () => {
  test("the HTTP API has no CORS configuration and its functions no SITE_ORIGIN", () => {
    const [[, api]] = resources(d.api, "AWS::ApiGatewayV2::Api").filter(
      ([, a]) => a.Properties.ProtocolType === "HTTP",
    );
    expect(api.Properties.CorsConfiguration).toBeUndefined();
    for (const [, fn] of routeFunctions(d)) {
      const vars = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(vars.SITE_ORIGIN).toBeUndefined();
      expect(vars.TABLE_NAME).toBeDefined();
    }
  });

  test("CloudFront sends /api/* to the HTTP API: every method, no caching, query strings and the needed headers but not Host", () => {
    const [[, dist]] = resources(d.api, "AWS::CloudFront::Distribution");
    const cfg = dist.Properties.DistributionConfig as {
      CacheBehaviors: {
        PathPattern: string;
        TargetOriginId: string;
        AllowedMethods: string[];
        CachePolicyId: string;
        OriginRequestPolicyId: { Ref: string };
        ViewerProtocolPolicy: string;
      }[];
      Origins: {
        Id: string;
        DomainName: unknown;
        OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
      }[];
      CustomErrorResponses?: unknown[];
    };
    // The public reads first (cached 10 s, the query string in the key: the leaderboard, player
    // records with their games and ratings, archived and live games, TV), then the rest.
    const cachedPaths = [
      API_PATHS.leaderboard,
      API_PATHS.player.replace("{id}", "*"),
      API_PATHS.game.replace("{id}", "*"),
      API_PATHS.tv,
      API_PATHS.live,
      API_PATHS.lobby,
      API_PATHS.pushKey,
    ];
    expect(cfg.CacheBehaviors.map((b) => b.PathPattern)).toEqual([...cachedPaths, `${API_PREFIX}/*`]);
    for (const p of [API_PATHS.playerGames, API_PATHS.playerRatings])
      expect(p.replace("{id}", "x").startsWith(API_PATHS.player.replace("{id}", "x/"))).toBe(true);
    const rest = cfg.CacheBehaviors[cachedPaths.length];
    for (const cached of cfg.CacheBehaviors.slice(0, cachedPaths.length)) {
      expect(cached.AllowedMethods.sort()).toEqual(["GET", "HEAD"]);
      const cp = d.api.findResources("AWS::CloudFront::CachePolicy")[
        (cached.CachePolicyId as unknown as { Ref: string }).Ref
      ] as Resource;
      const c = cp.Properties.CachePolicyConfig as {
        DefaultTTL: number;
        MinTTL: number;
        MaxTTL: number;
        ParametersInCacheKeyAndForwardedToOrigin: { QueryStringsConfig: { QueryStringBehavior: string } };
      };
      expect(c.DefaultTTL).toBe(PUBLIC_READ_TTL_SECONDS);
      expect(c.MinTTL).toBeGreaterThan(0);
      expect(c.ParametersInCacheKeyAndForwardedToOrigin.QueryStringsConfig.QueryStringBehavior).toBe("all");
      expect(cached.TargetOriginId).toBe(rest.TargetOriginId);
      expect(cached.OriginRequestPolicyId).toEqual(rest.OriginRequestPolicyId);
    }
    const b = rest;
    expect(b.AllowedMethods.sort()).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"]);
    expect(b.CachePolicyId).toBe("4135ea2d-6df8-44a3-9df3-4b5a84be39ad"); // the managed CachingDisabled policy
    expect(b.ViewerProtocolPolicy).toBe("https-only");
    const origin = cfg.Origins.find((o) => o.Id === b.TargetOriginId)!;
    const [httpApiId] = resources(d.api, "AWS::ApiGatewayV2::Api").find(
      ([, a]) => a.Properties.ProtocolType === "HTTP",
    )!;
    expect(JSON.stringify(origin.DomainName)).toContain(`"${httpApiId}","ApiEndpoint"`);
    // The secret origin header: a dynamic reference to the generated secret (no value in the template),
    // and the HTTP functions, which check it, are the only readers of that secret.
    expect(origin.OriginCustomHeaders).toHaveLength(1);
    const h = origin.OriginCustomHeaders![0];
    expect(h.HeaderName).toBe(ORIGIN_HEADER);
    const [secretId] = resources(d.api, "AWS::SecretsManager::Secret").find(([id]) => id.startsWith("OriginVerify"))!;
    expect(JSON.stringify(h.HeaderValue)).toMatch(/\{\{resolve:secretsmanager:/);
    expect(JSON.stringify(h.HeaderValue)).toContain(`{"Ref":"${secretId}"}`);
    for (const r of ROUTES) expect(grantedAccess(d, r).secrets.includes(secretId)).toBe(r.kind === "http");
    const policy = d.api.findResources("AWS::CloudFront::OriginRequestPolicy")[b.OriginRequestPolicyId.Ref] as Resource;
    const pc = policy.Properties.OriginRequestPolicyConfig as {
      QueryStringsConfig: { QueryStringBehavior: string };
      HeadersConfig: { HeaderBehavior: string; Headers: string[] };
    };
    expect(pc.QueryStringsConfig.QueryStringBehavior).toBe("all");
    expect(pc.HeadersConfig.HeaderBehavior).toBe("whitelist");
    expect(pc.HeadersConfig.Headers).toEqual(expect.arrayContaining(["Content-Type", "CloudFront-Viewer-Address"]));
    expect(pc.HeadersConfig.Headers.map((h) => h.toLowerCase())).not.toContain("host");
    // No error page rewriting: an API 404 must stay a 404 (the client routes by URL hash); refusals
    // and failures are not cached.
    for (const e of (cfg.CustomErrorResponses ?? []) as Record<string, unknown>[]) {
      expect(e.ResponsePagePath).toBeUndefined();
      expect(e.ErrorCachingMinTTL).toBe(0);
    }
    expect(((cfg.CustomErrorResponses ?? []) as { ErrorCode: number }[]).map((e) => e.ErrorCode)).toContain(429);
  });

  test("the WebSocket URL is in no built asset: it goes into the no-cache /config.json at deploy; no output names the execute-api URL of the HTTP API", () => {
    expect(d.siteEnv).toEqual({});
    expect(d.siteReplace).toHaveLength(1);
    expect(d.siteReplace[0].files).toBe("config.json");
    expect(d.siteReplace[0].search).toBe(WS_URL_PLACEHOLDER);
    expect(d.siteFiles).toContainEqual({
      files: "config.json",
      cacheControl: "max-age=0,no-cache,no-store,must-revalidate",
    });
    for (const s of [d, prod]) {
      const outputs = s.api.findOutputs("*");
      const names = Object.keys(outputs).join(" ");
      for (const o of ["SiteUrl", "WebSocketUrl"]) expect(names).toContain(o);
      expect(names).not.toMatch(/Http/);
      const [httpApiId] = resources(s.api, "AWS::ApiGatewayV2::Api").find(
        ([, a]) => a.Properties.ProtocolType === "HTTP",
      )!;
      expect(JSON.stringify(outputs)).not.toContain(`"${httpApiId}"`);
    }
  });
});

describe("least privilege: each function's policy is exactly its entry in functions/routes.ts", () => {
  test.each(ROUTES.map((r): [string, Route] => [routeName(r), r]))("%s", (_name, route) => {
    const got = grantedAccess(d, route);
    expect(got.other).toEqual([]);
    expect(got.table.sort()).toEqual([...route.access.table].sort());
    const want = Object.fromEntries(
      Object.entries(route.access.indexes ?? {})
        .filter(([, a]) => a !== undefined && a.length > 0)
        .map(([i, a]) => [i, [...a!].sort()]),
    );
    expect(Object.fromEntries(Object.entries(got.indexes).map(([i, a]) => [i, a.sort()]))).toEqual(want);
    expect(got.posts).toBe(route.access.posts);
    expect(got.keys).toEqual(route.access.keys === undefined ? undefined : [...route.access.keys]);
    // Logs: only its own group, and no managed policy (the basic-execution one allows logs on `*`).
    expect(got.logs).toBe(true);
    expect(got.managed).toBeUndefined();
    expect(got.failures).toBe(route.kind === "timer");
    // Secrets: exactly those it lists, and their ARNs in its environment.
    const logical = {
      "seat-token-keys": /^SeatTokenKeys/,
      "origin-verify": /^OriginVerify/,
      "push-vapid-keys": /^PushVapidKeys/,
    } as const;
    expect(got.secrets).toHaveLength(route.access.secrets?.length ?? 0);
    for (const name of route.access.secrets ?? []) expect(got.secrets.some((id) => logical[name].test(id))).toBe(true);
  });

  test("the seat-token keys are a generated secret, not a table item, read only by the routes that sign or verify", () => {
    const secrets = resources(d.api, "AWS::SecretsManager::Secret");
    const keys = secrets.find(([id]) => id.startsWith("SeatTokenKeys"))!;
    expect(keys[1].Properties.GenerateSecretString).toMatchObject({
      GenerateStringKey: "key",
      PasswordLength: 64,
      SecretStringTemplate: JSON.stringify({ id: "1" }),
    });
    expect(keys[1].Properties.SecretString).toBeUndefined();
    const readers = ROUTES.filter((r) => grantedAccess(d, r).secrets.some((id) => id === keys[0])).map(routeName);
    expect(readers.sort()).toEqual(["$default", "$disconnect"]);
    for (const r of ROUTES) {
      const fn = d.api.findResources("AWS::Lambda::Function")[d.fnOf.get(routeName(r))!] as Resource;
      const vars = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(vars.SEAT_TOKEN_SECRET_ARN !== undefined).toBe(readers.includes(routeName(r)));
      if (vars.SEAT_TOKEN_SECRET_ARN !== undefined) expect(vars.SEAT_TOKEN_SECRET_ARN).toEqual({ Ref: keys[0] });
    }
  });

  test("$connect may write only connection items, the suggestions route only suggestions and their rate counters", () => {
    expect(
      grantedAccess(
        d,
        WS_ROUTES.find((r) => r.key === "$connect")!,
      ).keys,
    ).toEqual(["CONN#*"]);
    expect(
      grantedAccess(
        d,
        HTTP_ROUTES.find((r) => r.method === "POST")!,
      ).keys,
    ).toEqual(["SUGGESTION#*", "RATE#suggest#*"]);
  });

  test("every DynamoDB statement of every route is limited by dynamodb:LeadingKeys to its listed prefixes", () => {
    let n = 0;
    for (const [, p] of resources(d.api, "AWS::IAM::Policy")) {
      const doc = p.Properties.PolicyDocument as {
        Statement: {
          Action: string | string[];
          Resource: unknown;
          Condition?: Record<string, Record<string, string[]>>;
        }[];
      };
      for (const st of doc.Statement) {
        if (!([] as string[]).concat(st.Action).some((a) => a.startsWith("dynamodb:"))) continue;
        n++;
        const keys = st.Condition?.["ForAllValues:StringLike"]?.["dynamodb:LeadingKeys"];
        expect(keys?.length ?? 0).toBeGreaterThan(0);
        const index = /\/index\/(\w+)"/.exec(JSON.stringify(st.Resource))?.[1];
        const owners = ROUTES.filter((r) =>
          index === undefined
            ? JSON.stringify(r.access.keys) === JSON.stringify(keys)
            : JSON.stringify((r.access.indexKeys as Record<string, string[]> | undefined)?.[index]) ===
              JSON.stringify(keys),
        );
        expect(owners.length).toBeGreaterThan(0);
      }
    }
    const want = ROUTES.reduce(
      (k, r) =>
        k +
        (r.access.table.length > 0 ? 1 : 0) +
        Object.values(r.access.indexes ?? {}).filter((a) => (a ?? []).length > 0).length,
      0,
    );
    expect(n).toBe(want);
  });

  test("no policy in the stack allows Scan, a wildcard action or a wildcard resource on the table", () => {
    const text = JSON.stringify(
      resources(d.api, "AWS::IAM::Policy").filter(
        ([id]) => !/LogRetention|CustomResource|AutoDelete|CloudWatchRole/.test(id),
      ),
    );
    expect(text).not.toContain("dynamodb:Scan");
    expect(text).not.toMatch(/"dynamodb:\*"|"Resource":"\*"|"Action":"\*"/);
  });

  test("the read-only routes may only read, and $connect may not post", () => {
    for (const r of HTTP_ROUTES.filter((h) => h.method === "GET")) {
      const got = grantedAccess(d, r);
      for (const a of [...got.table, ...Object.values(got.indexes).flat()])
        expect(["GetItem", "Query", "BatchGetItem"]).toContain(a);
      expect(got.posts).toBe(false);
    }
    expect(
      grantedAccess(
        d,
        WS_ROUTES.find((r) => r.key === "$connect")!,
      ).posts,
    ).toBe(false);
  });
});

describe("logs and throttles", () => {
  test("every route function logs to its own group kept one month; both APIs' access logs are kept one month", () => {
    const groups = d.api.findResources("AWS::Logs::LogGroup") as Record<string, Resource>;
    for (const [, fn] of routeFunctions(d)) {
      const ref = (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(groups[ref].Properties.RetentionInDays).toBe(30);
      expect(groups[ref].DeletionPolicy).toBe("Delete");
    }
    for (const [, stage] of resources(d.api, "AWS::ApiGatewayV2::Stage")) {
      const dest = (stage.Properties.AccessLogSettings as { DestinationArn: { "Fn::GetAtt": [string, string] } })
        .DestinationArn["Fn::GetAtt"][0];
      expect(groups[dest].Properties.RetentionInDays).toBe(30);
    }
    expect(resources(d.api, "AWS::ApiGatewayV2::Stage").length).toBe(2);
    expect(resources(d.api, "Custom::LogRetention")).toEqual([]);
    // Every log group goes with the stack, on production stages too (README, "Remove").
    for (const s of [d, prod])
      for (const [, g] of resources(s.api, "AWS::Logs::LogGroup")) expect(g.DeletionPolicy).toBe("Delete");
  });

  test("both stages throttle their default routes (defaults for a small community)", () => {
    const stages = resources(d.api, "AWS::ApiGatewayV2::Stage");
    const ws = stages.find(([id]) => id.startsWith("Play"))![1];
    const http = stages.find(([id]) => id.startsWith("Http"))![1];
    expect(ws.Properties.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: DEFAULT_SETTINGS.wsThrottle.rate,
      ThrottlingBurstLimit: DEFAULT_SETTINGS.wsThrottle.burst,
    });
    expect(http.Properties.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: DEFAULT_SETTINGS.httpThrottle.rate,
      ThrottlingBurstLimit: DEFAULT_SETTINGS.httpThrottle.burst,
    });
    expect(DEFAULT_SETTINGS).toEqual({
      logRetention: "one_month",
      // The capacity model's 1,000 players (about 200 messages/s) with room to spare.
      wsThrottle: { rate: 500, burst: 1_000 },
      httpThrottle: { rate: 50, burst: 100 },
      alarmEmail: null,
      // The capacity model's 1,000 and 10,000 rows need no more than these.
      scale: { dueShards: 4, seekPartitions: 1 },
      // Off unless the stage is named prod/production or MANCALA_DATA_PROTECTION says on.
      dataProtection: false,
      wafRate: null,
      originSecretVersion: null,
      // Spectators pushed per live game; the rest poll the cached game (docs/archive.md).
      watchCap: 50,
      lobbyCap: 50,
      // Web Push: the functions' own defaults (the browsers' push services; a placeholder contact).
      pushOrigins: null,
      pushSubject: null,
    });
  });

  test("environment variables at deploy change the throttles and the retention", () => {
    const stages = resources(tuned.api, "AWS::ApiGatewayV2::Stage");
    expect(stages.find(([id]) => id.startsWith("Play"))![1].Properties.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: 7,
      ThrottlingBurstLimit: 9,
    });
    expect(stages.find(([id]) => id.startsWith("Http"))![1].Properties.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: 3,
      ThrottlingBurstLimit: 4,
    });
    tuned.api.allResourcesProperties("AWS::Logs::LogGroup", { RetentionInDays: 7 });
  });

  test("settings saved for a stage hold on the next deploy without variables; a variable overrides one", () => {
    const stages = resources(saved.api, "AWS::ApiGatewayV2::Stage");
    expect(stages.find(([id]) => id.startsWith("Play"))![1].Properties.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: 800,
      ThrottlingBurstLimit: 1700,
    });
    saved.api.hasResourceProperties("AWS::SNS::Subscription", { Protocol: "email", Endpoint: "ops@example.org" });
    expect(JSON.parse(readFileSync(join(settingsDir, "saved.json"), "utf8"))).toEqual({
      MANCALA_WS_RATE: "800",
      MANCALA_WS_BURST: "1600",
      MANCALA_ALARM_EMAIL: "ops@example.org",
      MANCALA_DUE_SHARDS: "16",
      MANCALA_SEEK_PARTITIONS: "4",
      MANCALA_WATCH_CAP: "7",
      MANCALA_LOBBY_CAP: "9",
      MANCALA_PUSH_SUBJECT: "mailto:ops@example.org",
    });
    // The hot keys' partitioning reaches every function (the timer included) as its environment.
    // So does the spectator cap (functions/spectate/spectate.ts).
    for (const [s, due, seek, cap, lobby] of [
      [saved, "16", "4", "7", "9"],
      [d, "4", "1", "50", "50"],
    ] as const) {
      const fns = routeFunctions(s);
      expect(fns.length).toBeGreaterThan(5);
      for (const [, f] of fns) {
        const vars = (f.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        expect([
          vars.MANCALA_DUE_SHARDS,
          vars.MANCALA_SEEK_PARTITIONS,
          vars.MANCALA_WATCH_CAP,
          vars.MANCALA_LOBBY_CAP,
        ]).toEqual([due, seek, cap, lobby]);
      }
    }
    const env = { MANCALA_SETTINGS_DIR: settingsDir };
    expect(stageSettings("saved", env).wsThrottle).toEqual({ rate: 800, burst: 1600 });
    expect(stageSettings("other", env)).toEqual(DEFAULT_SETTINGS);
    // A bad value is refused before it is saved.
    expect(() => saveSettings("saved", { MANCALA_WS_RATE: "-1" }, env)).toThrow(/MANCALA_WS_RATE/);
    expect(() => saveSettings("saved", { MANCALA_PUSH_ORIGINS: "http://x.example" }, env)).toThrow(
      /MANCALA_PUSH_ORIGINS/,
    );
    expect(() => saveSettings("saved", { MANCALA_PUSH_SUBJECT: "ops" }, env)).toThrow(/MANCALA_PUSH_SUBJECT/);
    // The push settings reach the functions that send (every function shares one environment).
    for (const [, f] of routeFunctions(saved)) {
      const vars = (f.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(vars.MANCALA_PUSH_SUBJECT).toBe("mailto:ops@example.org");
      expect(vars.MANCALA_PUSH_ORIGINS).toBeUndefined();
    }
    expect(stageSettings("saved", env).wsThrottle.rate).toBe(800);
    // An empty value removes a saved setting.
    saveSettings("saved", { MANCALA_ALARM_EMAIL: "" }, env);
    expect(stageSettings("saved", env).alarmEmail).toBeNull();
  });

  test.each([
    ["MANCALA_ALARM_EMAIL", "nobody", /MANCALA_ALARM_EMAIL must be an email address/],
    ["MANCALA_WS_RATE", "0", /MANCALA_WS_RATE must be a whole number/],
    ["MANCALA_HTTP_BURST", "lots", /MANCALA_HTTP_BURST must be a whole number/],
    ["MANCALA_LOG_RETENTION", "30", /MANCALA_LOG_RETENTION must be one of .*one_month/],
    ["MANCALA_LOG_RETENTION", "forever", /MANCALA_LOG_RETENTION must be one of/],
    ["MANCALA_DUE_SHARDS", "0", /MANCALA_DUE_SHARDS must be a whole number from 1 to 64/],
    ["MANCALA_SEEK_PARTITIONS", "65", /MANCALA_SEEK_PARTITIONS must be a whole number from 1 to 64/],
  ])("a bad %s=%s stops the deploy with a clear message", (name, value, message) => {
    expect(() => readDeploySettings({ [name]: value })).toThrow(message);
  });
});

describe("alarms and a dashboard", () => {
  type AlarmProps = {
    MetricName: string;
    Namespace: string;
    Dimensions?: { Name: string; Value: unknown }[];
    AlarmActions: unknown[];
    ComparisonOperator: string;
    Threshold: number;
  };
  const alarms = (s: Synth): AlarmProps[] =>
    resources(s.api, "AWS::CloudWatch::Alarm").map(([, a]) => a.Properties as unknown as AlarmProps);
  const on = (a: AlarmProps, name: string, value: unknown) =>
    (a.Dimensions ?? []).some((x) => x.Name === name && JSON.stringify(x.Value) === JSON.stringify(value));

  test("every route function has an error and a throttle alarm; the timer also near-timeout and missed ticks", () => {
    const all = alarms(d);
    for (const r of ROUTES) {
      const ref = { Ref: d.fnOf.get(routeName(r))! };
      for (const m of ["Errors", "Throttles"])
        expect(
          all.some(
            (a) =>
              (a.MetricName === m && on(a, "FunctionName", ref)) ||
              (JSON.stringify((a as unknown as { Metrics?: unknown }).Metrics ?? []).includes(`"MetricName":"${m}"`) &&
                JSON.stringify((a as unknown as { Metrics?: unknown }).Metrics ?? []).includes(JSON.stringify(ref))),
          ),
        ).toBe(true);
      if (r.kind === "timer") {
        const near = all.find((a) => a.MetricName === "Duration" && on(a, "FunctionName", ref))!;
        // The longest designed run (span and a tick), under the timeout.
        expect(near.Threshold).toBe(TIMER_LONGEST_RUN_MS);
        expect(near.Threshold).toBeLessThan(TIMER_TIMEOUT_SECONDS * 1000);
        const dropped = all.find((a) => a.MetricName === "AsyncEventsDropped" && on(a, "FunctionName", ref))!;
        expect(dropped.Threshold).toBe(1);
        const missed = all.find((a) => a.MetricName === "Invocations" && on(a, "FunctionName", ref))!;
        expect(missed.ComparisonOperator).toBe("LessThanThreshold");
        expect((missed as unknown as { TreatMissingData: string }).TreatMissingData).toBe("breaching");
      }
    }
  });

  test("DynamoDB throttling on the table and on each index; API Gateway errors and message count", () => {
    const all = alarms(d);
    const dyn = all.filter((a) => a.Namespace === "AWS/DynamoDB");
    for (const m of ["ReadThrottleEvents", "WriteThrottleEvents"]) {
      expect(dyn.some((a) => a.MetricName === m && a.Dimensions!.length === 1)).toBe(true);
      for (const i of INDEX_NAMES)
        expect(dyn.some((a) => a.MetricName === m && on(a, "GlobalSecondaryIndexName", i))).toBe(true);
    }
    const gw = all
      .filter((a) => a.Namespace === "AWS/ApiGateway")
      .map((a) => a.MetricName)
      .sort();
    expect(gw).toEqual(["4xx", "ClientError", "ExecutionError", "IntegrationError", "MessageCount"]);
    // 5xx as a share of the requests (a math alarm over both).
    const math = resources(d.api, "AWS::CloudWatch::Alarm").map(([, a]) => JSON.stringify(a.Properties.Metrics ?? []));
    expect(math.some((m) => m.includes('"MetricName":"5xx"') && m.includes('"MetricName":"Count"'))).toBe(true);
    const count = all.find((a) => a.MetricName === "MessageCount")!;
    // In, its route response and its post: the throttle's inbound rate counted 3 times, 80 % of it.
    expect(MESSAGES_PER_INBOUND).toBe(3);
    expect(count.Threshold).toBe(DEFAULT_SETTINGS.wsThrottle.rate * 3 * 300 * 0.8);
    expect(count.Threshold).toBe(messageAlarmThreshold(DEFAULT_SETTINGS.wsThrottle, 300));
    // The README's 1,000 players (about 200 inbound messages/s, 600 counted) stay below it.
    expect(200 * 3 * 300).toBeLessThan(count.Threshold);
  });

  test("the capacity command's alarm count is the stack's (each metric an alarm reads is billed)", () => {
    let n = 0;
    for (const [, a] of resources(d.api, "AWS::CloudWatch::Alarm")) {
      const metrics = a.Properties.Metrics as { MetricStat?: unknown }[] | undefined;
      n += metrics === undefined ? 1 : metrics.filter((x) => x.MetricStat !== undefined).length;
    }
    expect(n).toBe(alarmMetricCount());
  });

  test("every alarm notifies the one topic; no address subscribed unless MANCALA_ALARM_EMAIL is set; a dashboard", () => {
    const topics = resources(d.api, "AWS::SNS::Topic");
    expect(topics).toHaveLength(1);
    for (const a of alarms(d)) expect(a.AlarmActions).toEqual([{ Ref: topics[0][0] }]);
    expect(resources(d.api, "AWS::SNS::Subscription")).toEqual([]);
    expect(resources(d.api, "AWS::CloudWatch::Dashboard")).toHaveLength(1);
  });
});

describe("site", () => {
  test("the site's S3 origin uses an origin access control, no origin access identity; the bucket requires SSL", () => {
    for (const s of [d, prod]) {
      const [[, dist]] = resources(s.api, "AWS::CloudFront::Distribution");
      const cfg = dist.Properties.DistributionConfig as {
        Origins: { S3OriginConfig?: { OriginAccessIdentity: string }; OriginAccessControlId?: unknown }[];
      };
      const s3 = cfg.Origins.filter((o) => o.S3OriginConfig !== undefined);
      expect(s3).toHaveLength(1);
      expect(s3[0].S3OriginConfig!.OriginAccessIdentity).toBe("");
      const [[oacId, oac]] = resources(s.api, "AWS::CloudFront::OriginAccessControl");
      expect(s3[0].OriginAccessControlId).toEqual({ "Fn::GetAtt": [oacId, "Id"] });
      expect(oac.Properties.OriginAccessControlConfig).toMatchObject({
        SigningBehavior: "always",
        SigningProtocol: "sigv4",
      });
      expect(resources(s.api, "AWS::CloudFront::CloudFrontOriginAccessIdentity")).toEqual([]);
      const [[, policy]] = resources(s.api, "AWS::S3::BucketPolicy");
      const text = JSON.stringify(policy.Properties.PolicyDocument);
      expect(text).not.toContain("CanonicalUser");
      expect(text).toContain('"Service":"cloudfront.amazonaws.com"');
      expect(text).toContain('"aws:SecureTransport":"false"');
    }
  });

  test("the alarm topic refuses plain HTTP; a production stage without an alarm recipient refuses to deploy", () => {
    const [[, tp]] = resources(d.api, "AWS::SNS::TopicPolicy");
    expect(JSON.stringify(tp.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    expect(() => synth({ MANCALA_ALARM_EMAIL: "" }, "production")).toThrow(/alarms notify nobody/);
    // Data protection is a setting: on for prod by name, on for any stage that asks.
    expect(readDeploySettings({}, {}, "prod").dataProtection).toBe(true);
    expect(readDeploySettings({ MANCALA_DATA_PROTECTION: "off" }, {}, "prod").dataProtection).toBe(false);
    expect(readDeploySettings({ MANCALA_DATA_PROTECTION: "on" }, {}, "staging").dataProtection).toBe(true);
    const kept = synth({ MANCALA_DATA_PROTECTION: "on", MANCALA_ALARM_EMAIL: "ops@example.org" }, "staging");
    expect(resources(kept.storage, "AWS::DynamoDB::Table")[0][1].DeletionPolicy).toBe("Retain");
  });

  test("after a rotation the saved MANCALA_ORIGIN_SECRET_VERSION changes CloudFront's origin header at the next deploy", () => {
    const version = "0123456789abcdef0123456789abcdef";
    const header = (x: Synth): string => {
      const [[, dist]] = resources(x.api, "AWS::CloudFront::Distribution");
      const origins = (dist.Properties.DistributionConfig as { Origins: { OriginCustomHeaders?: unknown }[] }).Origins;
      return JSON.stringify(origins.map((o) => o.OriginCustomHeaders ?? null));
    };
    const rotated = synth({ MANCALA_ORIGIN_SECRET_VERSION: version });
    expect(header(d)).not.toContain(version);
    expect(header(rotated)).toContain(`::${version}}}`);
    expect(header(rotated)).toMatch(/\{\{resolve:secretsmanager:/);
    expect(header(rotated)).not.toBe(header(d));
  });

  test("MANCALA_WAF_RATE puts a rate-based rule per address on the distribution; none without it", () => {
    expect(resources(d.api, "AWS::WAFv2::WebACL")).toEqual([]);
    const w = synth({ MANCALA_WAF_RATE: "2000" });
    const [[aclId, acl]] = resources(w.api, "AWS::WAFv2::WebACL");
    expect(acl.Properties.Scope).toBe("CLOUDFRONT");
    expect(acl.Properties.Rules).toMatchObject([
      { Action: { Block: {} }, Statement: { RateBasedStatement: { Limit: 2000, AggregateKeyType: "IP" } } },
    ]);
    const [[, dist]] = resources(w.api, "AWS::CloudFront::Distribution");
    expect((dist.Properties.DistributionConfig as { WebACLId: unknown }).WebACLId).toEqual({
      "Fn::GetAtt": [aclId, "Arn"],
    });
    expect(() => readDeploySettings({ MANCALA_WAF_RATE: "50" })).toThrow(/MANCALA_WAF_RATE/);
  });

  test("the service worker's script is never cached (SST makes every other .js immutable)", () => {
    expect(d.siteFiles).toContainEqual({ files: "sw.js", cacheControl: "max-age=0,no-cache,no-store,must-revalidate" });
    // The worker imports its push part: a stale copy from a cache would outlive the worker's update.
    expect(d.siteFiles).toContainEqual({
      files: "push-sw.js",
      cacheControl: "max-age=0,no-cache,no-store,must-revalidate",
    });
  });

  test("a static site behind one CloudFront distribution", () => {
    d.api.resourceCountIs("AWS::CloudFront::Distribution", 1);
    d.api.resourceCountIs("AWS::S3::Bucket", 1);
    d.api.hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: Match.objectLike({ DefaultRootObject: "index.html" }),
    });
  });
});
