/**
 * The page's handle on the computer opponent. It runs in a Web Worker, started on first use; where
 * workers are unavailable (tests in a simulated DOM) the same solver is loaded into the page.
 */
import type { AiClient, AiJob, AiReply, AiRequest } from "./protocol.js";

type Pending = { resolve: (m: number) => void; reject: (e: Error) => void };

/** The solver in the page's own thread, for places without Web Workers (tests in a simulated DOM). */
export function createInlineAi(): AiClient {
  let nextId = 1;
  const run = async (kind: AiJob["kind"], req: AiRequest): Promise<number> => {
    const { solve } = await import("./solve.js");
    const r = solve({ ...req, id: nextId++, kind });
    if (!r.ok) throw new Error(r.error);
    return r.move;
  };
  return { move: (req) => run("move", req), hint: (req) => run("hint", req), dispose: () => undefined };
}

export function createAi(): AiClient {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const settle = (r: AiReply): void => {
    const p = pending.get(r.id);
    if (p === undefined) return;
    pending.delete(r.id);
    if (r.ok) p.resolve(r.move);
    else p.reject(new Error(r.error));
  };

  const run = (kind: AiJob["kind"], req: AiRequest): Promise<number> => {
    const job: AiJob = { ...req, moves: [...req.moves], id: nextId++, kind };
    return new Promise<number>((resolve, reject) => {
      pending.set(job.id, { resolve, reject });
      if (typeof Worker === "undefined") {
        createInlineAi()[kind](req).then(resolve, reject);
        pending.delete(job.id);
        return;
      }
      if (worker === null) {
        worker = new Worker(new URL("./ai.worker.ts", import.meta.url), { type: "module" });
        worker.onmessage = (e: MessageEvent<AiReply>) => settle(e.data);
        worker.onerror = (e) => {
          for (const [id] of pending) settle({ id, ok: false, error: e.message || "the computer player stopped" });
          worker?.terminate();
          worker = null;
        };
      }
      worker.postMessage(job);
    });
  };

  return {
    move: (req) => run("move", req),
    hint: (req) => run("hint", req),
    dispose() {
      worker?.terminate();
      worker = null;
      for (const [id] of pending) settle({ id, ok: false, error: "stopped" });
    },
  };
}
