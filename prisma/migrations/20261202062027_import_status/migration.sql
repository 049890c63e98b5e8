-- CreateTable
CREATE TABLE "ImportStatus" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "phase" TEXT NOT NULL,
    "ready" TEXT NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImportStatus_pkey" PRIMARY KEY ("id")
);

-- The banner is on every page: a change of the import's status is a change a public page shows.
CREATE TRIGGER "ImportStatus_bump_leaderboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ImportStatus"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();
