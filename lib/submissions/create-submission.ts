import type { Db } from "@/lib/db/create-client";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { SCORER_VERSION } from "@/lib/pipeline/score-track";
import { validateUpload } from "@/lib/predictions/validate-upload";
// Only the enqueue side: the worker (and its judge and file reading) must stay out of the web bundle.
import { enqueueScoring } from "@/lib/queue/enqueue";
import { prismaExecutor } from "@/lib/queue/sql-executor";
import { TrackId } from "@/lib/tracks";
import type { CreateSubmissionResult, NewSubmission, UploadValidation } from "./contracts";
import { countsAgainstLimits } from "./limits";
import { systemSlugFor } from "./system-slug";

const MAX_REPORTED_PROBLEMS = 50;

function summary(validation: UploadValidation): Omit<UploadValidation, "storedGzip"> {
  const { storedGzip: _stored, ...rest } = validation;
  return rest;
}

/** Drains an upload we will not read (idempotent retry), so the client's request completes. */
async function drain(body: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const _chunk of body) {
    // discard
  }
}

/**
 * The one path every upload takes (web form, API, CLI): check the request, validate the file while it
 * streams in, then in ONE transaction enforce the daily limits, store the file and queue its scoring job.
 * A refused upload stores nothing and does not count against the limits; a retry with the same
 * Idempotency-Key, or the same file uploaded again by the same user, returns the existing submission.
 */
export async function createSubmission(db: Db, input: NewSubmission): Promise<CreateSubmissionResult> {
  const config = env();
  const track = TrackId.safeParse(input.track);
  if (!track.success) return { ok: false, code: "bad_request", message: `task: "${String(input.track)}" is not a track.` };
  const benchmark = await db.benchmarkVersion.findUnique({ where: { slug: input.benchmark ?? "alpsbench-v1" }, select: { id: true, slug: true } });
  if (!benchmark) return { ok: false, code: "not_found", message: `benchmark: "${input.benchmark}" does not exist.` };

  if (input.idempotencyKey) {
    const previous = await db.submission.findUnique({
      where: { ownerId_idempotencyKey: { ownerId: input.ownerId, idempotencyKey: input.idempotencyKey } },
      select: { id: true, status: true, validationReport: true },
    });
    if (previous) {
      await drain(input.body);
      return { ok: true, id: previous.id, status: previous.status, duplicate: true, validation: previous.validationReport as unknown as Omit<UploadValidation, "storedGzip"> };
    }
  }

  // Cheap refusal before reading a byte: a user over the limit is told so at once.
  const over = await overLimit(db, input.ownerId, track.data);
  if (over) {
    await drain(input.body);
    return { ok: false, code: "limit_reached", message: over };
  }

  const splitFilter = input.split === "full" ? {} : { split: input.split };
  const ids = await db.instance.findMany({ where: { benchmarkVersionId: benchmark.id, trackId: track.data, ...splitFilter }, select: { benchmarkId: true } });
  if (ids.length === 0) {
    await drain(input.body);
    return { ok: false, code: "not_found", message: `${benchmark.slug} has no ${track.data} instances${input.split === "full" ? "" : ` in the ${input.split} split`} yet.` };
  }

  const validation = await validateUpload(input.body, {
    track: track.data,
    knownIds: new Set(ids.map((i) => i.benchmarkId)),
    limits: { maxBytes: config.UPLOAD_MAX_BYTES, maxDecompressedBytes: config.UPLOAD_MAX_DECOMPRESSED_BYTES, maxProblems: MAX_REPORTED_PROBLEMS },
  });
  const report = summary(validation);
  if (!validation.ok || !validation.storedGzip || !validation.sha256) {
    const code = validation.code === "too_large" || validation.code === "decompressed_too_large" ? "too_large" : "invalid_file";
    return { ok: false, code, message: validation.fatal ?? "The file was refused.", validation: report };
  }

  const identical = await db.submission.findFirst({
    where: { ownerId: input.ownerId, fileSha256: validation.sha256, benchmarkVersionId: benchmark.id, split: input.split, tracks: { has: track.data }, source: "upload", status: { not: "failed" } },
    select: { id: true, status: true },
  });
  if (identical) return { ok: true, id: identical.id, status: identical.status, duplicate: true, validation: report };

  const stored = validation.storedGzip;
  const sha256 = validation.sha256;
  return db.$transaction(
    async (tx) => {
      // Serialise one user's concurrent uploads so two requests cannot both pass the limit check.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`submissions:${input.ownerId}`}))`;
      const overNow = await overLimit(tx, input.ownerId, track.data);
      if (overNow) return { ok: false as const, code: "limit_reached" as const, message: overNow };
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
      };
      const system = await tx.system.upsert({
        where: { slug },
        create: { slug, ownerId: input.ownerId, ...systemFields },
        // A private upload never rewrites what the public already sees of the system (name, organisation, links).
        update: input.visibility === "private" ? {} : systemFields,
        select: { id: true },
      });
      const submission = await tx.submission.create({
        data: {
          systemId: system.id,
          benchmarkVersionId: benchmark.id,
          tracks: [track.data],
          split: input.split,
          source: "upload",
          status: "queued",
          visibility: input.visibility ?? "public",
          ownerId: input.ownerId,
          fileName: input.fileName.slice(0, 255),
          fileBytes: new Uint8Array(stored),
          fileSize: validation.bytes,
          fileSha256: sha256,
          idempotencyKey: input.idempotencyKey ?? null,
          scorerVersion: SCORER_VERSION,
          validationReport: report as unknown as Prisma.InputJsonValue,
          progressTotal: report.coverage.expected,
        },
        select: { id: true, status: true },
      });
      // The job commits with the submission: no submission without its job, no job without its submission.
      await enqueueScoring(prismaExecutor(tx), { submissionId: submission.id, scoreVersion: SCORER_VERSION });
      return { ok: true as const, id: submission.id, status: submission.status, duplicate: false, validation: report };
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
}

async function overLimit(db: Pick<Db, "submission">, ownerId: string, track: string): Promise<string | null> {
  const config = env();
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const counted = { ownerId, source: "upload" as const, createdAt: { gte: since }, ...countsAgainstLimits };
  const [total, onTrack] = await Promise.all([
    db.submission.count({ where: counted }),
    db.submission.count({ where: { ...counted, tracks: { has: track } } }),
  ]);
  if (total >= config.SUBMISSIONS_PER_DAY) {
    return `You have made ${total} submissions in the last 24 hours; the limit is ${config.SUBMISSIONS_PER_DAY}. Failed uploads and failures on our side do not count.`;
  }
  if (onTrack >= config.SUBMISSIONS_PER_TRACK_PER_DAY) {
    return `You have made ${onTrack} ${track} submissions in the last 24 hours; the limit per track is ${config.SUBMISSIONS_PER_TRACK_PER_DAY}.`;
  }
  return null;
}
