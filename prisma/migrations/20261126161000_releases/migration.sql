-- CreateTable
CREATE TABLE "Release" (
    "id" TEXT NOT NULL,
    "benchmark" TEXT NOT NULL,
    "scorerVersion" TEXT NOT NULL,
    "dataVersion" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "note" TEXT,
    "contentHash" TEXT NOT NULL,
    "snapshot" JSONB NOT NULL,
    "cutAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Release_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Release_benchmark_cutAt_idx" ON "Release"("benchmark", "cutAt");

-- A new release shows on /releases, a page the anonymous page cache answers (lib/page-cache/cacheable-pages.ts).
CREATE TRIGGER "Release_bump_leaderboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Release"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();
