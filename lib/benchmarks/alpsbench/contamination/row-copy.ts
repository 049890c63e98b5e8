import { createHash } from "node:crypto";
import type { Tx } from "@/lib/db/create-client";
import type { CopyOfFigures } from "./copy-figures";
import { valueSkeleton } from "./predicted-values";
import { record } from "@/lib/benchmarks/alpsbench/json-record";

/**
 * The copy check of Task 1 and Task 2 (issue 39 #7): an upload whose rows reproduce an earlier public run of another
 * system (the authors' released outputs, another upload, or a reference row such as "Copy the input") is that copy,
 * whatever it scores, and is never ranked. The duplicate rule (content-hash.ts) compares whole files, so reversing
 * each row's items, renaming the memory ids or trimming a few rows made a new submission; this compares rows.
 *
 * A row's fingerprint is its track, its benchmark id and its memory items as a sorted multiset of (type, label,
 * value skeleton): item order, memory ids, confidences and case, spaces or punctuation of values are set aside.
 * Only the upload's own non-empty rows are compared, so trimmed rows cost the copier nothing and an empty row (which
 * many runs share) proves nothing.
 *
 * COPY_SHARE: an upload is a copy when at least this share of its non-empty rows (and at least MIN_SHARED rows)
 * equal one earlier run's rows. Measured on the real data: of the 21 pairs of the seven LLMs' released Task 1
 * outputs, the most alike share 2 of 1,750 rows (0.11 %); no Task 2 gold list equals its input pool (0 of 2,272),
 * so a row equal to its input applies no update. 0.2 is far above what honest runs share and leaves a copier who
 * wants to hide a copy rewriting most rows, i.e. mostly making their own.
 */
export const COPY_SHARE = 0.2;
export const MIN_SHARED = 3;

const TRACKS = new Set(["task1", "task2"]);

/** Whether the copy check reads a track's rows. */
export const copyCheckedTrack = (track: string) => TRACKS.has(track);

/** The fingerprint of one row, and whether it predicts anything (empty rows are stored, never compared). Pure. */
export function rowFingerprint(track: string, row: unknown): { benchmarkId: string; hash: string; empty: boolean } | null {
  const r = record(row);
  if (typeof r.benchmark_id !== "string") return null;
  const items = Array.isArray(r.memory_items) ? r.memory_items : [];
  const keys = items.map((item) => {
    const i = record(item);
    return JSON.stringify([i.type ?? null, i.label ?? null, valueSkeleton(i.value)]);
  });
  keys.sort();
  const hash = createHash("sha256")
    .update(JSON.stringify([track, r.benchmark_id, keys]), "utf8")
    .digest("hex")
    .slice(0, 24);
  return { benchmarkId: r.benchmark_id, hash, empty: keys.length === 0 };
}

/** The fingerprints of a file's rows: the first row of each benchmark id (the one scored). Pure. */
export function fingerprintRows(track: string, rows: Iterable<unknown>): { all: string[]; compared: string[] } {
  const seen = new Set<string>();
  const all: string[] = [];
  const compared: string[] = [];
  for (const row of rows) {
    const f = rowFingerprint(track, row);
    if (!f || seen.has(f.benchmarkId)) continue;
    seen.add(f.benchmarkId);
    all.push(f.hash);
    if (!f.empty) compared.push(f.hash);
  }
  return { all: [...new Set(all)], compared: [...new Set(compared)] };
}

/**
 * Stores a Task 1 or Task 2 submission's row fingerprints (later uploads are compared with them) and, for an upload
 * (`mayFlag`), finds the earlier public run of another system it shares most rows with and stores it (RowCopy) when it
 * reaches COPY_SHARE. Only runs the uploader could read count (public, not hidden), as in the contamination check,
 * and only finished runs no moderator rejected and the review rule does not hold (`options.held`, the boards' held
 * ids): the copy's public reason names its source, which must never be a run the public cannot see.
 * In the caller's transaction; safe to run twice.
 */
export async function recordRowCopy(
  tx: Tx,
  subject: { id: string; systemId: string; benchmarkVersionId: string; createdAt: Date },
  track: string,
  rows: Iterable<unknown>,
  options: { mayFlag: boolean; held?: ReadonlySet<string> },
): Promise<CopyOfFigures | null> {
  const { all, compared } = fingerprintRows(track, rows);
  for (let start = 0; start < all.length; start += 20_000) {
    await tx.$executeRaw`
      INSERT INTO "RowFingerprint" ("submissionId", "hash") SELECT ${subject.id}, h FROM unnest(${all.slice(start, start + 20_000)}::text[]) AS h
      ON CONFLICT DO NOTHING`;
  }
  if (!options.mayFlag || compared.length === 0) return null;
  const best = await tx.$queryRaw<{ submissionId: string; shared: number; system: string }[]>`
    SELECT rf."submissionId", count(*)::int AS shared, sys.name AS system
    FROM "RowFingerprint" rf JOIN "Submission" s ON s.id = rf."submissionId" JOIN "System" sys ON sys.id = s."systemId"
    WHERE rf.hash = ANY(${compared}::text[]) AND s.id <> ${subject.id} AND s."systemId" <> ${subject.systemId}
      AND s."benchmarkVersionId" = ${subject.benchmarkVersionId} AND s."createdAt" <= ${subject.createdAt}
      AND s.visibility = 'public' AND s."hiddenAt" IS NULL AND s.status = 'done'
      AND s."reviewDecision" IS DISTINCT FROM 'rejected' AND s.id <> ALL(${[...(options.held ?? [])]}::text[])
    GROUP BY rf."submissionId", s."createdAt", sys.name ORDER BY shared DESC, s."createdAt" ASC, rf."submissionId" LIMIT 1`;
  const top = best[0];
  const share = top ? top.shared / compared.length : 0;
  const copy: CopyOfFigures | null =
    top && top.shared >= Math.min(MIN_SHARED, compared.length) && share >= COPY_SHARE
      ? { submissionId: top.submissionId, system: top.system, track, shared: top.shared, compared: compared.length, share }
      : null;
  if (copy === null) await tx.rowCopy.deleteMany({ where: { submissionId: subject.id } });
  else await tx.rowCopy.upsert({ where: { submissionId: subject.id }, create: { submissionId: subject.id, figures: copy }, update: { figures: copy } });
  return copy;
}
