/**
 * A socket for the client session's tests: opened, fed and closed by the test, every frame the
 * session sends parsed into `sent`; `reply` may answer a frame at once.
 */
import type { SocketLike } from "../transport.js";

export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closed: number | null = null;
  onopen: ((ev: never) => void) | null = null;
  onmessage: ((ev: never) => void) | null = null;
  onclose: ((ev: never) => void) | null = null;
  onerror: ((ev: never) => void) | null = null;
  constructor(readonly reply: (m: Record<string, unknown>, s: FakeSocket) => void = () => undefined) {}
  open(): void {
    this.readyState = 1;
    (this.onopen as ((e: unknown) => void) | null)?.({});
  }
  receive(m: object): void {
    (this.onmessage as ((e: { data: string }) => void) | null)?.({ data: JSON.stringify(m) });
  }
  send(data: string): void {
    const m = JSON.parse(data) as Record<string, unknown>;
    this.sent.push(m);
    this.reply(m, this);
  }
  close(code = 1000): void {
    this.closed = code;
    this.readyState = 3;
    (this.onclose as ((e: unknown) => void) | null)?.({});
  }
}
