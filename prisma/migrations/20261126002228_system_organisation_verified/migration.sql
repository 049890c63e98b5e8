-- AlterTable
ALTER TABLE "System" ADD COLUMN     "organisationVerifiedAt" TIMESTAMPTZ(3);
