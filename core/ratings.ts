/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012), on the Glicko scale.
 *
 * Every ranked game is its own rating period of one game: after a game each player is rated against
 * the opponent's rating as it was when the match started. Between games the rating deviation grows
 * back with inactivity (step 6 of the paper applied once per idle period), capped at the start value.
 *
 * Written here rather than taken from a package: the algorithm is ~60 lines, and the test checks it
 * against the paper's worked example to four decimals.
 */

const RATING_START = 1500;
export const RD_START = 350;
const VOLATILITY_START = 0.06;
/** System constant: how much volatility may change; the paper suggests 0.3..1.2. */
const TAU = 0.5;
/** A player is provisional (kept off the leaderboard) while their RD is at least this. */
export const PROVISIONAL_RD = 110;
/** Glicko ↔ Glicko-2 scale factor (173.7178 in the paper). */
const SCALE = 400 / Math.LN10;
/** One idle rating period, for RD growth between games. */
export const RATING_PERIOD_MS = 7 * 24 * 60 * 60 * 1000;
/** Convergence tolerance of the volatility iteration (step 5). */
const EPSILON = 1e-6;

export interface Rating {
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
}

/** A game's score from one player's view: 1 win, 0.5 draw, 0 loss. */
export type Score = 0 | 0.5 | 1;

export interface GameResult {
  readonly opponent: Rating;
  readonly score: Score;
}

export function initialRating(): Rating {
  return { rating: RATING_START, rd: RD_START, vol: VOLATILITY_START };
}

export function isProvisional(r: Pick<Rating, "rd">): boolean {
  return r.rd >= PROVISIONAL_RD;
}

function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

function expected(mu: number, muJ: number, phiJ: number): number {
  return 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));
}

/** Step 5: the new volatility, by the Illinois variant of regula falsi. */
function newVolatility(phi: number, sigma: number, delta: number, v: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; i < 100 && Math.abs(B - A) > EPSILON; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/**
 * Rates one player over one rating period. With no games, only the deviation grows (step 6).
 * Pure; the paper's steps 2–8.
 */
export function rate(player: Rating, results: readonly GameResult[], tau: number = TAU): Rating {
  const mu = (player.rating - RATING_START) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.vol;
  if (results.length === 0) {
    return { rating: player.rating, rd: Math.min(RD_START, Math.sqrt(phi * phi + sigma * sigma) * SCALE), vol: sigma };
  }
  let vInv = 0;
  let deltaSum = 0;
  for (const r of results) {
    const muJ = (r.opponent.rating - RATING_START) / SCALE;
    const phiJ = r.opponent.rd / SCALE;
    const gJ = g(phiJ);
    const E = expected(mu, muJ, phiJ);
    vInv += gJ * gJ * E * (1 - E);
    deltaSum += gJ * (r.score - E);
  }
  const v = 1 / vInv;
  const delta = v * deltaSum;
  const sigmaNew = newVolatility(phi, sigma, delta, v, tau);
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * deltaSum;
  return { rating: muNew * SCALE + RATING_START, rd: Math.min(RD_START, phiNew * SCALE), vol: sigmaNew };
}

/** The deviation after `idleMs` without games: one step-6 increase per whole idle period. */
export function ageRating(player: Rating, idleMs: number): Rating {
  const periods = Math.min(1000, Math.floor(Math.max(0, idleMs) / RATING_PERIOD_MS));
  let r = player;
  for (let i = 0; i < periods && r.rd < RD_START; i++) r = rate(r, []);
  return r;
}

/** One game between two players, each rated against the other's rating before the game. */
export function rateGame(a: Rating, b: Rating, scoreA: Score): [Rating, Rating] {
  const scoreB = (1 - scoreA) as Score;
  return [rate(a, [{ opponent: b, score: scoreA }]), rate(b, [{ opponent: a, score: scoreB }])];
}
