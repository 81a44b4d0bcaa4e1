/**
 * A WebSocket test client for the local server: queues what arrives, waits for a message matching a
 * predicate (with a timeout naming what it waited for), and sends requests with a request id.
 * Used by the integration tests only.
 */
import { WebSocket } from "ws";

export type Msg = Record<string, unknown> & { type: string };

export class Client {
  private readonly queue: Msg[] = [];
  private readonly waiters: { pred: (m: Msg) => boolean; resolve: (m: Msg) => void }[] = [];
  closed = false;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const m = JSON.parse(String(data)) as Msg;
      const i = this.waiters.findIndex((w) => w.pred(m));
      if (i >= 0) this.waiters.splice(i, 1)[0].resolve(m);
      else this.queue.push(m);
    });
    ws.on("close", () => (this.closed = true));
  }

  static open(url: string): Promise<Client> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once("open", () => resolve(new Client(ws)));
      ws.once("error", reject);
    });
  }

  send(m: object): void {
    this.ws.send(JSON.stringify(m));
  }

  /** The first message (queued or future) that matches; removes it from the queue. */
  next(pred: (m: Msg) => boolean, timeoutMs = 5_000, what = "a message"): Promise<Msg> {
    const i = this.queue.findIndex(pred);
    if (i >= 0) return Promise.resolve(this.queue.splice(i, 1)[0]);
    return new Promise((resolve, reject) => {
      const w = { pred, resolve: (m: Msg) => (clearTimeout(timer), resolve(m)) };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        reject(
          new Error(
            `timed out waiting for ${what}; queued: ${JSON.stringify(this.queue.map((m) => [m.type, m.code]))}`,
          ),
        );
      }, timeoutMs);
      this.waiters.push(w);
    });
  }

  type(type: string, timeoutMs?: number): Promise<Msg> {
    return this.next((m) => m.type === type, timeoutMs, type);
  }

  /** Sends with a request id and waits for the reply carrying it. */
  async request(m: Msg, timeoutMs?: number): Promise<Msg> {
    const rid = `r${Math.random().toString(36).slice(2, 10)}`;
    this.send({ ...m, rid });
    return this.next((x) => x.rid === rid, timeoutMs, `reply to ${m.type}`);
  }

  drain(): Msg[] {
    return this.queue.splice(0);
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once("close", () => resolve());
      this.ws.close();
    });
  }
}
