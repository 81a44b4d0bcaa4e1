/**
 * IAM, emulated: while a handler runs for a route of `functions/routes.ts`, every DynamoDB action and
 * every `@connections` call it makes is checked against that route's `access`, as the policy the stack
 * derives from the same entry would check it in AWS. A call the route does not list fails with an
 * `AccessDeniedException` naming the route and the action, so a new call without its permission fails
 * a local test, not a deploy.
 *
 * The check is reached through a process-wide hook (`functions/lib/localHooks.ts` adds it to every AWS
 * client it makes in local mode), so it also covers handler bundles loaded from esbuild output.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { mayCall, mayTouchKey, routeName, type Route } from "../routes.js";
import { ACCESS_GUARD, type AccessCall, type AccessGuard } from "../lib/localHooks.js";

const current = new AsyncLocalStorage<Route>();

class AccessDeniedError extends Error {
  override readonly name = "AccessDeniedException";
}

function check(call: AccessCall): void {
  const route = current.getStore();
  if (route === undefined) return;
  const name = routeName(route);
  const what =
    call.service === "dynamodb"
      ? `dynamodb:${call.action}${call.index !== undefined ? ` on index ${call.index}` : ""}`
      : call.service === "secretsmanager"
        ? `secretsmanager:${call.action} on the secret ${call.pk ?? "?"}`
        : `execute-api:ManageConnections (${call.action})`;
  const allowed =
    call.service === "dynamodb"
      ? mayCall(route, call.action, call.index)
      : call.service === "secretsmanager"
        ? call.action === "GetSecretValue" && (route.access.secrets ?? []).some((s) => s === call.pk)
        : route.access.posts;
  if (!allowed)
    throw new AccessDeniedError(`${name} may not call ${what}: functions/routes.ts lists what each route may call`);
  if (call.service === "dynamodb" && !mayTouchKey(route, call.pk, call.index)) {
    throw new AccessDeniedError(
      `${name} may not touch the item ${call.pk ?? "(no single key)"}: functions/routes.ts lists the keys it may use`,
    );
  }
}

/** Turns the check on for this process (the local server does, once). */
export function installAccessGuard(): void {
  (globalThis as Record<symbol, AccessGuard | undefined>)[ACCESS_GUARD] = check;
}

/** The same function, run as `route`: its AWS calls are checked against the route's access. */
export function asRoute<A extends unknown[], R>(
  route: Route,
  fn: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return (...args: A) => current.run(route, () => fn(...args));
}
