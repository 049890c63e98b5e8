-- AlterTable
ALTER TABLE "System" ADD COLUMN     "activeParamsB" DOUBLE PRECISION,
ADD COLUMN     "license" TEXT,
ADD COLUMN     "modelUrl" TEXT,
ADD COLUMN     "paramsB" DOUBLE PRECISION,
ADD COLUMN     "releaseDate" DATE;

-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "costUsd" DOUBLE PRECISION,
ADD COLUMN     "evaluatorRelationship" TEXT,
ADD COLUMN     "sourceType" TEXT,
ADD COLUMN     "tokens" BIGINT;
