/** `npm start`: the local server on `PORT` (default 3000). */
import { startServer } from "./server.js";

const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`PORT must be a port number, got ${JSON.stringify(process.env.PORT)}\n`);
  process.exit(2);
}
const server = await startServer({
  port,
  host: process.env.HOST ?? "127.0.0.1",
  dataDir: process.env.DATA_DIR,
  staticDir: process.env.STATIC_DIR,
  quiet: process.env.QUIET === "1",
});
process.stdout.write(`Mancala is running at ${server.url}\n`);
// The relay bench asks for the emulated services' counters.
process.on("SIGUSR2", () => process.stdout.write(`stats ${JSON.stringify(server.stats())}\n`));
let stopping = false;
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    if (stopping) process.exit(1);
    stopping = true;
    void server.close().then(() => process.exit(0));
  });
}
