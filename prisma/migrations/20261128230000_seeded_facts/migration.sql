-- AlterTable
ALTER TABLE "System" ADD COLUMN     "seededFacts" JSONB;
