-- AlpsBench's own columns leave the platform's tables (issue 37): the LLM judge's call counts of a submission move
-- into AlpsBench's 1:1 table, their values copied before the columns go.

-- CreateTable
CREATE TABLE "JudgeCalls" (
    "submissionId" TEXT NOT NULL,
    "done" INTEGER NOT NULL DEFAULT 0,
    "cached" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "JudgeCalls_pkey" PRIMARY KEY ("submissionId")
);

-- AddForeignKey
ALTER TABLE "JudgeCalls" ADD CONSTRAINT "JudgeCalls_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- the existing counts, so a database migrated in place keeps what its status pages show (a submission the judge
-- never called has all three at zero: it gets no row, which readers show as zeros)
INSERT INTO "JudgeCalls" ("submissionId", "done", "cached", "failed")
SELECT "id", "judgeCallsDone", "judgeCallsCached", "judgeCallsFailed" FROM "Submission"
WHERE "judgeCallsDone" <> 0 OR "judgeCallsCached" <> 0 OR "judgeCallsFailed" <> 0;

-- AlterTable
ALTER TABLE "Submission" DROP COLUMN "judgeCallsCached",
DROP COLUMN "judgeCallsDone",
DROP COLUMN "judgeCallsFailed";
