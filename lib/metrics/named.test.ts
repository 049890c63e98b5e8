import { expect, test } from "vitest";
import { METRIC_FORMATS, namedMetric } from "./named";

test("a named metric carries the shared label, direction and format, and the benchmark's description", () => {
  expect(namedMetric("f1", { description: "Macro F1." })).toEqual({
    id: "f1",
    label: "F1",
    description: "Macro F1.",
    direction: "higher",
    decimals: 4,
    scale: "unit",
    kind: "deterministic",
  });
  expect(namedMetric("mean", { id: "mean_value", description: "Mean of the values.", decimals: 2, kind: "judge" })).toEqual({
    id: "mean_value",
    label: "Mean",
    description: "Mean of the values.",
    direction: "higher",
    decimals: 2,
    scale: METRIC_FORMATS.raw.scale,
    kind: "judge",
  });
});

test("its fields come in the order hand-written declarations use, so a board's JSON does not change with the way a column was declared", () => {
  expect(Object.keys(namedMetric("precision", { description: "" }))).toEqual(["id", "label", "description", "direction", "decimals", "scale", "kind"]);
});
