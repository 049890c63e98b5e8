import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Command } from "commander";
import { afterEach, describe, expect, it, vi } from "vitest";
import { commandHost } from "@/scripts/cli/command-host";
import { register } from "./export-predictions";

const fixtures = path.resolve(import.meta.dirname, "../../../../tests/fixtures/datasets");
const temps: string[] = [];

/** `alpsbench export-predictions <args>` in this process. */
function exportPredictions(...args: string[]): Promise<Command> {
  const p = new Command().name("alpsbench").exitOverride();
  register(p, commandHost);
  return p.parseAsync(["export-predictions", ...args], { from: "user" });
}

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("alpsbench export-predictions", () => {
  it("writes JSONL to --out and a summary to stderr", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "export-"));
    temps.push(dir);
    const out = path.join(dir, "pred.jsonl");
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    await exportPredictions("--from", path.join(fixtures, "packets-mini"), "--task", "task1", "--model", "GPT-4.1-mini", "--out", out);
    const lines = (await readFile(out, "utf8")).trimEnd().split("\n");
    expect(lines.map((l) => (JSON.parse(l) as { benchmark_id: string }).benchmark_id)).toEqual(["sess_aaaa00000001__101", "sess_aaaa00000002__102"]);
    expect(stderr).toHaveBeenCalledWith(`exported 2 task1 prediction rows for gpt-4.1-mini_again to ${out}\n`);
  });

  it("writes JSONL to stdout without --out", async () => {
    const chunks: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      chunks.push(String(chunk));
      const callback = rest.find((r): r is () => void => typeof r === "function");
      callback?.();
      return true;
    });
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    await exportPredictions("--from", path.join(fixtures, "packets-mini"), "--task", "task1", "--model", "model-a");
    expect(chunks).toHaveLength(2);
    expect(JSON.parse(chunks[0]!)).toMatchObject({ benchmark_id: "sess_aaaa00000001__101", memory_items: [{ memory_id: "p1" }] });
  });

  it("rejects other tasks and unknown models with one clear message", async () => {
    const from = path.join(fixtures, "packets-mini");
    await expect(exportPredictions("--from", from, "--task", "task2", "--model", "model-a")).rejects.toThrow(
      "--task: the packets store model outputs for task1 only, not task2",
    );
    await expect(exportPredictions("--from", from, "--task", "task3_d300", "--model", "model-a")).rejects.toThrow(
      "--task: the packets store model outputs for task1 only, not task3/d300",
    );
    await expect(exportPredictions("--from", from, "--task", "task9", "--model", "model-a")).rejects.toThrow('--task: unknown track "task9"');
    await expect(exportPredictions("--from", from, "--task", "task1", "--model", "nope")).rejects.toThrow(
      /no outputs for model "nope"; available: gpt-4\.1-mini_again/,
    );
  });
});
