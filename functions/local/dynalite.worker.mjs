// dynalite on its own thread (see ./dynamo.ts): DynamoDB is another service in AWS, so locally its
// emulator does not share the handlers' event loop. Plain JavaScript, so that the thread starts the
// same under tsx, vitest and plain Node. Counts every request by operation into the shared array it
// is given (slot i for `ops[i]`, the last slot for any other), before dynalite answers it.
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";

const require = createRequire(import.meta.url);
const dynalite = require("dynalite");

const { path, ops, counts } = workerData;
const tally = new Int32Array(counts);
const server = dynalite({ ...(path !== null ? { path } : {}), createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
server.on("request", (req) => {
  const target = String(req.headers["x-amz-target"] ?? "");
  const i = ops.indexOf(target.slice(target.indexOf(".") + 1));
  Atomics.add(tally, i < 0 ? ops.length : i, 1);
});
server.once("error", (e) => parentPort.postMessage({ error: e instanceof Error ? e.message : String(e) }));
server.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: server.address().port }));
parentPort.on("message", (m) => {
  if (m === "close") {
    // dynalite's close also closes its LevelDB store.
    server.close(() => parentPort.postMessage({ closed: true }));
    server.closeAllConnections?.();
  }
});
