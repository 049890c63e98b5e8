-- CreateEnum
CREATE TYPE "ReviewDecision" AS ENUM ('approved', 'rejected');

-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "reviewDecision" "ReviewDecision",
ADD COLUMN     "reviewNote" TEXT,
ADD COLUMN     "reviewedAt" TIMESTAMPTZ(3),
ADD COLUMN     "reviewedById" TEXT;

-- A review decision and its note are public data of an upload (its row ranks or not by them): they invalidate the
-- memoised read models like the other public columns (20261122084039_leaderboard_version).
DROP TRIGGER "Submission_update_bump_leaderboard_version" ON "Submission";
CREATE TRIGGER "Submission_update_bump_leaderboard_version"
  AFTER UPDATE OF "status", "visibility", "hiddenAt", "verifiedAt", "flaggedAt", "flagReason", "contamination", "contaminationFlagged",
    "reviewDecision", "reviewNote",
    "systemId", "benchmarkVersionId", "split", "source", "sourceLabel", "sourceUrl", "note", "tracks", "finishedAt", "ownerId" ON "Submission"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();
