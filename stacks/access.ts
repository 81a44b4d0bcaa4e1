/**
 * IAM for the route functions: each one's policy is exactly the access its entry in
 * `functions/routes.ts` lists, nothing added (SST would give every WebSocket route
 * `execute-api:ManageConnections`; only the routes that post get it here).
 */
import { CfnPolicy, Policy, PolicyDocument, PolicyStatement } from "aws-cdk-lib/aws-iam";
import type { Function as SstFunction } from "sst/constructs";
import { routeName, type Route } from "../functions/routes.js";
import type { SecretName } from "../functions/lib/secrets.js";

export interface AccessTargets {
  readonly tableArn: string;
  /** `arn:…:execute-api:…:{apiId}/{stage}/*\/@connections/*` of the WebSocket API. */
  readonly connectionsArn: string;
  /** Each secret's ARN (functions/lib/secrets.ts). */
  readonly secrets: Readonly<Record<SecretName, string>>;
}

export function routeStatements(route: Route, t: AccessTargets): PolicyStatement[] {
  const out: PolicyStatement[] = [];
  const leading = (keys: readonly string[] | undefined, what: string) => {
    if (keys === undefined || keys.length === 0)
      throw new Error(`route ${routeName(route)} lists no keys for ${what}: functions/routes.ts must name them`);
    return { "ForAllValues:StringLike": { "dynamodb:LeadingKeys": [...keys] } };
  };
  if (route.access.table.length > 0) {
    out.push(
      new PolicyStatement({
        actions: route.access.table.map((a) => `dynamodb:${a}`),
        resources: [t.tableArn],
        conditions: leading(route.access.keys, "the table"),
      }),
    );
  }
  for (const [index, actions] of Object.entries(route.access.indexes ?? {})) {
    if (actions === undefined || actions.length === 0) continue;
    out.push(
      new PolicyStatement({
        actions: actions.map((a) => `dynamodb:${a}`),
        resources: [`${t.tableArn}/index/${index}`],
        conditions: leading((route.access.indexKeys as Record<string, readonly string[]> | undefined)?.[index], index),
      }),
    );
  }
  if (route.access.posts)
    out.push(new PolicyStatement({ actions: ["execute-api:ManageConnections"], resources: [t.connectionsArn] }));
  const secrets = route.access.secrets ?? [];
  if (secrets.length > 0)
    out.push(
      new PolicyStatement({ actions: ["secretsmanager:GetSecretValue"], resources: secrets.map((s) => t.secrets[s]) }),
    );
  return out;
}

/** Writing to the function's own log group (its ARN ends `:*`, which covers its streams). */
export function logStatement(logGroupArn: string): PolicyStatement {
  return new PolicyStatement({ actions: ["logs:CreateLogStream", "logs:PutLogEvents"], resources: [logGroupArn] });
}

/**
 * Gives `fn` exactly the route's statements and the right to log to its own group: its role's
 * policy document is replaced by them. The role itself is made by the stack with no managed policy
 * (stacks/ApiStack.ts), so SST's basic-execution policy (logs on `*`) is never on it.
 */
export function grantExactly(
  fn: SstFunction | undefined,
  route: Route,
  t: AccessTargets,
  logGroupArn: string,
  extra: readonly PolicyStatement[] = [],
): void {
  if (fn === undefined) throw new Error(`no function for route ${routeName(route)}`);
  const own = routeStatements(route, t);
  if (own.length === 0)
    throw new Error(`route ${routeName(route)} lists no access; functions/routes.ts must name what it calls`);
  const statements = [...own, ...extra, logStatement(logGroupArn)];
  fn.attachPermissions(statements);
  const policy = fn.role?.node.tryFindChild("DefaultPolicy");
  if (!(policy instanceof Policy)) throw new Error(`route ${routeName(route)}: its function has no policy to set`);
  (policy.node.defaultChild as CfnPolicy).policyDocument = new PolicyDocument({ statements });
}
