-- CreateTable
CREATE TABLE "StoredPack" (
    "submissionId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,
    "builds" INTEGER NOT NULL DEFAULT 1,
    "builtAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StoredPack_pkey" PRIMARY KEY ("submissionId")
);

-- AddForeignKey
ALTER TABLE "StoredPack" ADD CONSTRAINT "StoredPack_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;
