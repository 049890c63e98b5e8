"use client";

import { useState } from "react";
import { PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, Tooltip } from "recharts";
import type { AbilityProfile } from "@/lib/benchmarks/alpsbench/read/charts/ability-profile";
import { TOOLTIP_STYLE, seriesColor } from "@/components/charts/palette";

/** Small multiples past this count wait for "Show all": a page of 30 radars buries the table below. */
const DEFAULT_PROFILES = 6;

/** One small radar per system, all on the same 0–1 axes, so shapes compare at a glance. */
export function AbilityRadars({ profiles }: { profiles: AbilityProfile[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? profiles : profiles.slice(0, DEFAULT_PROFILES);
  return (
    <div>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-radar-grid="">
        {shown.map((p, i) => (
          <li
            key={p.id}
            className={`rounded-md border p-2 ${p.pinned ? "border-2 border-fg" : "border-line"}`}
            data-radar={p.label}
            data-pinned={p.pinned ? "true" : undefined}
          >
            <p className={`text-center text-sm break-words text-fg ${p.pinned ? "font-bold" : "font-medium"}`}>
              {p.label}
              {p.pinned ? <span className="ml-1 text-xs font-normal text-fg-muted">(pinned)</span> : null}
            </p>
            <div className="h-56 w-full">
              <RadarChart
                responsive
                style={{ width: "100%", height: "100%" }}
                data={p.axes}
                outerRadius="68%"
                margin={{ top: 4, right: 24, bottom: 4, left: 24 }}
                title={`${p.label}: ability profile`}
              >
                <PolarGrid stroke="var(--chart-grid)" />
                <PolarAngleAxis dataKey="axis" tick={{ fill: "var(--chart-axis)", fontSize: 10 }} />
                <PolarRadiusAxis domain={[0, 1]} tick={false} axisLine={false} tickCount={5} />
                <Radar dataKey="plotted" name={p.label} stroke={seriesColor(i)} fill={seriesColor(i)} fillOpacity={0.25} isAnimationActive={false} />
                <Tooltip
                  {...TOOLTIP_STYLE}
                  formatter={(_v, _n, item) => {
                    const raw = (item.payload as { raw: number | null }).raw;
                    return raw === null ? "no figure" : raw.toFixed(raw > 1 ? 2 : 3);
                  }}
                />
              </RadarChart>
            </div>
            {p.axes.some((a) => a.raw === null) ? (
              <p className="text-center text-xs text-fg-subtle">
                No figure for{" "}
                {p.axes
                  .filter((a) => a.raw === null)
                  .map((a) => a.axis)
                  .join(", ")}{" "}
                (drawn at 0)
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {profiles.length > DEFAULT_PROFILES ? (
        <button
          type="button"
          className="mt-3 rounded border border-line px-3 py-1 text-sm text-fg hover:bg-surface-hover"
          aria-expanded={all}
          onClick={() => setAll(!all)}
        >
          {all ? `Show the top ${DEFAULT_PROFILES}` : `Show all ${profiles.length} systems`}
        </button>
      ) : null}
    </div>
  );
}
