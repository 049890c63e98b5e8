import { describe, expect, it } from "vitest";
import { groupRuns } from "./group-runs";

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
const row = (id: string, tracks: string[], runId: string | null, status = "done", minute = 0) => ({
  id,
  systemName: "Sys",
  benchmarkSlug: "demo",
  tracks,
  split: "dev",
  status,
  visibility: "public" as const,
  hidden: false,
  createdAt: at(minute),
  runId,
});

describe("groupRuns: the account page lists a run once", () => {
  it("a run's submissions become one entry with its tracks in benchmark order and a status count; single uploads stay rows", () => {
    const rows = [
      row("a", ["task4/ability1"], "run1", "queued", 5),
      row("b", ["task1"], null, "done", 4),
      row("c", ["task3/d100"], "run1", "done", 3),
      row("d", ["task1"], "run1", "done", 2),
    ];
    const entries = groupRuns(rows);
    expect(entries.map((e) => e.kind)).toEqual(["run", "submission"]);
    const run = entries[0]!;
    if (run.kind !== "run") throw new Error("expected a run");
    expect(run.runId).toBe("run1");
    expect(run.tracks).toEqual(["task1", "task3/d100", "task4/ability1"]);
    expect(run.status).toBe("3 tracks: 2 done, 1 queued");
    expect(run.createdAt).toEqual(at(2));
  });
});
