-- AlpsBench's own columns leave the platform's tables (issue 37): the contamination check's figures and flag of a
-- Task 1 submission move into AlpsBench's 1:1 table, their values copied before the columns go.

-- CreateTable
CREATE TABLE "Contamination" (
    "submissionId" TEXT NOT NULL,
    "figures" JSONB NOT NULL,
    "flagged" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "Contamination_pkey" PRIMARY KEY ("submissionId")
);

-- AddForeignKey
ALTER TABLE "Contamination" ADD CONSTRAINT "Contamination_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- the existing checks, so a database migrated in place keeps its flags and figures (a flag stored without figures,
-- which the check never writes, keeps its flag with JSON null figures: readers show no figures, as they did)
INSERT INTO "Contamination" ("submissionId", "figures", "flagged")
SELECT "id", COALESCE("contamination", 'null'::jsonb), "contaminationFlagged" FROM "Submission"
WHERE "contamination" IS NOT NULL OR "contaminationFlagged";

-- The flag and figures are public (a flagged row leaves the ranking): a write invalidates the memoised read models
-- and the page cache as the two Submission columns did (they were in the update trigger below).
CREATE TRIGGER "Contamination_bump_leaderboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Contamination"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();
DROP TRIGGER "Submission_update_bump_leaderboard_version" ON "Submission";
CREATE TRIGGER "Submission_update_bump_leaderboard_version"
  AFTER UPDATE OF "status", "visibility", "hiddenAt", "verifiedAt", "flaggedAt", "flagReason",
    "reviewDecision", "reviewNote",
    "systemId", "benchmarkVersionId", "split", "source", "sourceLabel", "sourceUrl", "note", "tracks", "finishedAt", "ownerId" ON "Submission"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();

-- AlterTable
ALTER TABLE "Submission" DROP COLUMN "contamination",
DROP COLUMN "contaminationFlagged";
