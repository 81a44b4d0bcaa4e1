/** The client built once per run by `e2e/client.setup.ts`: serve it, never write into it. */
import { inject } from "vitest";

export function sharedClient(): string {
  return inject("clientDist");
}
