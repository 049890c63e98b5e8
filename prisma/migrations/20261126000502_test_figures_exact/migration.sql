-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "testFigureNoise" JSONB;

-- Uploads scored before test figures became exact: their note says their test figures were noised and rounded
-- (lib/leaderboard/test-split-privacy.ts testPrivacyNote, or the rounding-only note before it). Marked so the
-- worker re-aggregates them exactly at its next start (lib/pipeline/queue-exact-test-figures.ts).
UPDATE "Submission" SET "testFigureNoise" = '{"steps": {}, "legacy": true}'::jsonb
WHERE "source" = 'upload' AND "note" LIKE 'Test-split figures of uploads are %';
