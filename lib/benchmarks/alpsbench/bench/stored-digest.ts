import type { Db } from "@/lib/db/create-client";

/**
 * What an import stored for one data version, as a row count and an md5 per table: every instance, gold, pool,
 * pool memory, import record, submission, score, split score, per-instance result and contamination value. Random
 * row ids (cuids, PoolMemory serials) and timestamps are left out; rows are named by what identifies them (track +
 * benchmark id, submission id, memory key, judge profile hash), so two imports of the same files with the same pool
 * seed give the same digest whatever order or batching wrote them. Used to check that a change to
 * how the import writes leaves what it stores as it was (tests/integration/import-stored-digest.test.ts,
 * `lib/benchmarks/alpsbench/bench/import.ts --digest`).
 */
type StoredDigest = Record<string, { rows: number; md5: string }>;

/** Each table's rows as one text per row, with the key that orders them (both SQL over $1 = benchmarkVersionId). */
const TABLES: Record<string, { from: string; row: string; order: string }> = {
  Instance: {
    from: `"Instance" i WHERE i."benchmarkVersionId" = $1`,
    row: `concat_ws('|', i."trackId", i."benchmarkId", i."split"::text, coalesce(i."sessionId", '-'), i."input"::text, i."meta"::text, i."contentHash")`,
    order: `i."trackId", i."benchmarkId"`,
  },
  InstanceGold: {
    from: `"InstanceGold" g JOIN "Instance" i ON i."id" = g."instanceId" WHERE i."benchmarkVersionId" = $1`,
    row: `concat_ws('|', i."trackId", i."benchmarkId", g."gold"::text)`,
    order: `i."trackId", i."benchmarkId"`,
  },
  // memories by key, not by their serial ids (which depend on insertion order)
  InstancePool: {
    from: `"InstancePool" p JOIN "Instance" i ON i."id" = p."instanceId" WHERE i."benchmarkVersionId" = $1`,
    row: `concat_ws('|', i."trackId", i."benchmarkId", p."candidateIds",
            (SELECT string_agg(m."key", ',' ORDER BY u.ord) FROM unnest(string_to_array(NULLIF(p."memoryIds", ''), ',')) WITH ORDINALITY AS u(id, ord)
               JOIN "PoolMemory" m ON m."id" = u.id::int))`,
    order: `i."trackId", i."benchmarkId"`,
  },
  PoolMemory: {
    from: `"PoolMemory" m WHERE m."benchmarkVersionId" = $1`,
    row: `concat_ws('|', m."key", m."value", m."label")`,
    order: `m."key"`,
  },
  DatasetImport: {
    from: `"DatasetImport" d WHERE d."benchmarkVersionId" = $1`,
    row: `concat_ws('|', d."layout", d."sourcePath", d."counts"::text, d."inserted", d."updated", d."unchanged", coalesce(d."sourceFingerprint", '-'))`,
    order: `d."startedAt"`,
  },
  Submission: {
    // the seed's rows and the contamination check in AlpsBench's own tables, digested where the Submission columns used to be
    from: `"Submission" s JOIN "System" y ON y."id" = s."systemId" LEFT JOIN "SeedPredictions" sp ON sp."submissionId" = s."id"
           LEFT JOIN "Contamination" ct ON ct."submissionId" = s."id" WHERE s."benchmarkVersionId" = $1`,
    row: `concat_ws('|', s."id", y."slug", array_to_string(s."tracks", ','), s."split"::text, s."source"::text, s."status"::text, coalesce(s."scorerVersion", '-'),
            coalesce(s."note", '-'), s."progressDone", s."progressTotal", s."publishPredictions", coalesce(md5(sp."rows"), '-'),
            coalesce(nullif(ct."figures", 'null'::jsonb)::text, '-'), coalesce(ct."flagged", false))`,
    order: `s."id"`,
  },
  Score: {
    // a judge profile by its hash (its id is a cuid)
    from: `"Score" c JOIN "Submission" s ON s."id" = c."submissionId" LEFT JOIN "JudgeProfile" j ON j."id" = c."judgeProfileId" WHERE s."benchmarkVersionId" = $1`,
    row: `concat_ws('|', c."submissionId", c."trackId", c."metric", c."kind"::text, c."scoreVersion", coalesce(j."hash", '-'),
            coalesce(c."value"::text, '-'), coalesce(c."n"::text, '-'), coalesce(c."ciLow"::text, '-'), coalesce(c."ciHigh"::text, '-'))`,
    order: `c."submissionId", c."trackId", c."metric", c."scoreVersion"`,
  },
  SplitScore: {
    from: `"SplitScore" c JOIN "Submission" s ON s."id" = c."submissionId" WHERE s."benchmarkVersionId" = $1`,
    row: `concat_ws('|', c."submissionId", c."trackId", c."split"::text, c."metric", c."kind"::text, c."scoreVersion",
            coalesce(c."value"::text, '-'), coalesce(c."n"::text, '-'), coalesce(c."ciLow"::text, '-'), coalesce(c."ciHigh"::text, '-'))`,
    order: `c."submissionId", c."trackId", c."split", c."metric", c."scoreVersion"`,
  },
  InstanceResult: {
    from: `"InstanceResult" r JOIN "Instance" i ON i."id" = r."instanceId" WHERE i."benchmarkVersionId" = $1`,
    row: `concat_ws('|', r."submissionId", i."trackId", i."benchmarkId", r."scoreVersion", r."metrics"::text, coalesce(r."detail"::text, '-'))`,
    order: `r."submissionId", i."trackId", i."benchmarkId", r."scoreVersion"`,
  },
  PredictionValue: {
    from: `"PredictionValue" v JOIN "Submission" s ON s."id" = v."submissionId" WHERE s."benchmarkVersionId" = $1`,
    row: `concat_ws('|', v."submissionId", v."hash")`,
    order: `v."submissionId", v."hash"`,
  },
};

export async function storedDigest(db: Db, benchmarkVersionId: string): Promise<StoredDigest> {
  const digest: StoredDigest = {};
  for (const [table, { from, row, order }] of Object.entries(TABLES)) {
    const [result] = await db.$queryRawUnsafe<{ rows: number; md5: string | null }[]>(
      `SELECT count(*)::int AS "rows", md5(string_agg(md5(${row}), '' ORDER BY ${order})) AS "md5" FROM ${from}`,
      benchmarkVersionId,
    );
    digest[table] = { rows: result!.rows, md5: result!.md5 ?? "" };
  }
  return digest;
}
