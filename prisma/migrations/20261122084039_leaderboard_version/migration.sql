-- CreateTable
CREATE TABLE "LeaderboardVersion" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" BIGINT NOT NULL DEFAULT 0,
    "changedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LeaderboardVersion_pkey" PRIMARY KEY ("id")
);

-- The single row the triggers bump (not written by Prisma-generated SQL: triggers are hand-written below).
INSERT INTO "LeaderboardVersion" ("id", "version") VALUES (1, 0);

-- Statement-level, and at most once per transaction (a transaction-local setting remembers the bump): a seed
-- that upserts 700 rows one by one bumps once, not 700 times on the same row. The UPDATE becomes visible at
-- commit, together with the change itself, so a reader that reads the version before the data never caches
-- older data under a newer version.
CREATE FUNCTION "bump_leaderboard_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('alpsbench.leaderboard_bumped', true) = '1' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('alpsbench.leaderboard_bumped', '1', true);
  UPDATE "LeaderboardVersion" SET "version" = "version" + 1, "changedAt" = CURRENT_TIMESTAMP WHERE "id" = 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Score_bump_leaderboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Score"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();
CREATE TRIGGER "Submission_bump_leaderboard_version" AFTER INSERT OR DELETE OR TRUNCATE ON "Submission"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();
-- Progress updates (progressDone, lastProgressAt, judge counters) change nothing public: they do not bump.
CREATE TRIGGER "Submission_update_bump_leaderboard_version"
  AFTER UPDATE OF "status", "visibility", "hiddenAt", "verifiedAt", "systemId", "benchmarkVersionId", "split", "source",
    "sourceLabel", "sourceUrl", "note", "tracks", "finishedAt", "ownerId" ON "Submission"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();
CREATE TRIGGER "System_bump_leaderboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "System"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();
CREATE TRIGGER "JudgeProfile_bump_leaderboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "JudgeProfile"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();
CREATE TRIGGER "BenchmarkVersion_bump_leaderboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "BenchmarkVersion"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();
CREATE TRIGGER "Instance_bump_leaderboard_version" AFTER INSERT OR DELETE OR TRUNCATE ON "Instance"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();
