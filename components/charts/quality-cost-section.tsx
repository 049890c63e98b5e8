"use client";

import "@/components/charts/chart-theme.css";
import { lazy, Suspense, useMemo } from "react";
import { qualityCostOf } from "@/lib/leaderboard/charts/quality-cost";
import type { PackedLeaderboard } from "@/lib/leaderboard/packed-board";
import { Placeholder, WhenInView } from "./when-in-view";

/*
 * The quality-versus-cost scatter under a board's table, where at least three ranked rows report a cost. Whether
 * to draw is decided here from the table's own board (no chart code); recharts and the chart load like the other
 * charts, when the reader scrolls to them or asks.
 */
const QualityCostChart = lazy(() => import("./quality-cost-chart").then((m) => ({ default: m.QualityCostChart })));

export function QualityCostSection({ board }: { board: PackedLeaderboard }) {
  const chart = useMemo(() => qualityCostOf(board), [board]);
  if (!chart) return null;
  return (
    <section aria-label="Quality versus cost" className="space-y-4" data-quality-cost>
      <WhenInView height={320}>
        <Suspense fallback={<Placeholder height={320} />}>
          <QualityCostChart chart={chart} />
        </Suspense>
      </WhenInView>
    </section>
  );
}
