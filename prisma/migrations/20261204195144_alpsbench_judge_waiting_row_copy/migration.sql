-- AlpsBench's own columns leave the platform's tables (issue 37): an upload waiting for a judge and the copy check's
-- finding move into AlpsBench's 1:1 tables, their values copied before the columns go.

-- CreateTable
CREATE TABLE "JudgeWaiting" (
    "submissionId" TEXT NOT NULL,

    CONSTRAINT "JudgeWaiting_pkey" PRIMARY KEY ("submissionId")
);

-- CreateTable
CREATE TABLE "RowCopy" (
    "submissionId" TEXT NOT NULL,
    "figures" JSONB NOT NULL,

    CONSTRAINT "RowCopy_pkey" PRIMARY KEY ("submissionId")
);

-- AddForeignKey
ALTER TABLE "JudgeWaiting" ADD CONSTRAINT "JudgeWaiting_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RowCopy" ADD CONSTRAINT "RowCopy_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- the existing values, so a database migrated in place keeps what its pages show: a row per waiting upload, a row
-- per copy (a JSON null was never written for "not a copy", but is left out like SQL NULL all the same)
INSERT INTO "JudgeWaiting" ("submissionId")
SELECT "id" FROM "Submission" WHERE "judgeWaiting";

INSERT INTO "RowCopy" ("submissionId", "figures")
SELECT "id", "copyOf" FROM "Submission" WHERE "copyOf" IS NOT NULL AND jsonb_typeof("copyOf") <> 'null';

-- Both are public (a copy's row leaves the ranking with its reason; the Task 4 board counts the uploads waiting for a
-- judge): a write invalidates the memoised read models and the page cache, as the Contamination table's does.
CREATE TRIGGER "JudgeWaiting_bump_leaderboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "JudgeWaiting"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();
CREATE TRIGGER "RowCopy_bump_leaderboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "RowCopy"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();

-- AlterTable
ALTER TABLE "Submission" DROP COLUMN "copyOf",
DROP COLUMN "judgeWaiting";
