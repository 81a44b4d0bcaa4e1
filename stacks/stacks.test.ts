import { beforeAll, describe, expect, test } from "vitest";
import { Match, Template } from "aws-cdk-lib/assertions";
import { initProject } from "sst/project.js";
import { App, Function as SstFunction, getStack, use, type StackContext } from "sst/constructs";
import { StorageStack } from "./StorageStack.js";
import { ApiStack } from "./ApiStack.js";

let storage: Template;
let api: Template;
/** Handler module of every function, by logical-id prefix, read from the constructs. */
const handlers = new Map<string, string>();
const runtimes: string[] = [];

type WithProps = { props: { handler: string; runtime: string } };

function Capture({ stack }: StackContext): void {
  const { ws, http } = use(ApiStack);
  for (const route of ws.routes) handlers.set(`ws ${route}`, (ws.getFunction(route) as unknown as WithProps).props.handler);
  for (const route of http.routes) handlers.set(`http ${route}`, (http.getFunction(route) as unknown as WithProps).props.handler);
  for (const c of stack.node.root.node.findAll()) {
    if (!(c instanceof SstFunction)) continue;
    const props = (c as unknown as WithProps).props;
    runtimes.push(props.runtime);
    if (/RankedTimer/.test(c.node.path)) handlers.set("timer", props.handler);
  }
}

beforeAll(async () => {
  process.env.AWS_EC2_METADATA_DISABLED = "true";
  await initProject({ stage: "test" });
  const app = new App({ mode: "deploy", stage: "test", region: "us-east-1" });
  app.stack(StorageStack).stack(ApiStack).stack(Capture);
  storage = Template.fromStack(getStack(StorageStack));
  api = Template.fromStack(getStack(ApiStack));
}, 120_000);

type Resource = { Type: string; Properties: Record<string, unknown> };

function policiesOf(t: Template, fnLogicalIdPart: RegExp): unknown[] {
  const fns = t.findResources("AWS::Lambda::Function");
  const roles = Object.entries(fns)
    .filter(([id]) => fnLogicalIdPart.test(id))
    .map(([, fn]) => JSON.stringify((fn as Resource).Properties.Role));
  const policies = Object.values(t.findResources("AWS::IAM::Policy")) as Resource[];
  return policies.filter((p) => roles.some((r) => JSON.stringify(p.Properties.Roles).includes(JSON.parse(r)["Fn::GetAtt"][0])));
}

describe("storage", () => {
  test("one on-demand table with pk/sk, the leaderboard index, TTL and point-in-time recovery", () => {
    storage.resourceCountIs("AWS::DynamoDB::Table", 1);
    storage.hasResourceProperties("AWS::DynamoDB::Table", {
      BillingMode: "PAY_PER_REQUEST",
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: [
        Match.objectLike({
          IndexName: "gsi1",
          KeySchema: [
            { AttributeName: "gsi1pk", KeyType: "HASH" },
            { AttributeName: "gsi1sk", KeyType: "RANGE" },
          ],
        }),
      ],
      TimeToLiveSpecification: { AttributeName: "expiresAt", Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  test("a test stage may be deleted; data is kept only on production stages", () => {
    storage.hasResource("AWS::DynamoDB::Table", { DeletionPolicy: "Delete" });
  });
});

describe("WebSocket API", () => {
  test("routes $connect, $disconnect and $default to the handler modules the local server runs", () => {
    for (const key of ["$connect", "$disconnect", "$default"]) {
      api.hasResourceProperties("AWS::ApiGatewayV2::Route", { RouteKey: key, Target: Match.anyValue() });
    }
    expect(handlers.get("ws $connect")).toBe("functions/ws/connect.handler");
    expect(handlers.get("ws $disconnect")).toBe("functions/ws/disconnect.handler");
    expect(handlers.get("ws $default")).toBe("functions/ws/default.handler");
    api.hasResourceProperties("AWS::ApiGatewayV2::Api", { ProtocolType: "WEBSOCKET" });
    api.resourceCountIs("AWS::ApiGatewayV2::Integration", 3 + 3);
  });

  test("its functions may use the table and post to connections, nothing else", () => {
    const policies = policiesOf(api, /^Play/);
    expect(policies.length).toBeGreaterThan(0);
    const text = JSON.stringify(policies);
    expect(text).toContain("execute-api:ManageConnections");
    expect(text).toContain("@connections");
    expect(text).toContain("dynamodb:PutItem");
    expect(text).not.toMatch(/"dynamodb:\*"|"Resource":"\*"/);
  });
});

describe("HTTP API", () => {
  test("has the leaderboard, player and suggestions routes", () => {
    expect(handlers.get("http GET /leaderboard")).toBe("functions/http/leaderboard.handler");
    expect(handlers.get("http GET /players/{id}")).toBe("functions/http/player.handler");
    expect(handlers.get("http POST /suggestions")).toBe("functions/http/suggestions.handler");
    for (const key of ["GET /leaderboard", "GET /players/{id}", "POST /suggestions"]) {
      api.hasResourceProperties("AWS::ApiGatewayV2::Route", { RouteKey: key });
    }
    api.hasResourceProperties("AWS::ApiGatewayV2::Api", { ProtocolType: "HTTP" });
  });

  test("its functions only touch the table and answer CORS for the site's origin", () => {
    const policies = policiesOf(api, /^Http/);
    const text = JSON.stringify(policies);
    expect(text).toContain("dynamodb:Query");
    expect(text).not.toContain("execute-api:ManageConnections");
    expect(text).not.toMatch(/"dynamodb:\*"|"Resource":"\*"/);
    const fns = Object.entries(api.findResources("AWS::Lambda::Function")).filter(([id]) => /^Http/.test(id));
    expect(fns.length).toBe(3);
    for (const [, fn] of fns) {
      const env = (fn as Resource).Properties.Environment as { Variables: Record<string, unknown> };
      expect(JSON.stringify(env.Variables.SITE_ORIGIN)).toMatch(/DomainName/);
      expect(env.Variables.TABLE_NAME).toBeDefined();
    }
  });
});

describe("ranked timer", () => {
  test("runs every minute, may use the table and post to connections", () => {
    api.hasResourceProperties("AWS::Events::Rule", { ScheduleExpression: "rate(1 minute)" });
    const text = JSON.stringify(policiesOf(api, /^RankedTimer/));
    expect(text).toContain("execute-api:ManageConnections");
    expect(text).toContain("dynamodb:UpdateItem");
    expect(handlers.get("timer")).toBe("functions/ranked/timer.handler");
  });
});

describe("functions", () => {
  test("run on Node.js 20 without X-Ray (no wildcard permissions)", () => {
    const fns = Object.entries(api.findResources("AWS::Lambda::Function")).filter(([id]) => /^(Play|Http|RankedTimer)/.test(id));
    expect(fns.length).toBe(7);
    expect(runtimes).toEqual(new Array(7).fill("nodejs20.x"));
    for (const [, fn] of fns) expect((fn as Resource).Properties.TracingConfig).toBeUndefined();
  });
});

describe("site", () => {
  test("a static site behind CloudFront, built with the API URLs, and the three URLs as outputs", () => {
    api.resourceCountIs("AWS::CloudFront::Distribution", 1);
    api.resourceCountIs("AWS::S3::Bucket", 1);
    const outputs = api.findOutputs("*");
    const names = Object.keys(outputs).join(" ");
    for (const o of ["SiteUrl", "WebSocketUrl", "HttpApiUrl"]) expect(names).toContain(o);
  });
});
