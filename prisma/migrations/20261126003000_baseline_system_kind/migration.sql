-- AlterEnum: the server's reference rows (lib/pipeline/seed-reference-baselines.ts) are systems of their own kind
ALTER TYPE "SystemKind" ADD VALUE 'baseline';
