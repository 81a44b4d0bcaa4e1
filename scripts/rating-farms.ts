/**
 * `npx tsx scripts/rating-farms.ts`: the rating farms of docs/ranked.md ("Farming") replayed with
 * the server's rating code; prints the farmer's rating and deviation after each run.
 */
import { FARM_RUNS } from "../functions/ratings/farms.js";

for (const r of FARM_RUNS) {
  const { rating, rd } = await r.run();
  process.stdout.write(`${Math.round(rating)}\t(RD ${Math.round(rd)})\t${r.name}\n`);
}
