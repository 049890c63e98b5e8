import { expect, it } from "vitest";
import { metricColumn } from "./metric-column";
import type { MetricDefinition } from "./types";

const metric: MetricDefinition = { id: "m", label: "M", description: "d", direction: "higher", decimals: 2, scale: "raw", kind: "deterministic" };

it.each([
  ["deterministic", "deterministic"],
  ["judge", "judge"],
  ["reward-model", "deterministic"],
] as const)("a %s metric is a %s column, its other fields copied", (kind, columnKind) => {
  expect(metricColumn({ ...metric, kind, group: "g", detail: true })).toEqual({ ...metric, kind: columnKind, group: "g", detail: true });
  expect(metricColumn({ ...metric, kind })).not.toHaveProperty("group");
});
