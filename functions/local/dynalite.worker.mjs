// dynalite on its own thread (see ./dynamo.ts): DynamoDB is another service in AWS, so locally its
// emulator does not share the handlers' event loop. Plain JavaScript, so that the thread starts the
// same under tsx, vitest and plain Node. Counts every request by operation into the shared array it
// is given (slot i for `ops[i]`, the last slot for any other), before dynalite answers it, and each
// item a write or read names by its key's family (the `pk` up to its `#`: `GAME`, `SEEK`, …; slots
// 2i and 2i+1 for `families[i]`'s writes and reads, the last two for any other), once its body is in.
//
// Only the server's own processes may use it: a request must come under the path `/<secret>/`
// (the secret is drawn per start and reaches the handlers in their endpoint, DYNAMO_ENDPOINT), and a
// request a web page sends (any `Origin` header, any preflight) is refused, so dynalite's own
// wildcard CORS answer is never given.
import { createRequire } from "node:module";
import { Buffer } from "node:buffer";
import { timingSafeEqual } from "node:crypto";
import process from "node:process";
import { clearTimeout, setImmediate, setTimeout } from "node:timers";
import { parentPort, workerData } from "node:worker_threads";

const require = createRequire(import.meta.url);
const dynalite = require("dynalite");

const { path, ops, counts, secret, families, familyCounts } = workerData;
const tally = new Int32Array(counts);
const familyTally = new Int32Array(familyCounts);
const WRITES = new Set(["PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems"]);
const READS = new Set(["GetItem", "Query", "BatchGetItem", "TransactGetItems"]);

/** The `pk` strings a request names: its item or key, each batch or transaction entry, a query's first value. */
function keysOf(op, body) {
  const pkOf = (x) => (typeof x?.pk?.S === "string" ? [x.pk.S] : []);
  switch (op) {
    case "PutItem":
      return pkOf(body.Item);
    case "UpdateItem":
    case "DeleteItem":
    case "GetItem":
      return pkOf(body.Key);
    case "Query": {
      const first = Object.values(body.ExpressionAttributeValues ?? {}).find((v) => typeof v?.S === "string");
      return first === undefined ? [] : [first.S];
    }
    case "BatchWriteItem":
      return Object.values(body.RequestItems ?? {}).flatMap((rs) =>
        rs.flatMap((r) => [...pkOf(r.PutRequest?.Item), ...pkOf(r.DeleteRequest?.Key)]),
      );
    case "BatchGetItem":
      return Object.values(body.RequestItems ?? {}).flatMap((r) => (r.Keys ?? []).flatMap(pkOf));
    case "TransactWriteItems":
      return (body.TransactItems ?? []).flatMap((t) => [
        ...pkOf(t.Put?.Item),
        ...pkOf(t.Update?.Key),
        ...pkOf(t.Delete?.Key),
      ]);
    case "TransactGetItems":
      return (body.TransactItems ?? []).flatMap((t) => pkOf(t.Get?.Key));
    default:
      return [];
  }
}

function tallyFamilies(op, text) {
  const write = WRITES.has(op);
  if (!write && !READS.has(op)) return;
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return;
  }
  for (const pk of keysOf(op, body)) {
    const i = families.indexOf(pk.slice(0, pk.indexOf("#")));
    Atomics.add(familyTally, 2 * (i < 0 ? families.length : i) + (write ? 0 : 1), 1);
  }
}
const server = dynalite({ ...(path !== null ? { path } : {}), createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
const answer = server.listeners("request");
server.removeAllListeners("request");
const prefix = Buffer.from(`/${secret}/`);

function admitted(req) {
  if (req.headers.origin !== undefined || req.method !== "POST") return false;
  const got = Buffer.from(String(req.url ?? "").slice(0, prefix.length));
  return got.length === prefix.length && timingSafeEqual(got, prefix);
}

// Requests being answered. A close waits for them: dynalite's own close shuts its LevelDB store once
// the sockets are gone, and a request whose socket was cut still reads the store a moment later.
let inFlight = 0;
let drained = null;

server.on("request", (req, res) => {
  inFlight += 1;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    inFlight -= 1;
    if (inFlight === 0 && drained !== null) drained();
  };
  res.once("finish", finish);
  // A socket cut before the answer: dynalite may still be reading for it (see the guard below).
  res.once("close", () => setImmediate(finish));
  if (closing) {
    req.resume();
    res.writeHead(503, { "content-type": "text/plain", connection: "close" });
    res.end("closing");
    return;
  }
  if (!admitted(req)) {
    req.resume();
    res.writeHead(403, { "content-type": "text/plain" });
    res.end("forbidden");
    return;
  }
  req.url = `/${String(req.url).slice(prefix.length)}`;
  const target = String(req.headers["x-amz-target"] ?? "");
  const op = target.slice(target.indexOf(".") + 1);
  const i = ops.indexOf(op);
  Atomics.add(tally, i < 0 ? ops.length : i, 1);
  // Read alongside dynalite (both listeners get every chunk; dynalite's are added in this same tick).
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => tallyFamilies(op, Buffer.concat(chunks).toString("utf8")));
  for (const l of answer) l.call(server, req, res);
});
server.once("error", (e) => parentPort.postMessage({ error: e instanceof Error ? e.message : String(e) }));
server.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: server.address().port }));
let closing = false;
// The one error a close may leave: a request whose socket was cut still reads the store after the
// store has closed. Nobody is waiting for its answer; anything else is a crash, as before.
process.on("uncaughtException", (e) => {
  if (closing && e?.code === "LEVEL_DATABASE_NOT_OPEN") return;
  throw e;
});
parentPort.on("message", (m) => {
  if (m !== "close" || closing) return;
  closing = true;
  // dynalite's close also closes its LevelDB store: first no new connection, then every request
  // already taken is answered (a new one on a kept-alive socket is refused with 503), then the
  // sockets go and the store closes.
  const stop = () => {
    server.close(() => parentPort.postMessage({ closed: true }));
    server.closeAllConnections?.();
  };
  if (inFlight === 0) stop();
  else {
    const bound = setTimeout(stop, 5000);
    drained = () => {
      clearTimeout(bound);
      drained = null;
      // The store's own callbacks of the last answer run before it closes.
      setImmediate(stop);
    };
  }
});
