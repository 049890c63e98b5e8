-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "publishPredictions" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "seedPredictions" BYTEA;
