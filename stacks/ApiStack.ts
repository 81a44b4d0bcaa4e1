import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Api, Cron, StaticSite, WebSocketApi, use, type StackContext } from "sst/constructs";
import { StorageStack } from "./StorageStack.js";

/** DynamoDB actions the handlers use: single-item conditional writes, queries, batches. No scans of others' tables. */
const TABLE_ACTIONS = [
  "dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem",
  "dynamodb:Query", "dynamodb:Scan", "dynamodb:BatchGetItem", "dynamodb:BatchWriteItem",
];

/**
 * The WebSocket API (friend rooms and ranked play), the HTTP API (leaderboard, players, suggestions),
 * the ranked timer and the static site. The site and the HTTP functions share one stack: the site is
 * built with the API URLs, and the HTTP functions answer CORS for the site's origin.
 */
export function ApiStack({ stack }: StackContext): { ws: WebSocketApi; http: Api; site: StaticSite } {
  const { table } = use(StorageStack);
  stack.setDefaultFunctionProps({
    runtime: "nodejs20.x",
    architecture: "arm_64",
    memorySize: 512,
    timeout: 10,
    tracing: "disabled",
    // The Node.js 20 runtime ships the AWS SDK v3, so bundles leave it out (see functions/bundle.test.ts).
    nodejs: { format: "esm", minify: true, esbuild: { external: ["@aws-sdk/*"] } },
  });
  const tableAccess = new PolicyStatement({ actions: TABLE_ACTIONS, resources: [table.tableArn, `${table.tableArn}/index/*`] });
  const environment = { TABLE_NAME: table.tableName, AWS_NODEJS_CONNECTION_REUSE_ENABLED: "1" };

  const ws = new WebSocketApi(stack, "Play", {
    defaults: { function: { environment, permissions: [tableAccess] } },
    routes: {
      $connect: "functions/ws/connect.handler",
      $disconnect: "functions/ws/disconnect.handler",
      $default: "functions/ws/default.handler",
    },
  });
  const connections = stack.formatArn({ service: "execute-api", resource: ws.cdk.webSocketApi.apiId, resourceName: "*/*/@connections/*" });
  const wsHttpsUrl = `https://${ws.cdk.webSocketApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}/${ws.cdk.webSocketStage.stageName}`;

  const http = new Api(stack, "Http", {
    defaults: { function: { environment, permissions: [tableAccess] } },
    routes: {
      "GET /leaderboard": "functions/http/leaderboard.handler",
      "GET /players/{id}": "functions/http/player.handler",
      "POST /suggestions": "functions/http/suggestions.handler",
      "OPTIONS /suggestions": "functions/http/suggestions.handler",
    },
  });

  new Cron(stack, "RankedTimer", {
    schedule: "rate(1 minute)",
    job: {
      function: {
        handler: "functions/ranked/timer.handler",
        environment: { ...environment, WS_ENDPOINT: wsHttpsUrl },
        permissions: [tableAccess, new PolicyStatement({ actions: ["execute-api:ManageConnections"], resources: [connections] })],
      },
    },
  });

  const site = new StaticSite(stack, "Web", {
    path: ".",
    buildCommand: "npm run build:web",
    buildOutput: "web/dist",
    environment: { VITE_WS_URL: ws.url, VITE_HTTP_URL: http.url },
  });

  // CORS: only the site's own origin may call the HTTP API from a browser.
  const origin = site.url ? site.url : "*";
  for (const route of http.routes) http.getFunction(route)?.addEnvironment("SITE_ORIGIN", origin);

  stack.addOutputs({ SiteUrl: site.url ?? "", WebSocketUrl: ws.url, HttpApiUrl: http.url });
  return { ws, http, site };
}
