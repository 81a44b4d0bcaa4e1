/** IAM statements for one route of `functions/routes.ts`: exactly the access its entry lists. */
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import type { Route } from "../functions/routes.js";

export interface AccessTargets {
  readonly tableArn: string;
  /** `arn:…:execute-api:…:{apiId}/*\/*\/@connections/*` of the WebSocket API. */
  readonly connectionsArn: string;
}

export function routeStatements(route: Route, t: AccessTargets): PolicyStatement[] {
  const out: PolicyStatement[] = [];
  if (route.access.table.length > 0) {
    out.push(new PolicyStatement({ actions: route.access.table.map((a) => `dynamodb:${a}`), resources: [t.tableArn] }));
  }
  for (const [index, actions] of Object.entries(route.access.indexes ?? {})) {
    if (actions === undefined || actions.length === 0) continue;
    out.push(new PolicyStatement({ actions: actions.map((a) => `dynamodb:${a}`), resources: [`${t.tableArn}/index/${index}`] }));
  }
  if (route.access.posts) out.push(new PolicyStatement({ actions: ["execute-api:ManageConnections"], resources: [t.connectionsArn] }));
  return out;
}
