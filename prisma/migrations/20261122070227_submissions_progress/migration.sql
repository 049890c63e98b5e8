-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "lastProgressAt" TIMESTAMPTZ(3),
ADD COLUMN     "validationReport" JSONB;
