"use client";

import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export type HistoryChartSeries = { key: string; label: string; values: (number | null)[] };

/**
 * One small line per metric across score versions (small multiples: metrics have different scales, 0–1 and
 * 0–100, so one shared axis would flatten half of them). The table beside it carries the exact numbers.
 */
export function HistoryChart({ versions, series }: { versions: string[]; series: HistoryChartSeries[] }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true" data-testid="history-chart">
      {series.map((s) => {
        const data = versions.map((version, i) => ({ version, value: s.values[i] ?? null }));
        return (
          <figure key={s.key} className="rounded-md border border-line p-2">
            <figcaption className="truncate text-xs text-fg-muted" title={s.label}>
              {s.label}
            </figcaption>
            <div className="h-28">
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                  <CartesianGrid stroke="var(--color-line)" strokeDasharray="3 3" />
                  <XAxis dataKey="version" tick={{ fontSize: 10, fill: "var(--color-fg-subtle)" }} stroke="var(--color-line-strong)" interval="preserveStartEnd" />
                  <YAxis width={40} domain={["auto", "auto"]} tick={{ fontSize: 10, fill: "var(--color-fg-subtle)" }} stroke="var(--color-line-strong)" />
                  <Tooltip
                    contentStyle={{ background: "var(--color-surface)", border: "1px solid var(--color-line)", color: "var(--color-fg)", fontSize: 12 }}
                    formatter={(value) => (typeof value === "number" ? value.toFixed(4) : String(value))}
                  />
                  <Line type="monotone" dataKey="value" stroke="var(--color-accent)" strokeWidth={2} dot={{ r: 3 }} connectNulls isAnimationActive={false} />
                </LineChart>
              </ResponsiveContainer>
            </div>
          </figure>
        );
      })}
    </div>
  );
}
