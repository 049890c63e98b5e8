"use client";

import "@/components/charts/chart-theme.css";
import { lazy, Suspense } from "react";
import { Placeholder, WhenInView } from "@/components/charts/when-in-view";
import { SectionHeading } from "@/components/section-heading";

/*
 * A benchmark module's charts on its page, fetched when the reader scrolls to them (or asks): the charts' data
 * (PersonalLLM's per-setting bars and its runs × reward models heat map with its data tables), rendered on the
 * server and repeated in the flight payload, made its HTML 229.1 KB (78.7 KB without them, scripts/bench/README.md).
 * Now the page holds none of it; the
 * body fetches `GET /api/v1/leaderboards/<benchmark>[/<view>]?format=charts` with the page's own filters.
 */
const BenchmarkChartsBody = lazy(() => import("./benchmark-charts-body").then((m) => ({ default: m.BenchmarkChartsBody })));

export function BenchmarkCharts({ url }: { url: string }) {
  return (
    <section aria-labelledby="benchmark-charts" className="space-y-4" data-benchmark-charts>
      <SectionHeading id="benchmark-charts">Charts</SectionHeading>
      <WhenInView height={400}>
        <Suspense fallback={<Placeholder height={400} />}>
          <BenchmarkChartsBody url={url} />
        </Suspense>
      </WhenInView>
    </section>
  );
}
