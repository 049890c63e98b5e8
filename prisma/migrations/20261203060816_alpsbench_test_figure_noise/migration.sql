-- AlpsBench's own column leaves the platform's tables (issue 37): the marker of an upload whose test figures were
-- published noised moves into AlpsBench's 1:1 table, its value copied before the column goes.

-- CreateTable
CREATE TABLE "TestFigureNoise" (
    "submissionId" TEXT NOT NULL,
    "steps" JSONB NOT NULL,

    CONSTRAINT "TestFigureNoise_pkey" PRIMARY KEY ("submissionId")
);

-- AddForeignKey
ALTER TABLE "TestFigureNoise" ADD CONSTRAINT "TestFigureNoise_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- the existing markers, so a database migrated in place keeps its noised marks and its exact re-scores at the next
-- worker start ({"steps": {...}} kept as its steps; the legacy marker of 20261126000502_test_figures_exact has none)
INSERT INTO "TestFigureNoise" ("submissionId", "steps")
SELECT "id", CASE WHEN jsonb_typeof("testFigureNoise"->'steps') = 'object' THEN "testFigureNoise"->'steps' ELSE '{}'::jsonb END
FROM "Submission" WHERE "testFigureNoise" IS NOT NULL AND jsonb_typeof("testFigureNoise") <> 'null';

-- The marks are public (a board's noised figure, a submission page's ≈): a write invalidates the memoised read models
-- and the page cache like the Submission column did (its page key digested the whole Submission row).
CREATE TRIGGER "TestFigureNoise_bump_leaderboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "TestFigureNoise"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();

-- AlterTable
ALTER TABLE "Submission" DROP COLUMN "testFigureNoise";
