"use client";

import { useEffect, useState } from "react";
import { ChartFigure } from "@/components/charts/chart-figure";
import { GroupedBarChart } from "@/components/charts/grouped-bar-chart";
import { Heatmap } from "@/components/charts/heatmap";
import { Placeholder } from "@/components/charts/when-in-view";
import type { BenchmarkChart } from "@/lib/benchmarks/types";

type State = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; charts: BenchmarkChart[] };

/** Fetches a module view's charts (plain data the module declares) and draws them; loaded with recharts on scroll. */
export function BenchmarkChartsBody({ url }: { url: string }) {
  const [state, setState] = useState<State>({ status: "loading" });
  useEffect(() => {
    let live = true;
    fetch(url, { headers: { accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`the charts could not be loaded (HTTP ${response.status})`);
        const body = (await response.json()) as { charts: BenchmarkChart[] };
        if (live) setState({ status: "ready", charts: body.charts });
      })
      .catch((error: unknown) => {
        if (live) setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      live = false;
    };
  }, [url]);
  if (state.status === "loading") return <Placeholder height={400} />;
  if (state.status === "error")
    return (
      <p role="alert" className="text-sm text-fg-muted">
        {state.message}; the table above has every figure.
      </p>
    );
  if (state.charts.length === 0) return <p className="text-sm text-fg-muted">No charts for this view.</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {state.charts.map((chart) => (
        // heat maps take the full width: a runs × 10 models grid scrolls sideways in half of it
        <div key={chart.id} className={chart.kind === "heatmap" ? "min-w-0 lg:col-span-2" : "min-w-0"}>
          <ChartFigure id={chart.id} title={chart.title} caption={chart.caption} table={chart.table}>
            {chart.kind === "bars" ? (
              <GroupedBarChart id={chart.id} bars={chart.bars} title={chart.title} domain={chart.domain} />
            ) : (
              <Heatmap id={chart.id} data={chart.data} label={chart.title} rowHeader={chart.rowHeader} />
            )}
          </ChartFigure>
        </div>
      ))}
    </div>
  );
}
