-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "judgeWaiting" BOOLEAN NOT NULL DEFAULT false;
