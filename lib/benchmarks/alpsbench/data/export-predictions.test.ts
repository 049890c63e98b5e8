import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validatePredictionRow } from "@/lib/benchmarks/alpsbench/upload/validate-row";
import { DatasetError } from "./errors";
import { exportPredictionsFromPackets, predictionsFromPacketOutputs, readPacketOutputs, resolvePacketModelName } from "./export-predictions";

const fixtures = path.resolve(import.meta.dirname, "../../../../tests/fixtures/datasets");
const realData = path.resolve(import.meta.dirname, "../../../../../shared/data/alpsbench");

describe("resolvePacketModelName", () => {
  const available = ["claude-sonnet-4-5-20250929", "deepseek-reasoner", "gpt-4.1-mini_again", "gpt-5.2", "qwen3-max"];
  it.each([
    ["gpt-5.2", "gpt-5.2"],
    ["GPT-5.2", "gpt-5.2"],
    ["GPT-4.1-mini", "gpt-4.1-mini_again"],
    ["DeepSeek-v3.2", "deepseek-reasoner"],
    ["Claude-Sonnet-4.5", "claude-sonnet-4-5-20250929"],
    ["qwen3_max_ali", "qwen3-max"],
    ["Llama-4 Maverick", null], // alias known, model absent from `available`
    ["gpt5", null],
  ] as const)("%s → %s", (requested, expected) => {
    expect(resolvePacketModelName(requested, available)).toBe(expected);
  });
});

describe("exportPredictionsFromPackets", () => {
  it("exports one row per packet in manifest order, items as stored", async () => {
    const { model, rows } = await exportPredictionsFromPackets(path.join(fixtures, "packets-mini"), "task1", "GPT-4.1-mini");
    expect(model).toBe("gpt-4.1-mini_again");
    expect(rows).toEqual([
      { benchmark_id: "sess_aaaa00000001__101", memory_items: [] },
      {
        benchmark_id: "sess_aaaa00000002__102",
        memory_items: [{ memory_id: "p1", type: "direct", label: null, value: "Dislikes horror", confidence: null, evidence_text: "" }],
      },
    ]);
  });

  it("lists the available models when the name is unknown", async () => {
    const error = await exportPredictionsFromPackets(path.join(fixtures, "packets-mini"), "task1", "gpt-5.2").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatasetError);
    expect((error as DatasetError).code).toBe("unknown_model");
    expect((error as DatasetError).message).toContain('no outputs for model "gpt-5.2"; available: gpt-4.1-mini_again (GPT-4.1-mini, gpt-4.1-mini); model-a');
  });

  it.runIf(existsSync(path.join(realData, "packets/manifest.json")))(
    "exports 2,272 valid Task 1 rows for each of the 7 real models",
    async () => {
      // the packets are read once for the seven models (as the import does), and one model's export through
      // exportPredictionsFromPackets, which reads them itself, is the same rows: reading 165 MB per model was 20 s
      const packets = await readPacketOutputs(path.join(realData, "packets"));
      const problems: string[] = [];
      for (const model of ["GPT-5.2", "gpt-4.1-mini_again", "DeepSeek-v3.2", "Gemini-3 Flash", "Llama-4 Maverick", "Claude-Sonnet-4.5", "Qwen3-max"]) {
        const { rows } = predictionsFromPacketOutputs(packets, model);
        expect(rows, model).toHaveLength(2272);
        expect(new Set(rows.map((r) => r.benchmark_id)).size).toBe(2272);
        // collected and asserted once per model: an expect() per row was most of the checks' time
        for (const row of rows) if (!validatePredictionRow("task1", row).ok) problems.push(`${model} ${row.benchmark_id}`);
      }
      expect(problems.slice(0, 20)).toEqual([]);
      expect(await exportPredictionsFromPackets(path.join(realData, "packets"), "task1", "DeepSeek-v3.2")).toEqual(
        predictionsFromPacketOutputs(packets, "DeepSeek-v3.2"),
      );
    },
    120_000,
  );
});
