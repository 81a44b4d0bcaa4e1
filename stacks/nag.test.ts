/**
 * AWS's own rule packs over the synthesized stages: cdk-nag's AwsSolutions and Serverless checks on
 * the `test` and `prod` stages find no error that is not suppressed on its exact resource with a
 * reason (stacks/nag.ts), and docs/operations.md lists exactly those suppressions.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import { Aspects } from "aws-cdk-lib";
import { Annotations, Match } from "aws-cdk-lib/assertions";
import { AwsSolutionsChecks, ServerlessChecks } from "cdk-nag";
import { initProject } from "sst/project.js";
import { App, getStack } from "sst/constructs";
import { StorageStack } from "./StorageStack.js";
import { ApiStack } from "./ApiStack.js";
import { SUPPRESSIONS } from "./nag.js";

interface Finding {
  readonly stack: string;
  readonly path: string;
  readonly text: string;
}

function findings(stage: string, env: Record<string, string>): { errors: Finding[]; warnings: Finding[] } {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    const app = new App({ mode: "deploy", stage, region: "us-east-1" });
    app.stack(StorageStack).stack(ApiStack);
    Aspects.of(app).add(new AwsSolutionsChecks());
    Aspects.of(app).add(new ServerlessChecks());
    const out = { errors: [] as Finding[], warnings: [] as Finding[] };
    for (const s of [getStack(StorageStack), getStack(ApiStack)]) {
      const a = Annotations.fromStack(s);
      for (const [kind, list] of [
        ["error", out.errors],
        ["warning", out.warnings],
      ] as const) {
        const found = kind === "error" ? a.findError("*", Match.anyValue()) : a.findWarning("*", Match.anyValue());
        for (const f of found) list.push({ stack: s.stackName, path: f.id, text: String(f.entry.data).split("\n")[0] });
      }
    }
    return out;
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

let test_: ReturnType<typeof findings>;
let prod: ReturnType<typeof findings>;
beforeAll(async () => {
  process.env.AWS_EC2_METADATA_DISABLED = "true";
  await initProject({ stage: "test" });
  test_ = findings("test", {});
  prod = findings("prod", { MANCALA_ALARM_EMAIL: "ops@example.org", MANCALA_WAF_RATE: "2000" });
}, 180_000);

describe("cdk-nag: AwsSolutions and Serverless checks", () => {
  test("the test stage: no unsuppressed error", () => {
    if (process.env.NAG_VERBOSE === "1") console.error([...test_.errors, ...test_.warnings]);
    expect(test_.errors).toEqual([]);
  });

  test("the prod stage (alarm recipient and WAF set): no unsuppressed error", () => {
    if (process.env.NAG_VERBOSE === "1") console.error([...prod.errors, ...prod.warnings]);
    expect(prod.errors).toEqual([]);
  });

  test("every suppression has a reason naming the file, test or setting that handles the risk", () => {
    expect(SUPPRESSIONS.length).toBeGreaterThan(5);
    for (const s of SUPPRESSIONS) expect(s.reason).toMatch(/(stacks|functions|scripts|docs)\/[\w./-]+|MANCALA_[A-Z_]+/);
  });

  test("docs/operations.md lists exactly the suppressions of stacks/nag.ts", () => {
    const doc = readFileSync("docs/operations.md", "utf8");
    const rows = [...doc.matchAll(/^\| `([A-Za-z]+-[A-Za-z0-9]+)` \| ([^|]+) \|/gm)].map(
      (m) => `${m[1]} ${m[2].trim()}`,
    );
    expect(rows.sort()).toEqual(SUPPRESSIONS.map((s) => `${s.rule} ${s.resource}`).sort());
  });
});
