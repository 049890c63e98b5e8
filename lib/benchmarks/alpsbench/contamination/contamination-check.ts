import type { Db, Tx } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { addDialogueMatches, dialogueMatchCounts, NO_DIALOGUE_MATCHES, type DialogueMatchCounts } from "@/lib/benchmarks/alpsbench/contamination/dialogue-match";
import { countedSkeletons, dialogueReaches, dialogueShares, measureContamination, MIN_VALUES } from "@/lib/benchmarks/alpsbench/contamination/measure-contamination";
import { predictedSkeletons, valueHash } from "@/lib/benchmarks/alpsbench/contamination/predicted-values";
import {
  indexPublicValues,
  publicItemsByDialogue,
  publicValuesByDialogue,
  TASK2_INPUT,
  TASK3_CANDIDATE,
  type PublicValueIndex,
} from "@/lib/benchmarks/alpsbench/contamination/public-value-index";
import { structureOnlyBySplit, withStructureOnly } from "@/lib/benchmarks/alpsbench/contamination/structure-only";
import type { ContaminationFigures } from "@/lib/benchmarks/alpsbench/contamination/figures";

const memo = new Map<string, { stamp: string; index: Promise<PublicValueIndex> }>();

/** Distinct raw values of one JSON array field of a track's inputs, computed by PostgreSQL (millions of candidates). */
async function distinctInputValues(db: Db, benchmarkVersionId: string, trackPattern: string, field: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ value: string | null }[]>`
    SELECT DISTINCT elem->>'value' AS value
    FROM "Instance" i
    CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(i.input->${field}) = 'array' THEN i.input->${field} ELSE '[]'::jsonb END) AS elem
    WHERE i."benchmarkVersionId" = ${benchmarkVersionId} AND i."trackId" LIKE ${trackPattern}`;
  return rows.map((r) => r.value).filter((v): v is string => v !== null);
}

/**
 * Every value other tracks' inputs show anyone (Task 2 memory pools, Task 3 candidates at every pool size), as
 * skeletons indexed for containment. Built once per process and import (the candidates are millions of rows), then reused.
 */
export async function loadPublicValueIndex(db: Db, benchmarkVersionId: string): Promise<PublicValueIndex> {
  const latest = await db.datasetImport.aggregate({ where: { benchmarkVersionId }, _max: { finishedAt: true }, _count: true });
  const instances = await db.instance.count({ where: { benchmarkVersionId } });
  const stamp = `${latest._count}|${latest._max.finishedAt?.toISOString() ?? ""}|${instances}`;
  const cached = memo.get(benchmarkVersionId);
  if (cached && cached.stamp === stamp) return cached.index;
  const index = (async () => {
    const [task2, task3] = await Promise.all([
      distinctInputValues(db, benchmarkVersionId, "task2", "memory"),
      distinctInputValues(db, benchmarkVersionId, "task3/%", "candidate_memories"),
    ]);
    // The importer stores Task 3 candidates by reference: each distinct memory once in PoolMemory, none inline.
    const pooled = await db.poolMemory.findMany({ where: { benchmarkVersionId }, select: { value: true }, distinct: ["value"] });
    // each Task 1 row's own dialogue: Task 2's input memories of the same session (a few thousand small rows)
    // (Task 1 inputs are whole dialogues: only their ids are read)
    const [task1Rows, task2Rows] = await Promise.all([
      db.instance.findMany({ where: { benchmarkVersionId, trackId: "task1" }, select: { benchmarkId: true, sessionId: true } }),
      db.instance.findMany({ where: { benchmarkVersionId, trackId: "task2" }, select: { benchmarkId: true, sessionId: true, input: true } }),
    ]);
    const index = indexPublicValues([
      ...task2.map((value) => ({ value, source: TASK2_INPUT })),
      ...[...task3, ...pooled.map((m) => m.value)].map((value) => ({ value, source: TASK3_CANDIDATE })),
    ]);
    const linked = [...task1Rows.map((i) => ({ ...i, track: "task1" })), ...task2Rows.map((i) => ({ ...i, track: "task2" }))];
    return { ...index, dialogues: publicValuesByDialogue(linked), dialogueItems: publicItemsByDialogue(linked) };
  })();
  memo.set(benchmarkVersionId, { stamp, index });
  index.catch(() => memo.delete(benchmarkVersionId));
  return index;
}

export type ContaminationSubject = { id: string; systemId: string; benchmarkVersionId: string; createdAt: Date };

/**
 * The contamination check of a Task 1 submission, in the caller's transaction: stores its distinct predicted
 * values (hashed) so later submissions are compared with it, finds the earlier submission of another system it
 * shares most values with, and stores the figures and (uploads only) the flag on the submission. Safe to run twice.
 */
export async function recordContamination(
  tx: Tx,
  subject: ContaminationSubject,
  rows: Iterable<unknown>,
  index: PublicValueIndex,
  options: { mayFlag: boolean; splitOf?: (benchmarkId: string) => string | undefined },
): Promise<ContaminationFigures> {
  // each row's skeletons computed once: per split (each split has a board of its own), merged for the whole file
  const parts = rowsBySplit(rows, options.splitOf);
  const bySplit = new Map([...parts].map(([split, part]) => [split, predictedSkeletons(part)]));
  const predicted = mergeSkeletons(bySplit.values());
  // each row against its own dialogue's public memories, by the scorer's similarity (a reordered copy keeps it)
  const dialogues = index.dialogues;
  const dialogueBySplit = new Map(
    [...parts].map(([split, part]) => [split, dialogues ? dialogueMatchCounts(part, (id) => dialogues.get(id)) : NO_DIALOGUE_MATCHES]),
  );
  const dialogue = [...dialogueBySplit.values()].reduce(addDialogueMatches, NO_DIALOGUE_MATCHES);
  // the skeletons that count (lib/benchmarks/alpsbench/contamination/measure-contamination.ts), hashed: a later upload that
  // reproduces them under trivial edits has the same hashes
  const hashes = [...new Set(countedSkeletons(predicted, index).map(valueHash))];
  // One array parameter per 20,000 hashes (Prisma's createMany compiled every row: a second per re-scored model).
  for (let start = 0; start < hashes.length; start += 20_000) {
    await tx.$executeRaw`
      INSERT INTO "PredictionValue" ("submissionId", "hash") SELECT ${subject.id}, h FROM unnest(${hashes.slice(start, start + 20_000)}::text[]) AS h
      ON CONFLICT DO NOTHING`;
  }
  // Earlier submissions only (created before this one): the copy is flagged, never the original. Among equal
  // overlaps the earliest is named (the original, not an earlier copy of it; ids do not sort by time). Only
  // submissions the uploader could have read: public and not hidden (a private or hidden one compared here
  // would make the check an oracle on files nobody may see, and its id would be published on this one).
  const best =
    hashes.length === 0
      ? []
      : await tx.$queryRaw<{ submissionId: string; shared: number }[]>`
          SELECT pv."submissionId", count(*)::int AS shared
          FROM "PredictionValue" pv JOIN "Submission" s ON s.id = pv."submissionId"
          WHERE pv.hash = ANY(${hashes}::text[]) AND s.id <> ${subject.id} AND s."systemId" <> ${subject.systemId}
            AND s."benchmarkVersionId" = ${subject.benchmarkVersionId} AND s."createdAt" <= ${subject.createdAt}
            AND s.visibility = 'public' AND s."hiddenAt" IS NULL
          GROUP BY pv."submissionId", s."createdAt" ORDER BY shared DESC, s."createdAt" ASC, pv."submissionId" LIMIT 1`;
  const measured = withStructureOnly(
    withSplits(measureContamination(predicted, index, best[0] ?? null, dialogue), bySplit, index, dialogueBySplit),
    structureOnlyBySplit(parts, index.dialogueItems),
  );
  // The server's own runs are measured and kept as references, never flagged: the demo set's synthetic runs are
  // made from gold on purpose, and the authors' released outputs are the reference an upload must not copy.
  const figures = options.mayFlag ? measured : { ...measured, flagged: false };
  const stored = { figures: figures as unknown as Prisma.InputJsonValue, flagged: figures.flagged };
  await tx.contamination.upsert({ where: { submissionId: subject.id }, create: { submissionId: subject.id, ...stored }, update: stored });
  return figures;
}

const benchmarkIdOf = (row: unknown) =>
  typeof row === "object" && row !== null && typeof (row as { benchmark_id?: unknown }).benchmark_id === "string"
    ? (row as { benchmark_id: string }).benchmark_id
    : null;

/** The rows per split ("" for rows of no known split, or every row without `splitOf`). */
export function rowsBySplit(rows: Iterable<unknown>, splitOf?: (benchmarkId: string) => string | undefined): Map<string, unknown[]> {
  const parts = new Map<string, unknown[]>();
  for (const row of rows) {
    const id = splitOf ? benchmarkIdOf(row) : null;
    const split = (id !== null && splitOf?.(id)) || "";
    const list = parts.get(split);
    if (list) list.push(row);
    else parts.set(split, [row]);
  }
  return parts;
}

/** One file's skeletons from its splits' (a skeleton is long when it is in any split). */
function mergeSkeletons(parts: Iterable<ReadonlyMap<string, boolean>>): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const part of parts) for (const [s, long] of part) if (out.get(s) !== true) out.set(s, long);
  return out;
}

/**
 * The whole file's figures, also flagged when the rows of one split alone reach the threshold: each split has a
 * board of its own, so junk values on the dev rows must not hide a copy of the gold on the test rows (a full
 * upload diluted to 15.5 % ranked first on the test board). Pure.
 */
export function withSplits(
  whole: ContaminationFigures,
  bySplit: ReadonlyMap<string, ReadonlyMap<string, boolean>>,
  index: PublicValueIndex,
  dialogueBySplit: ReadonlyMap<string, DialogueMatchCounts> = new Map(),
): ContaminationFigures {
  if (whole.flagged) return whole;
  let worst: ContaminationFigures["split"];
  for (const [name, predicted] of bySplit) {
    if (name === "") continue;
    const figures = measureContamination(predicted, index, null);
    if (figures.values >= MIN_VALUES && figures.publicShare >= whole.threshold && (!worst || figures.publicShare > worst.publicShare))
      worst = { name, values: figures.values, publicShare: figures.publicShare };
  }
  // the same for the dialogue figures: a reordered copy on the test rows, junk on the dev rows
  for (const [name, counts] of dialogueBySplit) {
    if (worst || name === "" || !dialogueReaches(counts, whole.threshold)) continue;
    const figures = measureContamination(bySplit.get(name) ?? new Map(), index, null);
    worst = { name, values: figures.values, publicShare: figures.publicShare, ...dialogueShares(counts) };
  }
  return worst ? { ...whole, flagged: true, split: worst } : whole;
}
