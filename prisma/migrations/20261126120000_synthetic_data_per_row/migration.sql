-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "syntheticData" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "pllm_submission" ADD COLUMN     "synthetic_data" BOOLEAN NOT NULL DEFAULT false;

-- Rows scored before this column existed: marked as the page marked them until now (the evaluation set held now is
-- the synthetic one, lib/benchmarks/personalllm/db/synthetic-data.ts), so nothing changes on upgrade.
UPDATE "pllm_submission" SET "synthetic_data" = true
WHERE EXISTS (SELECT 1 FROM "pllm_eval_user" WHERE "testPrompt" LIKE 'Synthetic test prompt %');
UPDATE "Submission" SET "syntheticData" = true
WHERE "benchmarkVersionId" IN (SELECT "id" FROM "BenchmarkVersion" WHERE "slug" = 'personalllm')
  AND EXISTS (SELECT 1 FROM "pllm_eval_user" WHERE "testPrompt" LIKE 'Synthetic test prompt %');
