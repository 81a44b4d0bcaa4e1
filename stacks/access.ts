/**
 * IAM for the route functions: each one's policy is exactly the access its entry in
 * `functions/routes.ts` lists, nothing added (SST would give every WebSocket route
 * `execute-api:ManageConnections`; only the routes that post get it here).
 */
import { CfnPolicy, Policy, PolicyDocument, PolicyStatement } from "aws-cdk-lib/aws-iam";
import type { Function as SstFunction } from "sst/constructs";
import { routeName, type Route } from "../functions/routes.js";

export interface AccessTargets {
  readonly tableArn: string;
  /** `arn:…:execute-api:…:{apiId}/{stage}/*\/@connections/*` of the WebSocket API. */
  readonly connectionsArn: string;
}

export function routeStatements(route: Route, t: AccessTargets): PolicyStatement[] {
  const out: PolicyStatement[] = [];
  if (route.access.table.length > 0) {
    const keys = route.access.keys;
    out.push(
      new PolicyStatement({
        actions: route.access.table.map((a) => `dynamodb:${a}`),
        resources: [t.tableArn],
        ...(keys !== undefined
          ? { conditions: { "ForAllValues:StringLike": { "dynamodb:LeadingKeys": [...keys] } } }
          : {}),
      }),
    );
  }
  for (const [index, actions] of Object.entries(route.access.indexes ?? {})) {
    if (actions === undefined || actions.length === 0) continue;
    out.push(
      new PolicyStatement({
        actions: actions.map((a) => `dynamodb:${a}`),
        resources: [`${t.tableArn}/index/${index}`],
      }),
    );
  }
  if (route.access.posts)
    out.push(new PolicyStatement({ actions: ["execute-api:ManageConnections"], resources: [t.connectionsArn] }));
  return out;
}

/** Gives `fn` exactly the route's statements: its role's policy document is replaced by them. */
export function grantExactly(fn: SstFunction | undefined, route: Route, t: AccessTargets): void {
  if (fn === undefined) throw new Error(`no function for route ${routeName(route)}`);
  const statements = routeStatements(route, t);
  if (statements.length === 0)
    throw new Error(`route ${routeName(route)} lists no access; functions/routes.ts must name what it calls`);
  fn.attachPermissions(statements);
  const policy = fn.role?.node.tryFindChild("DefaultPolicy");
  if (!(policy instanceof Policy)) throw new Error(`route ${routeName(route)}: its function has no policy to set`);
  (policy.node.defaultChild as CfnPolicy).policyDocument = new PolicyDocument({ statements });
}
