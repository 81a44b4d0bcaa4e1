/**
 * A player's rating after each rated game, as a line. Drawn as an SVG polyline, not with a charting
 * library: the chart is one series of at most 500 points (core/archive `RATING_POINTS_MAX`), and a
 * canvas library such as uPlot (about 50 KB minified) would add more to the page than this whole
 * screen, while an SVG scales with the page and carries its own accessible name.
 */
import { For, Show, type JSX } from "solid-js";
import type { RatingPoint } from "../../../../core/archive/archive.js";
import { t } from "../../i18n/i18n.js";
import { formatRating } from "../../i18n/numbers.js";

const W = 320;
const H = 120;
const PAD = 8;

export function RatingChart(props: { points: readonly RatingPoint[] }): JSX.Element {
  const ys = (): number[] => props.points.map((p) => p.rating);
  const lo = (): number => Math.min(...ys()) - 10;
  const hi = (): number => Math.max(...ys()) + 10;
  const x = (i: number): number =>
    props.points.length === 1 ? W / 2 : PAD + (i * (W - 2 * PAD)) / (props.points.length - 1);
  const y = (r: number): number => PAD + ((hi() - r) * (H - 2 * PAD)) / (hi() - lo());
  const line = (): string => props.points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  return (
    <Show when={props.points.length > 0} fallback={<p class="note">{t("player.noHistory")}</p>}>
      <svg
        class="rating-chart"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        data-testid="rating-chart"
        data-points={props.points.length}
        aria-label={t("player.chart", {
          first: formatRating(props.points[0].rating, false),
          last: formatRating(props.points[props.points.length - 1].rating, false),
        })}
        style={{ width: "100%", "max-width": "40rem", height: "auto" }}
      >
        <polyline points={line()} fill="none" stroke="currentColor" stroke-width="2" />
        <For each={props.points}>{(p, i) => <circle cx={x(i())} cy={y(p.rating)} r="2.5" fill="currentColor" />}</For>
      </svg>
    </Show>
  );
}
