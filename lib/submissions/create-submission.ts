import { dataVersionOf } from "@/lib/benchmarks";
import { resolveBenchmarkName } from "@/lib/benchmarks/resolve-benchmark-name";
import type { Benchmark as BenchmarkDeclaration } from "@/lib/benchmarks/types";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import type { Db, Tx } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { scoreVersionFor } from "./score-version-for";
// Only the enqueue side: the worker (and its judge and file reading) must stay out of the web bundle.
import { enqueueScoring } from "@/lib/queue/enqueue";
import { prismaExecutor } from "@/lib/queue/sql-executor";
import type {
  CreateRunResult,
  CreateSubmissionResult,
  NewRun,
  NewSubmission,
  RunSubmissionSummary,
  SkippedFile,
  SubmissionRefusal,
  UploadQuota,
  UploadValidation,
} from "./contracts";
import { drain } from "./drain";
import { withOtherBenchmarkHint } from "./other-benchmark-hint";
import { systemNameProblem } from "./system-name-check";
import { factColumns } from "@/lib/model-facts/facts";
import { systemSlugFor } from "./system-slug";
import { uploadLimitRefusal } from "./upload-limits";
import { uploadQuota } from "./upload-quota";
import { accountKeyOfUser, chargeUpload, type ChargedSubmission } from "./upload-ledger";
import type { DataVersion, PreparedFile } from "./upload-target";

/** files in one run: every track once, with room to spare for a benchmark of many tracks */
export const MAX_RUN_FILES = 48;

type Benchmark = DataVersion;
type Report = Omit<UploadValidation, "storedGzip">;

/**
 * The one path every single-file upload takes (web form, API, CLI): check the request, validate the file while it
 * streams in, then in ONE transaction enforce the one-submission-per-content rule, the name rule and then the upload
 * limits (lib/submissions/upload-limits.ts), store the file and queue its scoring job. A refused upload stores
 * nothing and does not count against the limits; a retry with the same Idempotency-Key returns the existing
 * submission; the same scored predictions as an existing non-failed submission on the track (one of the uploader's
 * own, or anyone's public one; however the file is written) are refused as a duplicate.
 */
export async function createSubmission(db: Db, input: NewSubmission): Promise<CreateSubmissionResult> {
  // Every benchmark takes the same path; only the track's meaning and the file's validation are the benchmark's
  // (its `upload` capability, lib/benchmarks/hosted-capabilities.ts: the one-call row schema or its own `prepareFile`).
  const named = await resolveBenchmarkName(db, input.benchmark);
  if (!named.ok) return { ok: false, code: "not_found", message: named.message };
  const target = capabilitiesOf(named.benchmark).upload;
  const track = target.track(input.track, input.split);
  if (!track.ok) return track;
  const benchmark = await target.dataVersion(db, input.benchmark);
  if (!benchmark) return noDataVersion(target.benchmark, input.benchmark);

  if (input.idempotencyKey) {
    const previous = await db.submission.findUnique({
      where: { ownerId_idempotencyKey: { ownerId: input.ownerId, idempotencyKey: input.idempotencyKey } },
      select: { id: true, status: true, validationReport: true },
    });
    if (previous) {
      await drain(input.body);
      return {
        ok: true,
        id: previous.id,
        status: previous.status,
        duplicate: true,
        validation: previous.validationReport as unknown as Report,
        quota: await uploadQuota(db, input.ownerId, benchmark.id),
      };
    }
  }

  // The limits are checked once the file is read (commitFiles): an identical re-upload is answered as a
  // duplicate (409) even by a user at the limit, and a duplicate is never charged.
  const file = { track: track.id, split: input.split, fileName: input.fileName, path: input.fileName, body: input.body, budget: input.budget };
  const prepared = await target.prepare(db, benchmark, file);
  if (!prepared.ok) return withOtherBenchmarkHint(prepared, target.benchmark.id);
  const committed = await commitFiles(db, input, benchmark, [prepared.file], null);
  if (!committed.ok) return committed;
  const [created] = committed.submissions;
  return { ok: true, id: created!.id, status: created!.status, duplicate: false, validation: prepared.file.report, quota: committed.quota };
}

/**
 * A run: many prediction files (one per track, and split) uploaded together. Every file is validated before
 * anything is stored; one refused file refuses the run (the answer names the file, and the problems carry line and
 * field). Then ONE transaction checks the duplicates of all files, then the limits (the run counts as one upload),
 * and creates the run, its submissions and their scoring jobs: all of them or none.
 */
export async function createRun(db: Db, input: NewRun): Promise<CreateRunResult> {
  const named = await resolveBenchmarkName(db, input.benchmark);
  if (!named.ok) {
    for await (const file of input.files) await drain(file.body);
    return { ok: false, code: "not_found", message: named.message };
  }
  const target = capabilitiesOf(named.benchmark).upload;
  const { runs } = target;
  if (!runs) {
    for await (const file of input.files) await drain(file.body);
    const tracks = target.benchmark.tracks.map((t) => t.id).join(" or ");
    return {
      ok: false,
      code: "bad_request",
      message: `${target.benchmark.title} takes one file per upload: give task (${tracks}) with the file (nothing was stored).`,
    };
  }
  const benchmark = await target.dataVersion(db, input.benchmark);
  if (!benchmark) return noDataVersion(target.benchmark, input.benchmark);
  if (input.idempotencyKey) {
    const previous = await db.submission.findUnique({
      where: { ownerId_idempotencyKey: { ownerId: input.ownerId, idempotencyKey: input.idempotencyKey } },
      select: { runId: true },
    });
    if (previous?.runId) {
      for await (const file of input.files) await drain(file.body);
      return {
        ok: true,
        runId: previous.runId,
        duplicate: true,
        submissions: await runSubmissions(db, previous.runId),
        ignored: [],
        skipped: [],
        quota: await uploadQuota(db, input.ownerId, benchmark.id),
      };
    }
  }
  const files: PreparedFile[] = [];
  const ignored: string[] = [];
  const placeOf = new Map<string, string>();
  for await (const file of input.files) {
    const refusal = (message: string): SubmissionRefusal => ({ ok: false, code: "bad_request", message: `${file.path}: ${message}`, file: file.path });
    const place = runs.runFile(file.path);
    if (place.kind === "ignored") {
      ignored.push(file.path);
      await drain(file.body);
      continue;
    }
    if (place.kind === "refused") return refusal(place.message);
    const split = place.split ?? input.split;
    // A split folder names its file's split. It contradicts the upload's split only when it would spend a test
    // answer the uploader did not choose (the form's default is dev): a test folder under a dev or validation
    // upload is refused; a dev or validation folder under another choice is read as its folder says.
    if (place.split === "test" && input.splitGiven && input.split !== "test") {
      return refusal(
        `its folder says the test split, a test upload, and the upload says ${input.split}: choose the test split to spend a test answer on it, or leave the file out (nothing was stored).`,
      );
    }
    // One file per track, whatever its split: two files of one track would be two answers on its hidden
    // instances for one counted upload (a test and a full file hold the same test rows).
    const other = placeOf.get(place.track);
    if (other) {
      for await (const rest of input.files) await drain(rest.body);
      return {
        ok: false,
        code: "invalid_file",
        file: file.path,
        message: `${other} and ${file.path} are both ${place.track} files; a run holds each track once: keep one of them and upload again (nothing was stored).`,
      };
    }
    placeOf.set(place.track, file.path);
    if (placeOf.size > MAX_RUN_FILES) return refusal(`a run holds at most ${MAX_RUN_FILES} prediction files (nothing was stored).`);
    const prepared = await target.prepare(db, benchmark, {
      track: place.track,
      split,
      fileName: file.path.split("/").at(-1) ?? file.path,
      path: file.path,
      body: file.body,
      budget: input.budget,
    });
    if (!prepared.ok)
      return withOtherBenchmarkHint({ ...prepared, file: file.path, message: `${file.path} (${place.track}): ${prepared.message}` }, target.benchmark.id);
    files.push(prepared.file);
  }
  if (files.length === 0) {
    // A prediction file in no track's folder, in an upload without `task`: most often one file sent without its task.
    const unplaced = ignored.filter((path) => runs.sendsRunFile(path));
    if (unplaced.length > 0) {
      return {
        ok: false,
        code: "bad_request",
        message: `The upload gives no task, so it was read as a run, and ${unplaced.slice(0, 5).join(", ")} ${unplaced.length === 1 ? "is" : "are"} in no track's folder: to upload one prediction file, give its task (the "task" field, --task in the CLI; one of ${runs.knownTracks}); a run is <track>/predictions.jsonl files such as ${runs.runFileExamples} (nothing was stored).`,
      };
    }
    return {
      ok: false,
      code: "bad_request",
      message: `The upload holds no prediction file${ignored.length > 0 ? ` (ignored: ${ignored.slice(0, 5).join(", ")})` : ""}; a run is <track>/predictions.jsonl files such as ${runs.runFileExamples}.`,
    };
  }
  const committed = await commitFiles(db, input, benchmark, files, { fileName: input.fileName });
  if (!committed.ok) return committed;
  return { ok: true, runId: committed.runId!, duplicate: false, submissions: committed.submissions, ignored, skipped: committed.skipped, quota: committed.quota };
}

/** The refusal for a data version this server does not have, naming the one the upload's field resolved to. */
function noDataVersion(hosted: BenchmarkDeclaration, slug: string | undefined): SubmissionRefusal {
  const named = dataVersionOf(slug ?? hosted.id);
  return { ok: false, code: "not_found", message: `benchmark: "${named}" does not exist${slug === undefined || named === slug ? "" : ` (what "${slug}" names)`}.` };
}

type Committed = { ok: true; runId: string | null; submissions: RunSubmissionSummary[]; skipped: SkippedFile[]; quota: UploadQuota } | SubmissionRefusal;

/**
 * ONE transaction for every file of an upload: the daily limits (serialised per user), the duplicate rule
 * (serialised per content, so parallel uploads of one file make exactly one submission), the system, the run, the
 * submissions and their jobs.
 */
async function commitFiles(
  db: Db,
  input: Pick<NewSubmission, "ownerId" | "system" | "visibility" | "idempotencyKey" | "publishPredictions">,
  benchmark: Benchmark,
  prepared: PreparedFile[],
  run: { fileName: string } | null,
): Promise<Committed> {
  let files = prepared;
  return db.$transaction(
    async (tx): Promise<Committed> => {
      // Serialise one mailbox's concurrent uploads (all its accounts: the limits are counted per normalised
      // address, upload-ledger.ts) so two requests cannot both pass the limit check.
      const accountKey = await accountKeyOfUser(tx, input.ownerId);
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`submissions:${accountKey}`}))`;
      // Serialise uploads of the same content on the same track, whoever makes them: the second one, once the
      // first commits, finds it below. Locks are taken in one order (sorted), so two runs cannot deadlock.
      const contentKeys = [...new Set(files.map((f) => `content:${benchmark.id}:${f.track}:${f.contentSha256}`))].sort();
      for (const key of contentKeys) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))`;

      // Duplicates first: the same predictions are answered 409 whatever the limits, and charge nothing. In a run a
      // duplicate file is skipped (the answer links the earlier submission) and the others are stored; only a run
      // of nothing but duplicates, or a single file, is refused.
      const skipped: SkippedFile[] = [];
      const kept: PreparedFile[] = [];
      let firstDuplicate: SubmissionRefusal | null = null;
      for (const file of files) {
        const duplicate = await duplicateOf(tx, input.ownerId, benchmark.id, file);
        if (duplicate && !run) return duplicate;
        if (!duplicate) {
          kept.push(file);
          continue;
        }
        firstDuplicate ??= duplicate;
        skipped.push({
          file: file.path,
          task: file.track,
          existing: duplicate.existing!,
          reason: duplicate.message.replace(/ \(nothing was stored\)\.$/, ": skipped."),
        });
      }
      if (kept.length === 0 && firstDuplicate) {
        if (skipped.length === 1) return firstDuplicate;
        const listed = skipped.map((s) => `${s.file} (${s.existing.url})`).join(", ");
        return { ...firstDuplicate, message: `Every file of the run holds predictions that are already scored: ${listed}; nothing was stored.` };
      }
      files = kept;
      // after the duplicate rule: a copy under the original's name is told it is a copy (with the link)
      const named = await systemNameProblem(tx, input.ownerId, input.system);
      if (named) return { ok: false, ...named };

      // One upload (a run counts once) against the daily, per-track and test-split limits (upload-limits.ts).
      const over = await uploadLimitRefusal(tx, input.ownerId, {
        tracks: files.map((f) => f.track),
        testTracks: files.filter(touchesTest).map((f) => f.track),
        benchmarkVersionId: benchmark.id,
      });
      if (over) return { ok: false, code: "limit_reached", message: over.message, nextAllowedAt: over.nextAllowedAt?.toISOString() ?? null };

      const slug = await systemSlugFor(tx, input.system.name, input.ownerId);
      const systemFields = {
        name: input.system.name,
        organisation: input.system.organisation ?? null,
        kind: input.system.kind,
        backbone: input.system.backbone ?? null,
        paperUrl: input.system.paperUrl ?? null,
        codeUrl: input.system.codeUrl ?? null,
        openWeights: input.system.openWeights ?? null,
        description: input.system.description ?? null,
        ...factColumns(input.system.facts ?? {}),
      };
      // an admin verified the organisation the system had; another one is a new claim (organisation-label.ts)
      const before = await tx.system.findUnique({ where: { slug }, select: { organisation: true } });
      const reclaimed = before !== null && before.organisation !== systemFields.organisation ? { organisationVerifiedAt: null } : {};
      const system = await tx.system.upsert({
        where: { slug },
        create: { slug, ownerId: input.ownerId, ...systemFields },
        // A private upload never rewrites what the public already sees of the system (name, organisation, links).
        update: input.visibility === "private" ? {} : { ...systemFields, ...reclaimed },
        select: { id: true },
      });
      const runRow = run
        ? await tx.run.create({ data: { systemId: system.id, ownerId: input.ownerId, fileName: run.fileName.slice(0, 255) }, select: { id: true } })
        : null;
      const created: RunSubmissionSummary[] = [];
      const charged: ChargedSubmission[] = [];
      for (const [index, file] of files.entries()) {
        const scoreVersion = scoreVersionFor({ benchmark: benchmark.slug, tracks: [file.track] });
        const submission = await tx.submission.create({
          data: {
            systemId: system.id,
            benchmarkVersionId: benchmark.id,
            tracks: [file.track],
            split: file.split,
            source: "upload",
            status: "queued",
            visibility: input.visibility ?? "public",
            publishPredictions: input.publishPredictions ?? false,
            ownerId: input.ownerId,
            runId: runRow?.id ?? null,
            fileName: file.fileName.slice(0, 255),
            fileBytes: new Uint8Array(file.stored),
            fileSize: file.report.bytes,
            fileSha256: file.sha256,
            contentSha256: file.contentSha256,
            // a run's key sits on its first submission: a retry finds the run through it
            idempotencyKey: index === 0 ? (input.idempotencyKey ?? null) : null,
            scorerVersion: scoreVersion,
            validationReport: file.report as unknown as Prisma.InputJsonValue,
            costUsd: input.system.runCost?.usd ?? null,
            tokens: input.system.runCost?.tokens ?? null,
            progressTotal: file.report.coverage.expected,
          },
          select: { id: true, status: true, createdAt: true },
        });
        // The job commits with the submission: no submission without its job, no job without its submission.
        await enqueueScoring(prismaExecutor(tx), { submissionId: submission.id, scoreVersion });
        created.push({ id: submission.id, task: file.track, split: file.split, status: submission.status, file: file.path, validation: file.report });
        charged.push({ id: submission.id, at: submission.createdAt, tracks: [file.track], touchesTest: touchesTest(file) });
      }
      // the limits ledger: counted now, whatever becomes of the submissions (a run counts once)
      await chargeUpload(tx, {
        accountKey,
        ownerId: input.ownerId,
        uploadKey: runRow?.id ?? created[0]!.id,
        benchmarkVersionId: benchmark.id,
        submissions: charged,
      });
      return { ok: true, runId: runRow?.id ?? null, submissions: created, skipped, quota: await uploadQuota(tx, input.ownerId, benchmark.id) };
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

/**
 * The refusal for a file whose predictions an existing non-failed submission on its track already holds: one of
 * the uploader's own (any visibility), or a publicly visible one of anyone's. Another user's private or hidden
 * copy does not block: if it did, anyone holding a group's outputs could squat their submission with a private
 * copy nobody else can see (a 409 for ever, even after an admin hid it). When such a private copy is later made
 * public, the earlier upload keeps the place (lib/moderation/public-copies.ts).
 */
async function duplicateOf(tx: Tx, ownerId: string, benchmarkId: string, file: PreparedFile): Promise<SubmissionRefusal | null> {
  const existing = await tx.submission.findFirst({
    where: {
      benchmarkVersionId: benchmarkId,
      contentSha256: file.contentSha256,
      tracks: { has: file.track },
      status: { not: "failed" },
      OR: [{ ownerId }, { visibility: "public", hiddenAt: null }],
    },
    orderBy: { createdAt: "asc" },
    select: { id: true, ownerId: true },
  });
  if (!existing) return null;
  const url = `/submissions/${existing.id}`;
  return {
    ok: false,
    code: "duplicate",
    file: file.path,
    existing: { id: existing.id, track: file.track, url },
    message: `${file.path} holds the same ${file.track} predictions as submission ${existing.id} (${url})${existing.ownerId === ownerId ? ", one of yours" : ""}; the same predictions are scored once (nothing was stored).`,
  };
}

/** The submissions of a run, for the answer of a retried run upload. */
async function runSubmissions(db: Db, runId: string) {
  const rows = await db.submission.findMany({
    where: { runId },
    orderBy: { createdAt: "asc" },
    select: { id: true, tracks: true, split: true, status: true, fileName: true, validationReport: true },
  });
  return rows.map((row) => ({
    id: row.id,
    task: row.tracks[0] ?? "",
    split: row.split,
    status: row.status,
    file: row.fileName ?? "",
    validation: row.validationReport as unknown as Report,
  }));
}

/**
 * Whether a file publishes figures on hidden gold: as its benchmark says (a module's split with hidden gold), else on
 * the test split, or on the whole benchmark with test rows.
 */
function touchesTest(file: PreparedFile): boolean {
  if (file.onHiddenGold !== undefined) return file.onHiddenGold;
  return file.split === "test" || (file.split === "full" && (file.report.coverage.test?.covered ?? 0) > 0);
}
