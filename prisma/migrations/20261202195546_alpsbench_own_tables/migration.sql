-- AlpsBench's own columns leave the platform's tables (issue 37): the Task 3 pool seed of a data version and the
-- prediction rows of a server-made run move into AlpsBench's 1:1 tables, their values copied before the columns go.

-- CreateTable
CREATE TABLE "PoolSeed" (
    "benchmarkVersionId" TEXT NOT NULL,
    "seed" TEXT NOT NULL,

    CONSTRAINT "PoolSeed_pkey" PRIMARY KEY ("benchmarkVersionId")
);

-- CreateTable
CREATE TABLE "SeedPredictions" (
    "submissionId" TEXT NOT NULL,
    "rows" BYTEA NOT NULL,

    CONSTRAINT "SeedPredictions_pkey" PRIMARY KEY ("submissionId")
);

-- AddForeignKey
ALTER TABLE "PoolSeed" ADD CONSTRAINT "PoolSeed_benchmarkVersionId_fkey" FOREIGN KEY ("benchmarkVersionId") REFERENCES "BenchmarkVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SeedPredictions" ADD CONSTRAINT "SeedPredictions_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- the existing values, so a database migrated in place keeps its pools and its seeds' packs
INSERT INTO "PoolSeed" ("benchmarkVersionId", "seed") SELECT "id", "poolSeed" FROM "BenchmarkVersion" WHERE "poolSeed" IS NOT NULL;
INSERT INTO "SeedPredictions" ("submissionId", "rows") SELECT "id", "seedPredictions" FROM "Submission" WHERE "seedPredictions" IS NOT NULL;

-- AlterTable
ALTER TABLE "BenchmarkVersion" DROP COLUMN "poolSeed";

-- AlterTable
ALTER TABLE "Submission" DROP COLUMN "seedPredictions";
