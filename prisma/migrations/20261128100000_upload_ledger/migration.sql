-- CreateTable
CREATE TABLE "UploadCharge" (
    "id" TEXT NOT NULL,
    "accountKey" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "uploadKey" TEXT NOT NULL,
    "benchmarkVersionId" TEXT NOT NULL,
    "tracks" TEXT[],
    "touchesTest" BOOLEAN NOT NULL,
    "acceptedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "refundedAt" TIMESTAMPTZ(3),

    CONSTRAINT "UploadCharge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "UploadCharge_submissionId_key" ON "UploadCharge"("submissionId");

-- CreateIndex
CREATE INDEX "UploadCharge_accountKey_acceptedAt_idx" ON "UploadCharge"("accountKey", "acceptedAt");

-- The uploads that still exist start the ledger (the deleted ones are gone: they were not recorded before it).
-- accountKey as lib/auth/email-key.ts computes it: lower case, +tag dropped, Gmail dots dropped.
INSERT INTO "UploadCharge" ("id", "accountKey", "ownerId", "submissionId", "uploadKey", "benchmarkVersionId", "tracks", "touchesTest", "acceptedAt", "refundedAt")
SELECT
    'ledger_' || s."id",
    CASE
        WHEN u."email" IS NULL OR position('@' IN u."email") <= 1 THEN COALESCE('email:' || lower(trim(u."email")), 'user:' || u."id")
        ELSE 'email:' || (
            WITH parts AS (
                SELECT regexp_replace(lower(trim(u."email")), '@[^@]*$', '') AS local,
                       regexp_replace(lower(trim(u."email")), '^.*@', '') AS domain
            ), untagged AS (
                SELECT CASE WHEN position('+' IN local) > 1 THEN left(local, position('+' IN local) - 1) ELSE local END AS local, domain FROM parts
            )
            SELECT CASE WHEN domain IN ('gmail.com', 'googlemail.com') THEN replace(local, '.', '') || '@gmail.com' ELSE local || '@' || domain END
            FROM untagged
        )
    END,
    s."ownerId",
    s."id",
    COALESCE(s."runId", s."id"),
    s."benchmarkVersionId",
    s."tracks",
    s."split" = 'test' OR (s."split" = 'full' AND COALESCE((s."validationReport" #>> '{coverage,test,covered}')::numeric, 0) > 0),
    s."createdAt",
    CASE WHEN s."status" = 'failed' AND s."failureIsOurs" THEN COALESCE(s."finishedAt", s."createdAt") END
FROM "Submission" s
JOIN "User" u ON u."id" = s."ownerId"
WHERE s."source" = 'upload';
