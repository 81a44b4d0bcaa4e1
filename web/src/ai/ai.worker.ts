/// <reference lib="webworker" />
/** The computer opponent's thread: the page never freezes while it thinks. */
import type { AiJob } from "./protocol.js";
import { solve } from "./solve.js";

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (e: MessageEvent<AiJob>): void => {
  scope.postMessage(solve(e.data));
};
