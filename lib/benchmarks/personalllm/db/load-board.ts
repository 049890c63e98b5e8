import type { Db } from "@/lib/db/create-client";
import type { MetricValue, UploadedRun } from "../../types";
import { buildBoard, uploadedRun, type ScoredRun, type SettingsFilter } from "../build-board";
import { ReportedRun } from "../reported-runs";
import { PERSONALLLM_VIEWS } from "../views";
import { evaluationSetIsSynthetic, syntheticUploads } from "./synthetic-data";
import { z } from "zod";

const Metrics = z.record(z.string(), z.object({ value: z.number().nullable(), n: z.number(), ciLow: z.number().nullable(), ciHigh: z.number().nullable() }));

/**
 * A PersonalLLM view's rows from the database, through the pure buildBoard: reported runs and the runs this
 * server stored itself (pllm_* tables), plus the platform's scored public uploads handed in by the caller, each
 * marked with what pllm_upload kept of its scoring (synthetic data or not).
 */
export async function loadBoard(db: Db, viewId: string, filter: SettingsFilter, uploads: readonly UploadedRun[] = []) {
  const view = PERSONALLLM_VIEWS.find((v) => v.id === viewId);
  if (!view) return null;
  const [reported, runs, syntheticData, synthetic] = await Promise.all([
    db.pllmReportedRun.findMany({ orderBy: { id: "asc" } }),
    db.pllmSubmission.findMany({ orderBy: { createdAt: "asc" } }),
    evaluationSetIsSynthetic(db),
    syntheticUploads(
      db,
      uploads.map((u) => u.submissionId),
    ),
  ]);
  const parsed = reported.map((r) => ReportedRun.parse(r));
  const scored: ScoredRun[] = runs.map((r) => ({
    id: r.id,
    origin: r.origin === "baseline" ? "baseline" : "submission",
    track: r.track === "selection" ? "selection" : "rewards",
    name: r.name,
    organisation: r.organisation,
    setting: r.setting,
    algorithm: r.algorithm,
    shots: r.shots,
    note: null,
    metrics: Metrics.parse(r.metrics) as Record<string, MetricValue>,
    syntheticData: r.syntheticData,
  }));
  const built = buildBoard(
    view,
    {
      paper: parsed.filter((r) => r.source === "paper"),
      logged: parsed.filter((r) => r.source === "log"),
      submissions: [...scored.filter((s) => s.origin === "submission"), ...uploads.map((u) => uploadedRun(u, synthetic.has(u.submissionId)))],
      baselines: scored.filter((s) => s.origin === "baseline"),
      syntheticData,
    },
    filter,
  );
  return { ...built, syntheticData };
}
