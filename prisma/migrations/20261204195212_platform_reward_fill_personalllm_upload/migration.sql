-- Two columns only PersonalLLM's uploads filled leave Submission (issue 37), their values copied before the columns
-- go: where the reward service's scores came from moves to the platform's RewardFill (the reward service and its
-- profiles are the platform's, written by its module worker for any module whose track declares rewardTexts); whether
-- an upload was scored on synthetic evaluation data moves to PersonalLLM's own pllm_upload (the benchmark knows its
-- data's provenance and its board alone reads the mark).

-- CreateTable
CREATE TABLE "RewardFill" (
    "submissionId" TEXT NOT NULL,
    "source" JSONB NOT NULL,

    CONSTRAINT "RewardFill_pkey" PRIMARY KEY ("submissionId")
);

-- CreateTable
CREATE TABLE "pllm_upload" (
    "submissionId" TEXT NOT NULL,
    "synthetic_data" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "pllm_upload_pkey" PRIMARY KEY ("submissionId")
);

-- AddForeignKey
ALTER TABLE "RewardFill" ADD CONSTRAINT "RewardFill_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pllm_upload" ADD CONSTRAINT "pllm_upload_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- the existing values, so a database migrated in place shows what it showed: a reward source wherever one was
-- stored (SQL NULL, and a JSON null, mean every score was uploaded: no row), and the synthetic mark of every upload
-- that had it (no row reads as false)
INSERT INTO "RewardFill" ("submissionId", "source")
SELECT "id", "rewardSource" FROM "Submission" WHERE "rewardSource" IS NOT NULL AND jsonb_typeof("rewardSource") <> 'null';

INSERT INTO "pllm_upload" ("submissionId", "synthetic_data")
SELECT "id", true FROM "Submission" WHERE "syntheticData";

-- AlterTable
ALTER TABLE "Submission" DROP COLUMN "rewardSource",
DROP COLUMN "syntheticData";
