import { createHash } from "node:crypto";
import type { Db } from "@/lib/db/create-client";
import { rowFactsInput } from "./import-facts";
import type { EeeBenchmarkHook } from "./hook";
import { EeeAggregate } from "./types";

export type ImportProblem = { file: string; field: string; message: string };

/** A system slug from a model id ("org/model-name" -> "org-model-name"), as /systems/<slug> takes it. */
const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80) || "model";

const KINDS = new Set(["general_llm", "memory_system", "retrieval_baseline"]);

/**
 * Reads one Every Eval Ever aggregate record as a reported row of a benchmark's data version: the system (found by
 * the slug this site exported, else made from the model id), one reported submission per record (its id derived
 * from the evaluation id, so importing the same file twice changes nothing), the source and the evaluator's
 * relationship kept, one score per result whose track and metric the benchmark knows. Problems name the file and
 * the field.
 */
export async function importAggregate(
  db: Db,
  hook: EeeBenchmarkHook,
  dataVersion: string,
  file: string,
  json: unknown,
): Promise<{ ok: true; submissionId: string; systemSlug: string; scores: number } | { ok: false; problems: ImportProblem[] }> {
  const parsed = EeeAggregate.safeParse(json);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => ({ file, field: i.path.join(".") || "(record)", message: i.message })) };
  }
  const record = parsed.data;
  const problems: ImportProblem[] = [];
  const scores = record.evaluation_results.flatMap((result, i) => {
    const extra = result.metric_config.additional_details ?? {};
    const target = extra.track && extra.metric ? { track: extra.track, metric: extra.metric } : (hook.metricOf?.(result.evaluation_name) ?? null);
    const kind = target ? hook.metricKind(target.track, target.metric) : null;
    if (!target || !kind) {
      problems.push({ file, field: `evaluation_results.${i}`, message: `"${result.evaluation_name}" is no metric of ${hook.datasetName}` });
      return [];
    }
    const ci = result.score_details.uncertainty?.confidence_interval;
    const judge = result.metric_config.llm_scoring?.judges[0]?.model_info.name ?? null;
    return [
      {
        ...target,
        kind,
        value: result.score_details.score,
        n: result.score_details.uncertainty?.num_samples ?? null,
        ciLow: ci?.lower ?? null,
        ciHigh: ci?.upper ?? null,
        judge,
      },
    ];
  });
  if (problems.length > 0) return { ok: false, problems };
  if (scores.length === 0) return { ok: false, problems: [{ file, field: "evaluation_results", message: "no result to import" }] };

  const model = record.model_info;
  const details = model.additional_details ?? {};
  const source = record.source_metadata;
  const sourceDetails = source.additional_details ?? {};
  const slug = details.system_slug && /^[a-z0-9][a-z0-9-]{0,79}$/.test(details.system_slug) ? details.system_slug : slugOf(model.id);
  const facts = rowFactsInput(details);
  const submissionId = `eee-${createHash("sha256").update(record.evaluation_id).digest("hex").slice(0, 20)}`;
  const version = await hook.ensureDataVersion(db, dataVersion);

  await db.$transaction(async (tx) => {
    const systemFields = {
      name: model.name,
      organisation: model.developer ?? null,
      kind: (KINDS.has(details.kind ?? "") ? details.kind : "general_llm") as "general_llm" | "memory_system" | "retrieval_baseline",
      backbone: details.backbone ?? null,
      ...facts,
    };
    const system = await tx.system.upsert({ where: { slug }, create: { slug, ...systemFields }, update: {}, select: { id: true } });
    const fields = {
      systemId: system.id,
      benchmarkVersionId: version.id,
      tracks: [...new Set(scores.map((s) => s.track))],
      split: "full" as const,
      source: "reported" as const,
      status: "done" as const,
      sourceLabel: source.source_name ?? source.source_organization_name,
      sourceUrl: sourceDetails.source_url ?? source.source_organization_url ?? null,
      note: sourceDetails.note ?? null,
      evaluatorRelationship: source.evaluator_relationship,
      sourceType: source.source_type,
      scorerVersion: hook.reportedScoreVersion,
    };
    await tx.submission.upsert({ where: { id: submissionId }, create: { id: submissionId, ...fields }, update: fields });
    for (const score of scores) {
      const judgeProfileId = score.kind === "judge" && score.judge ? await judgeProfileIdOf(tx, score.judge) : null;
      const values = { kind: score.kind, value: score.value, n: score.n, ciLow: score.ciLow, ciHigh: score.ciHigh, judgeProfileId };
      await tx.score.upsert({
        where: { submissionId_trackId_metric_scoreVersion: { submissionId, trackId: score.track, metric: score.metric, scoreVersion: hook.reportedScoreVersion } },
        create: { submissionId, trackId: score.track, metric: score.metric, scoreVersion: hook.reportedScoreVersion, ...values },
        update: values,
      });
    }
  });
  return { ok: true, submissionId, systemSlug: slug, scores: scores.length };
}

/**
 * The judge profile a reported figure names: an existing profile of that name, else a placeholder carrying only the
 * name (a file states the judge's name, not the settings this site hashes a profile from).
 */
async function judgeProfileIdOf(tx: Parameters<Parameters<Db["$transaction"]>[0]>[0], name: string): Promise<string> {
  const existing = await tx.judgeProfile.findFirst({ where: { name }, select: { id: true }, orderBy: { createdAt: "asc" } });
  if (existing) return existing.id;
  const hash = `eee-import:${createHash("sha256").update(name).digest("hex").slice(0, 32)}`;
  const made = await tx.judgeProfile.upsert({
    where: { hash },
    create: { hash, name, provider: "unknown", baseUrl: "", model: name, promptTemplateVersion: "unknown", temperature: 0, maxTokens: 0 },
    update: {},
    select: { id: true },
  });
  return made.id;
}
