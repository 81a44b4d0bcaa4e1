import { Api, Cron, StaticSite, WebSocketApi, use, type StackContext } from "sst/constructs";
import { HTTP_ROUTES, TIMER_ROUTES, WS_ROUTES, routeName, sstHandler } from "../functions/routes.js";
import { routeStatements, type AccessTargets } from "./access.js";
import { StorageStack } from "./StorageStack.js";

/**
 * The WebSocket API (friend rooms and ranked play), the HTTP API (leaderboard, players, suggestions),
 * the ranked timer and the static site, all derived from the route table `functions/routes.ts`: each
 * function gets exactly the access its entry lists.
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
  const environment = { TABLE_NAME: table.tableName, AWS_NODEJS_CONNECTION_REUSE_ENABLED: "1" };

  const ws = new WebSocketApi(stack, "Play", {
    defaults: { function: { environment } },
    routes: Object.fromEntries(WS_ROUTES.map((r) => [r.key, sstHandler(r)])),
  });
  const { webSocketApi, webSocketStage } = ws.cdk;
  const targets: AccessTargets = {
    tableArn: table.tableArn,
    connectionsArn: stack.formatArn({ service: "execute-api", resource: webSocketApi.apiId, resourceName: `${webSocketStage.stageName}/*/@connections/*` }),
  };
  for (const r of WS_ROUTES) ws.attachPermissionsToRoute(r.key, routeStatements(r, targets));
  const wsHttpsUrl = `https://${webSocketApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}/${webSocketStage.stageName}`;

  const http = new Api(stack, "Http", {
    defaults: { function: { environment } },
    routes: Object.fromEntries(HTTP_ROUTES.map((r) => [routeName(r), sstHandler(r)])),
  });
  for (const r of HTTP_ROUTES) http.attachPermissionsToRoute(routeName(r), routeStatements(r, targets));

  TIMER_ROUTES.forEach((r, i) => {
    new Cron(stack, i === 0 ? "RankedTimer" : `Timer${i}`, {
      schedule: r.schedule,
      job: {
        function: {
          handler: sstHandler(r),
          environment: { ...environment, WS_ENDPOINT: wsHttpsUrl },
          permissions: routeStatements(r, targets),
        },
      },
    });
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
