/**
 * Identity: a device key pair proves its player id by signing a fresh challenge on each connection
 * (core/identity.ts). The challenge and then the proven id live on the connection item, so every
 * later message of the connection knows its player from the item the router already read.
 */
import { makeChallenge, parsePlayerId, verifyChallenge } from "../../core/identity.js";
import { err, ok, type Result } from "../../core/types.js";
import type { RankedErrorCode } from "../../core/protocol/ranked.js";
import type { IdentityStore, Profile, RankedConnAuth } from "./store.js";

export interface IdentityError {
  readonly code: RankedErrorCode;
  readonly message: string;
}

const MAX_RETRIES = 8;

/** Issues a challenge for `playerIdRaw` on this connection. */
export async function hello(
  store: IdentityStore,
  connId: string,
  playerIdRaw: string,
  now: number,
  ttlMs: number,
): Promise<Result<string, IdentityError>> {
  const id = parsePlayerId(playerIdRaw);
  if (!id.ok) return err(id.error);
  const challenge = makeChallenge();
  await store.putAuth(connId, { playerId: null, challenge, challengeFor: id.value, challengeExp: now + ttlMs });
  return ok(challenge);
}

/**
 * Checks the signature of the pending challenge (used up whatever the outcome) and records the
 * proven player on the connection; creates the profile on a first visit.
 */
export async function prove(
  store: IdentityStore,
  connId: string,
  auth: RankedConnAuth | null,
  signature: string,
  now: number,
  /** Asked before a first sign-in creates a profile: false refuses it (too many new identities). */
  mayCreate: () => Promise<boolean> = async () => true,
): Promise<Result<Profile, IdentityError>> {
  if (auth === null || auth.challenge === null || auth.challengeFor === null) {
    return err({ code: "auth/no_challenge", message: "send auth.hello first" });
  }
  const v = verifyChallenge(auth.challengeFor, auth.challenge, signature);
  if (!v.ok) {
    await store.putAuth(connId, { ...auth, challenge: null, challengeFor: null, challengeExp: 0 });
    return err(v.error);
  }
  const playerId = v.value;
  const known = (await store.getProfile(playerId)) !== null;
  if (!known && !(await mayCreate())) {
    await store.putAuth(connId, { ...auth, challenge: null, challengeFor: null, challengeExp: 0 });
    return err({ code: "rate/limited", message: "too many new identities from this network; try again later" });
  }
  await store.putAuth(connId, { playerId, challenge: null, challengeFor: null, challengeExp: 0 });
  if (!known) {
    await store.putProfile(
      {
        playerId,
        name: null,
        skeleton: null,
        wanted: null,
        ratedAt: null,
        createdAt: now,
        activeMatch: null,
        connId,
        rev: 0,
      },
      null,
    );
  }
  const profile = await updateProfile(store, playerId, (p) => (p.connId === connId ? null : { ...p, connId }));
  if (profile === null) throw new Error(`profile ${playerId} missing after creation`);
  return ok(profile);
}

/** Read-modify-write of a profile on its `rev`; `f` returning null leaves it as it is. */
export async function updateProfile(
  store: IdentityStore,
  playerId: string,
  f: (p: Profile) => Profile | null,
): Promise<Profile | null> {
  for (let i = 0; i < MAX_RETRIES; i++) {
    const cur = await store.getProfile(playerId);
    if (cur === null) return null;
    const next = f(cur);
    if (next === null) return cur;
    if (await store.putProfile({ ...next, rev: cur.rev + 1 }, cur.rev)) return { ...next, rev: cur.rev + 1 };
  }
  throw new Error(`profile ${playerId} kept changing`);
}
