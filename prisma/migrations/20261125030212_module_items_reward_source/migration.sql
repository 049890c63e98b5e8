-- Hand-checked output of `npm run migrate:create` (scripts/migrate-create.ts): per-item rows of module uploads
-- (ModuleItem, replaced on each re-score) and the reward-service label of an upload (Submission.rewardSource).
-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "rewardSource" JSONB;

-- CreateTable
CREATE TABLE "ModuleItem" (
    "submissionId" TEXT NOT NULL,
    "itemKey" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "scoreVersion" TEXT NOT NULL,
    "figures" JSONB NOT NULL,

    CONSTRAINT "ModuleItem_pkey" PRIMARY KEY ("submissionId","itemKey")
);

-- CreateIndex
CREATE INDEX "ModuleItem_submissionId_position_idx" ON "ModuleItem"("submissionId", "position");

-- AddForeignKey
ALTER TABLE "ModuleItem" ADD CONSTRAINT "ModuleItem_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;
