/**
 * A stage's deploy settings: `npm run -s settings -- --stage prod` shows what the next `npx sst deploy
 * --stage prod` uses (each value and where it comes from: the environment, `deploy/prod.json`, or the
 * default); `npm run -s settings -- --stage prod MANCALA_WS_RATE=800 MANCALA_WS_BURST=1600` checks and
 * saves values into `deploy/prod.json` (commit it), `NAME=` removes one. Exit code 2 on a bad value.
 */
import { fail, parseArgs } from "./args.js";
import {
  DEFAULT_SETTINGS,
  SETTING_NAMES,
  checkDeployable,
  loadSavedSettings,
  productionByName,
  saveSettings,
  settingsFile,
  stageSettings,
  type SavedSettings,
  type SettingName,
} from "../stacks/settings.js";

function defaultOf(name: SettingName, stage: string): string {
  const d = DEFAULT_SETTINGS;
  const v = {
    MANCALA_LOG_RETENTION: d.logRetention,
    MANCALA_WS_RATE: d.wsThrottle.rate,
    MANCALA_WS_BURST: d.wsThrottle.burst,
    MANCALA_HTTP_RATE: d.httpThrottle.rate,
    MANCALA_HTTP_BURST: d.httpThrottle.burst,
    MANCALA_ALARM_EMAIL: d.alarmEmail ?? "",
    MANCALA_DUE_SHARDS: d.scale.dueShards,
    MANCALA_SEEK_PARTITIONS: d.scale.seekPartitions,
    MANCALA_DATA_PROTECTION: productionByName(stage) ? "on" : "off",
    MANCALA_WAF_RATE: "",
    MANCALA_ORIGIN_SECRET_VERSION: "",
    MANCALA_WATCH_CAP: d.watchCap,
    MANCALA_LOBBY_CAP: d.lobbyCap,
    MANCALA_PUSH_ORIGINS: d.pushOrigins ?? "",
    MANCALA_PUSH_SUBJECT: d.pushSubject ?? "",
  }[name];
  return String(v);
}

function main(argv: readonly string[]): void {
  const args = parseArgs(argv);
  const stage = args.get("stage") ?? fail("usage: npm run -s settings -- --stage STAGE [MANCALA_NAME=value ...]");
  const changes: SavedSettings = {};
  for (const a of argv.filter((x) => !x.startsWith("--") && x.includes("="))) {
    const [name, ...rest] = a.split("=");
    if (!(SETTING_NAMES as readonly string[]).includes(name))
      fail(`unknown setting ${name} (known: ${SETTING_NAMES.join(", ")})`);
    changes[name as SettingName] = rest.join("=");
  }
  try {
    if (Object.keys(changes).length > 0) saveSettings(stage, changes);
    checkDeployable(stage, stageSettings(stage)); // the same checks the deploy makes
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
  const saved = loadSavedSettings(stage);
  process.stdout.write(`settings of stage ${stage} (${settingsFile(stage)}):\n`);
  for (const name of SETTING_NAMES) {
    const env = process.env[name];
    const [value, from] =
      env !== undefined && env !== ""
        ? [env, "environment (this deploy only)"]
        : saved[name] !== undefined
          ? [saved[name], "saved"]
          : [defaultOf(name, stage), "default"];
    process.stdout.write(`${name}=${value}  # ${from}\n`);
  }
}

main(process.argv.slice(2));
