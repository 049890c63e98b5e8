-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "flagReason" TEXT,
ADD COLUMN     "flaggedAt" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "AuditLog_createdAt_idx" ON "AuditLog"("createdAt");

-- A flag is public data of a submission (its reason shows wherever the submission does): it invalidates the
-- memoised read models like the other public columns (20261122084039_leaderboard_version).
DROP TRIGGER "Submission_update_bump_leaderboard_version" ON "Submission";
CREATE TRIGGER "Submission_update_bump_leaderboard_version"
  AFTER UPDATE OF "status", "visibility", "hiddenAt", "verifiedAt", "flaggedAt", "flagReason", "systemId", "benchmarkVersionId", "split", "source",
    "sourceLabel", "sourceUrl", "note", "tracks", "finishedAt", "ownerId" ON "Submission"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();
