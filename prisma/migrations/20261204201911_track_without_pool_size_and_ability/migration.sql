-- Track.poolSize and Track.ability were AlpsBench's words on a platform table (issue 37): written by its seed (and as
-- null for every other benchmark's tracks), read by nothing. A Task 3 track's pool size and a Task 4 track's ability
-- are in its id (task3/d300, task4/ability2) and its declaration (lib/benchmarks/alpsbench/track-ids.ts).
-- AlterTable
ALTER TABLE "Track" DROP COLUMN "ability",
DROP COLUMN "poolSize";
