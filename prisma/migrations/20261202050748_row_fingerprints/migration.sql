-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "copyOf" JSONB;

-- CreateTable
CREATE TABLE "RowFingerprint" (
    "submissionId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "RowFingerprint_pkey" PRIMARY KEY ("submissionId","hash")
);

-- CreateIndex
CREATE INDEX "RowFingerprint_hash_idx" ON "RowFingerprint"("hash");

-- AddForeignKey
ALTER TABLE "RowFingerprint" ADD CONSTRAINT "RowFingerprint_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;
