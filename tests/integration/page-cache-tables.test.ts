import { afterAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { leaderboardVersion } from "@/lib/db/queries/leaderboard-version-memo";

/**
 * The anonymous page cache (lib/page-cache) keys every page by the leaderboard version (a submission page also by
 * its own Submission row), so a table that a cached page shows must bump it, or its changes would stay invisible. Every table is classified here: a new table
 * fails this test until its author decides which side it is on (and adds the trigger when it is public).
 */
const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());

/** Shown on cached pages: each has a trigger running bump_leaderboard_version. */
const BUMPS = [
  "BenchmarkVersion",
  "Contamination",
  "ImportStatus",
  "Instance",
  "JudgeProfile",
  "JudgeWaiting",
  "Score",
  "SplitScore",
  "Release",
  "RowCopy",
  "Submission",
  "System",
  "TestFigureNoise",
  "User",
  "pllm_eval_user",
  "pllm_prompt",
  "pllm_reported_run",
  "pllm_submission",
  "pllm_user_result",
];

/** Never read by a cached page (or written only together with a table that bumps), with why. */
const NOT_ON_CACHED_PAGES: Record<string, string> = {
  Track: "the track list is code (lib/tracks.ts), upserted unchanged by every seed",
  InstanceGold: "hidden gold: never on any page",
  PoolMemory: "written by the import together with Instance rows",
  InstancePool: "written by the import together with Instance rows",
  DatasetImport: "import bookkeeping, written together with Instance rows",
  Run: "upload grouping, shown on /runs/<id> (not cached)",
  InstanceResult: "per-instance results, shown on submission pages: cached only once finished, and written together with Score rows",
  PredictionValue: "the contamination index's input, never shown",
  RowFingerprint: "the copy check's input, never shown (its verdict is a RowCopy row, which bumps)",
  JudgeCall: "the judge cache",
  JudgeCalls:
    "a submission's judge call counts, shown on its status while it is judged: each write moves the Submission's lastProgressAt (its page key) in the same transaction",
  ModuleItem: "per-item rows, shown on submission pages: cached only once finished, and written together with Score rows",
  RewardScore: "the reward service's cache",
  RewardFill:
    "where a module upload's reward scores came from, shown on its status and board row: written only with its status done, in the transaction that moves the Submission row (which bumps)",
  pllm_upload:
    "PersonalLLM's synthetic mark of an upload, shown on its board row: written only with its status done, in the transaction that moves the Submission row (which bumps)",
  Account: "sign-in",
  Session: "sign-in",
  VerificationToken: "sign-in",
  ApiToken: "per-user",
  AuditLog: "admin only",
  LeaderboardVersion: "the version itself",
  RateLimit: "request counting",
  ServerSecret: "secret",
  UploadCharge: "the limits ledger, never shown",
  StoredPack: "built packs, served by their own route with ETags (not a cached page)",
  PoolSeed: "secret: the seed the Task 3 pools were drawn with, never on any page",
  SeedPredictions: "a seed run's predictions, read only by its reproducibility pack (its own route, not a cached page)",
  _prisma_migrations: "migration bookkeeping",
};

describe("every table a cached page shows bumps the leaderboard version", () => {
  test("each table is classified, and the public ones carry the trigger", async () => {
    const tables = (await db.$queryRawUnsafe<{ name: string }[]>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`)).map((t) => t.name);
    const triggered = new Set(
      (
        await db.$queryRawUnsafe<{ name: string }[]>(
          `SELECT DISTINCT c.relname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
           WHERE p.proname = 'bump_leaderboard_version' AND NOT t.tgisinternal`,
        )
      ).map((t) => t.name),
    );
    const unclassified = tables.filter((t) => !BUMPS.includes(t) && !(t in NOT_ON_CACHED_PAGES));
    expect(unclassified, "classify these tables in this test").toEqual([]);
    expect(BUMPS.filter((t) => !triggered.has(t))).toEqual([]);
  });

  test("a module table's write (a PersonalLLM prompt imported, then removed) is a new leaderboard version each time", async () => {
    const promptId = `bump-probe-${Date.now()}`;
    const before = await leaderboardVersion(db);
    await db.pllmPrompt.create({ data: { promptId, prompt: "probe", subset: "probe", candidates: [] } });
    const imported = await leaderboardVersion(db);
    expect(imported).toBeGreaterThan(before);
    await db.pllmPrompt.delete({ where: { promptId } });
    expect(await leaderboardVersion(db)).toBeGreaterThan(imported);
  });
});
