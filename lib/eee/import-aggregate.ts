import { createHash } from "node:crypto";
import type { Db } from "@/lib/db/create-client";
import { OPERATOR_TRANSACTION } from "@/lib/db/operator-transaction";
import { nameProblem } from "@/lib/security/safe-text";
import { systemNameProblem } from "@/lib/submissions/system-name-check";
import { checkedScores, type CheckedScore, type ImportProblem } from "./import-checks";
import { rowFactsInput } from "./import-facts";
import type { EeeBenchmarkHook } from "./hook";
import { EeeAggregate } from "./types";

/**
 * What the operator says on the command line (`alpsbench import-eee`): the existing system the records are figures
 * of (`--system <slug>`; without it a record only ever makes a new system), and whether they are the benchmark
 * authors' reported figures (`--reported`; without it a row is a claim of the file's source, labelled so).
 */
export type ImportOptions = { system?: string; reported?: boolean };

/** A system slug from a model id ("org/model-name" -> "org-model-name"), as /systems/<slug> takes it. */
const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80) || "model";

const KINDS = new Set(["general_llm", "memory_system", "retrieval_baseline"]);

type Imported = { ok: true; submissionId: string; systemSlug: string; scores: number };
type Refused = { ok: false; problems: ImportProblem[] };

/**
 * Reads one Every Eval Ever aggregate record as a row of a benchmark's data version, trusting nothing in it:
 *  - every figure is checked (import-checks.ts: on its column's scale, n a positive integer, low <= value <= high);
 *  - the row goes to the system the operator names (`options.system`), never a reference baseline or a user's
 *    system; without one, to a new system whose slug no system holds yet, its name and organisation through the
 *    uploads' safe-text, look-alike and row-label checks;
 *  - it is stored as a claim (its evaluator relationship and source type kept, tier `claimed`) unless the operator
 *    says `reported`;
 *  - its id derives from the evaluation id: importing the same file twice changes nothing, and a record whose
 *    evaluation id is already a row of another system is refused (a re-import never moves a row).
 * Problems name the file, the record and the field; nothing of a refused record is written.
 */
export async function importAggregate(
  db: Db,
  hook: EeeBenchmarkHook,
  dataVersion: string,
  file: string,
  json: unknown,
  options: ImportOptions = {},
): Promise<Imported | Refused> {
  const parsed = EeeAggregate.safeParse(json);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => ({ file, field: i.path.join(".") || "(record)", message: i.message })) };
  }
  const record = parsed.data;
  const where = { file, record: record.evaluation_id };
  const refuse = (field: string, message: string): Refused => ({ ok: false, problems: [{ ...where, field, message }] });
  const checked = checkedScores(hook, record, where);
  if (!checked.ok) return checked;

  const model = record.model_info;
  const details = model.additional_details ?? {};
  const source = record.source_metadata;
  const sourceDetails = source.additional_details ?? {};
  const sourceName = source.source_name ?? source.source_organization_name;
  for (const [field, value] of [
    ["source_metadata.source_name", sourceName],
    ["source_metadata.additional_details.note", sourceDetails.note ?? ""],
  ] as const) {
    const bad = nameProblem(value);
    if (bad) return refuse(field, bad);
  }
  const submissionId = `eee-${createHash("sha256").update(record.evaluation_id).digest("hex").slice(0, 20)}`;
  const existing = await db.submission.findUnique({ where: { id: submissionId }, select: { system: { select: { id: true, slug: true } } } });

  // the system: the one the operator names, else a new one (a record never lands on an existing system unasked)
  const fileSlug = details.system_slug && /^[a-z0-9][a-z0-9-]{0,79}$/.test(details.system_slug) ? details.system_slug : slugOf(model.id);
  let system: { id: string; slug: string } | { create: NewSystem };
  if (options.system !== undefined) {
    const named = await db.system.findUnique({ where: { slug: options.system }, select: { id: true, slug: true, kind: true, ownerId: true } });
    if (!named) return refuse("--system", `no system "${options.system}"`);
    if (named.kind === "baseline") return refuse("--system", `"${named.slug}" is a reference baseline the server computes; no figure is attached to it`);
    if (named.ownerId !== null) return refuse("--system", `"${named.slug}" is a user's system; an import never writes to it`);
    system = named;
  } else if (existing) {
    system = existing.system;
    // the file now names another system: refused below, the row stays where it is
    if (fileSlug !== existing.system.slug) system = { id: "", slug: fileSlug };
  } else {
    if (await db.system.findUnique({ where: { slug: fileSlug }, select: { id: true } })) {
      return refuse("model_info", `a system "${fileSlug}" exists; a record is attached to an existing system only when the operator names it: --system ${fileSlug}`);
    }
    const made = await newSystem(db, model, details, fileSlug);
    if ("field" in made) return refuse(made.field, made.message);
    system = { create: made };
  }
  if (existing && "id" in system && existing.system.id !== system.id) {
    return refuse(
      "evaluation_id",
      `"${record.evaluation_id}" is already a row of "${existing.system.slug}"; a re-import never moves a row to another system ("${system.slug}"): import it with --system ${existing.system.slug}, or give the record another evaluation_id`,
    );
  }
  for (const score of checked.scores) {
    const bad = score.judge === null ? null : nameProblem(score.judge);
    if (bad) return refuse("metric_config.llm_scoring.judges.0.model_info.name", bad);
  }

  const version = await hook.ensureDataVersion(db, dataVersion);
  // judge profiles first, outside the record's transaction (each is an idempotent upsert of its own)
  const judges = new Map<string, string>();
  for (const score of checked.scores) {
    if (score.kind === "judge" && score.judge && !judges.has(score.judge)) judges.set(score.judge, await judgeProfileIdOf(db, score.judge));
  }
  const slug = await db.$transaction(async (tx) => {
    const target = "id" in system ? system : await tx.system.create({ data: system.create, select: { id: true, slug: true } });
    const fields = {
      systemId: target.id,
      benchmarkVersionId: version.id,
      tracks: [...new Set(checked.scores.map((s) => s.track))],
      split: "full" as const,
      source: "reported" as const,
      status: "done" as const,
      sourceLabel: sourceName,
      sourceUrl: sourceDetails.source_url ?? source.source_organization_url ?? null,
      note: sourceDetails.note ?? null,
      // a claim keeps who made it; the operator's `reported` makes it one of the authors' reported rows (tier.ts)
      evaluatorRelationship: options.reported ? null : source.evaluator_relationship,
      sourceType: options.reported ? null : source.source_type,
      scorerVersion: hook.reportedScoreVersion,
    };
    await tx.submission.upsert({ where: { id: submissionId }, create: { id: submissionId, ...fields }, update: fields });
    // the record's figures in one statement each way: the row is what the file says now
    await tx.score.deleteMany({ where: { submissionId, scoreVersion: hook.reportedScoreVersion } });
    await tx.score.createMany({ data: checked.scores.map((score) => scoreRow(submissionId, hook.reportedScoreVersion, score, judges)) });
    return target.slug;
  }, OPERATOR_TRANSACTION);
  return { ok: true, submissionId, systemSlug: slug, scores: checked.scores.length };
}

type NewSystem = {
  slug: string;
  name: string;
  organisation: string | null;
  kind: "general_llm" | "memory_system" | "retrieval_baseline";
  backbone: string | null;
} & ReturnType<typeof rowFactsInput>;

/** A new system from a record's model_info, its name and developer through the uploads' checks; or the problem. */
async function newSystem(
  db: Db,
  model: EeeAggregate["model_info"],
  details: Record<string, string>,
  slug: string,
): Promise<NewSystem | { field: string; message: string }> {
  for (const [field, value] of [
    ["model_info.name", model.name],
    ["model_info.developer", model.developer ?? ""],
    ["model_info.additional_details.backbone", details.backbone ?? ""],
  ] as const) {
    const bad = nameProblem(value);
    if (bad) return { field, message: bad };
  }
  const posing = await systemNameProblem(db, null, { name: model.name, organisation: model.developer ?? null });
  if (posing)
    return { field: posing.message.startsWith("organisation") ? "model_info.developer" : "model_info.name", message: posing.message.replace(/^\w+: /, "") };
  return {
    slug,
    name: model.name,
    organisation: model.developer ?? null,
    kind: (KINDS.has(details.kind ?? "") ? details.kind : "general_llm") as NewSystem["kind"],
    backbone: details.backbone ?? null,
    ...rowFactsInput(details),
  };
}

function scoreRow(submissionId: string, scoreVersion: string, score: CheckedScore, judges: ReadonlyMap<string, string>) {
  return {
    submissionId,
    trackId: score.track,
    metric: score.metric,
    scoreVersion,
    kind: score.kind,
    value: score.value,
    n: score.n,
    ciLow: score.ciLow,
    ciHigh: score.ciHigh,
    judgeProfileId: score.kind === "judge" && score.judge ? (judges.get(score.judge) ?? null) : null,
  };
}

/**
 * The judge profile a reported figure names: an existing profile of that name, else a placeholder carrying only the
 * name (a file states the judge's name, not the settings this site hashes a profile from).
 */
async function judgeProfileIdOf(db: Db, name: string): Promise<string> {
  const existing = await db.judgeProfile.findFirst({ where: { name }, select: { id: true }, orderBy: { createdAt: "asc" } });
  if (existing) return existing.id;
  const hash = `eee-import:${createHash("sha256").update(name).digest("hex").slice(0, 32)}`;
  const made = await db.judgeProfile.upsert({
    where: { hash },
    create: { hash, name, provider: "unknown", baseUrl: "", model: name, promptTemplateVersion: "unknown", temperature: 0, maxTokens: 0 },
    update: {},
    select: { id: true },
  });
  return made.id;
}
