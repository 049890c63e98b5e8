import type { LeaderboardColumn } from "@/lib/leaderboard/types";
import type { MetricDefinition } from "./types";

/**
 * A board column for a declared metric: what a benchmark's `loadView` returns per metric. The platform's columns
 * know deterministic and judge metrics; a reward-model metric is an aggregate recomputed deterministically from the
 * rewards (its description says they come from reward models), so it is drawn as a deterministic one.
 */
export function metricColumn(metric: MetricDefinition): LeaderboardColumn {
  const { id, label, description, direction, decimals, scale, kind, group, detail } = metric;
  return {
    id,
    label,
    description,
    direction,
    decimals,
    scale,
    kind: kind === "judge" ? "judge" : "deterministic",
    ...(group ? { group } : {}),
    ...(detail ? { detail } : {}),
  };
}
