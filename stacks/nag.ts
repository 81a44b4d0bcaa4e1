/**
 * The cdk-nag findings (AwsSolutions and Serverless packs, stacks/nag.test.ts) that are by design,
 * each suppressed on its exact resources with the reason and where the risk is handled.
 * `SUPPRESSIONS` is the table docs/operations.md shows (the nag test checks the doc against it).
 */
import type { Stack } from "aws-cdk-lib";
import { CfnRoute } from "aws-cdk-lib/aws-apigatewayv2";
import type { Bucket } from "aws-cdk-lib/aws-s3";
import type { Secret } from "aws-cdk-lib/aws-secretsmanager";
import type { IQueue } from "aws-cdk-lib/aws-sqs";
import { Subscription } from "aws-cdk-lib/aws-sns";
import { NagSuppressions } from "cdk-nag";
import type { IConstruct } from "constructs";
import type { Api, Function as SstFunction, Stack as SstStack, StaticSite, WebSocketApi } from "sst/constructs";
import type { SecretName } from "../functions/lib/secrets.js";

export interface Suppression {
  readonly rule: string;
  /** Which resources, in words (the doc's column). */
  readonly resource: string;
  readonly reason: string;
}

const S = {
  frameworkIam: {
    rule: "AwsSolutions-IAM4",
    resource: "SST's CustomResourceHandler role (each stack)",
    reason:
      "SST's own custom-resource handler (sst/constructs Stack) is built by the framework with the basic-execution policy; the app's roles have none (stacks/access.ts, stacks/stacks.test.ts)",
  },
  frameworkRuntime: {
    rule: "AwsSolutions-L1",
    resource: "SST's CustomResourceHandler (each stack)",
    reason:
      "SST 2.49 pins the runtime of its custom-resource handler; the app's functions run nodejs24.x (stacks/lambda.ts)",
  },
  frameworkLatest: {
    rule: "Serverless-LambdaLatestVersion",
    resource: "SST's CustomResourceHandler (each stack)",
    reason:
      "SST 2.49 pins the runtime of its custom-resource handler; the app's functions run nodejs24.x (stacks/lambda.ts)",
  },
  frameworkDlq: {
    rule: "Serverless-LambdaDLQ",
    resource: "SST's CustomResourceHandler (each stack)",
    reason:
      "invoked synchronously by CloudFormation, which reports a failure as a failed deploy; every app function is checked apart (stacks/nag.test.ts)",
  },
  connections: {
    rule: "AwsSolutions-IAM5",
    resource: "`execute-api:ManageConnections` on `<api>/<stage>/*/@connections/*` (the posting routes' policies)",
    reason:
      "connection ids are made at connect time, so the policy names the stage's @connections path with a wildcard id; only routes with posts: true get it (functions/routes.ts, stacks/access.ts)",
  },
  authorizer: {
    rule: "AwsSolutions-APIG4",
    resource: "every WebSocket and HTTP route",
    reason:
      "the protocol authenticates in the handlers: signed challenges and seat tokens (functions/identity/identity.ts, functions/friends/token.ts); HTTP routes answer only through CloudFront's origin header (functions/http/respond.ts)",
  },
  syncDlq: {
    rule: "Serverless-LambdaDLQ",
    resource: "the WebSocket and HTTP route functions",
    reason:
      "invoked synchronously by API Gateway: a failure is the caller's answer, never a queued event (functions/routes.ts)",
  },
  seatKeys: {
    rule: "AwsSolutions-SMG4",
    resource: "SeatTokenKeys",
    reason:
      "rotated by the documented two-step command that keeps the old key verifying (scripts/seat-key.ts, tested in functions/friends/token.test.ts)",
  },
  originSecret: {
    rule: "AwsSolutions-SMG4",
    resource: "OriginVerify",
    reason:
      "rotated by a documented command while the previous value stays accepted until the redeploy (scripts/origin-secret.ts, tested in functions/http/origin.test.ts; MANCALA_ORIGIN_SECRET_VERSION)",
  },
  pushKeys: {
    rule: "AwsSolutions-SMG4",
    resource: "PushVapidKeys",
    reason:
      "rotating the VAPID seed unsubscribes every browser until it subscribes again with the new public key, so it is rotated on purpose by the documented step (docs/push.md), never on a schedule",
  },
  failureQueue: {
    rule: "AwsSolutions-SQS3",
    resource: "RankedTimerFailures",
    reason:
      "it is the dead-letter queue (the timer's on-failure destination and its EventBridge target's DLQ), kept 14 days and alarmed (stacks/ApiStack.ts, stacks/alarms.ts)",
  },
  failureRedrive: {
    rule: "Serverless-SQSRedrivePolicy",
    resource: "RankedTimerFailures",
    reason: "it is the dead-letter queue itself; nothing consumes it but an operator (stacks/ApiStack.ts)",
  },
  emailRedrive: {
    rule: "Serverless-SNSRedrivePolicy",
    resource: "the alarm email subscription",
    reason:
      "SNS retries an email delivery itself; a lost alarm mail is caught by the alarm's state in the console (stacks/alarms.ts, MANCALA_ALARM_EMAIL)",
  },
  bucketLogs: {
    rule: "AwsSolutions-S1",
    resource: "SiteBucket",
    reason:
      "the bucket holds only the built site, read by CloudFront alone through its origin access control; server access logs would log CloudFront's reads (docs/operations.md, Costs)",
  },
  cdnLogs: {
    rule: "AwsSolutions-CFR3",
    resource: "the site distribution",
    reason:
      "standard logs cost storage per request at scale; the API's own access logs (stacks/logs.ts) record every game request, and MANCALA_WAF_RATE adds WAF metrics",
  },
  tls: {
    rule: "AwsSolutions-CFR4",
    resource: "the site distribution",
    reason:
      "the default *.cloudfront.net certificate (no custom domain in stacks/ApiStack.ts), whose TLS policy CloudFront fixes; a custom domain would set TLSv1.2_2021",
  },
} as const satisfies Record<string, Suppression>;

/** Every suppression the stacks make, as docs/operations.md lists them. */
export const SUPPRESSIONS: readonly Suppression[] = Object.values(S);

const add = (c: IConstruct, s: readonly Suppression[], children = false, appliesTo?: { regex: string }[]): void =>
  NagSuppressions.addResourceSuppressions(
    c,
    s.map((x) => ({ id: x.rule, reason: x.reason, ...(appliesTo !== undefined ? { appliesTo } : {}) })),
    children,
  );

/** SST's custom-resource handler, which every SST stack has. */
export function suppressFrameworkFindings(stack: SstStack): void {
  add(stack.customResourceHandler, [S.frameworkIam, S.frameworkRuntime, S.frameworkLatest, S.frameworkDlq], true);
}

export interface Findable {
  readonly ws: WebSocketApi;
  readonly http: Api;
  readonly site: StaticSite;
  readonly siteBucket: Bucket;
  readonly secrets: Readonly<Record<SecretName, Secret>>;
  readonly posting: readonly SstFunction[];
  readonly syncFunctions: readonly SstFunction[];
  readonly failures: readonly IQueue[];
  readonly topic: IConstruct;
}

export function suppressFindings(stack: Stack, r: Findable): void {
  suppressFrameworkFindings(stack as SstStack);
  for (const fn of r.posting)
    add(fn.role!.node.findChild("DefaultPolicy"), [S.connections], true, [
      { regex: "/^Resource::arn:<AWS::Partition>:execute-api:.*/\\*/@connections/\\*$/g" },
    ]);
  for (const api of [r.ws, r.http])
    for (const c of api.node.findAll()) if (c instanceof CfnRoute) add(c, [S.authorizer]);
  for (const fn of r.syncFunctions) add(fn, [S.syncDlq], true);
  add(r.secrets["seat-token-keys"], [S.seatKeys], true);
  add(r.secrets["origin-verify"], [S.originSecret], true);
  add(r.secrets["push-vapid-keys"], [S.pushKeys], true);
  for (const q of r.failures) add(q, [S.failureQueue, S.failureRedrive], true);
  for (const c of r.topic.node.findAll()) if (c instanceof Subscription) add(c, [S.emailRedrive]);
  add(r.siteBucket, [S.bucketLogs], true);
  add(r.site.cdk!.distribution, [S.cdnLogs, S.tls], true);
}
