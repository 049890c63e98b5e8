-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Split" AS ENUM ('dev', 'validation', 'test');

-- CreateEnum
CREATE TYPE "EvalSplit" AS ENUM ('full', 'dev', 'validation', 'test');

-- CreateEnum
CREATE TYPE "SystemKind" AS ENUM ('general_llm', 'memory_system', 'retrieval_baseline');

-- CreateEnum
CREATE TYPE "SubmissionSource" AS ENUM ('reported', 'seed', 'upload');

-- CreateEnum
CREATE TYPE "SubmissionStatus" AS ENUM ('queued', 'validating', 'scoring', 'judging', 'done', 'failed');

-- CreateEnum
CREATE TYPE "Visibility" AS ENUM ('public', 'private');

-- CreateEnum
CREATE TYPE "MetricKind" AS ENUM ('deterministic', 'judge');

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('user', 'admin');

-- CreateTable
CREATE TABLE "BenchmarkVersion" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "isDemo" BOOLEAN NOT NULL DEFAULT false,
    "poolSeed" TEXT,
    "importedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BenchmarkVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Track" (
    "id" TEXT NOT NULL,
    "task" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "poolSize" INTEGER,
    "ability" TEXT,
    "position" INTEGER NOT NULL,

    CONSTRAINT "Track_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Instance" (
    "id" TEXT NOT NULL,
    "benchmarkVersionId" TEXT NOT NULL,
    "trackId" TEXT NOT NULL,
    "benchmarkId" TEXT NOT NULL,
    "split" "Split" NOT NULL,
    "sessionId" TEXT,
    "input" JSONB NOT NULL,
    "meta" JSONB NOT NULL DEFAULT '{}',
    "contentHash" TEXT NOT NULL,

    CONSTRAINT "Instance_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InstanceGold" (
    "instanceId" TEXT NOT NULL,
    "gold" JSONB NOT NULL,

    CONSTRAINT "InstanceGold_pkey" PRIMARY KEY ("instanceId")
);

-- CreateTable
CREATE TABLE "DatasetImport" (
    "id" TEXT NOT NULL,
    "benchmarkVersionId" TEXT NOT NULL,
    "layout" TEXT NOT NULL,
    "sourcePath" TEXT NOT NULL,
    "counts" JSONB NOT NULL,
    "inserted" INTEGER NOT NULL,
    "updated" INTEGER NOT NULL,
    "unchanged" INTEGER NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL,
    "finishedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "DatasetImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "System" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "organisation" TEXT,
    "kind" "SystemKind" NOT NULL,
    "backbone" TEXT,
    "paperUrl" TEXT,
    "codeUrl" TEXT,
    "openWeights" BOOLEAN,
    "description" TEXT,
    "ownerId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "System_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Submission" (
    "id" TEXT NOT NULL,
    "systemId" TEXT NOT NULL,
    "benchmarkVersionId" TEXT NOT NULL,
    "tracks" TEXT[],
    "split" "EvalSplit" NOT NULL,
    "source" "SubmissionSource" NOT NULL,
    "status" "SubmissionStatus" NOT NULL DEFAULT 'queued',
    "visibility" "Visibility" NOT NULL DEFAULT 'public',
    "ownerId" TEXT,
    "fileName" TEXT,
    "fileBytes" BYTEA,
    "fileSize" INTEGER,
    "fileSha256" TEXT,
    "idempotencyKey" TEXT,
    "sourceLabel" TEXT,
    "sourceUrl" TEXT,
    "note" TEXT,
    "scorerVersion" TEXT,
    "progressDone" INTEGER NOT NULL DEFAULT 0,
    "progressTotal" INTEGER NOT NULL DEFAULT 0,
    "judgeCallsDone" INTEGER NOT NULL DEFAULT 0,
    "judgeCallsCached" INTEGER NOT NULL DEFAULT 0,
    "judgeCallsFailed" INTEGER NOT NULL DEFAULT 0,
    "failureReason" TEXT,
    "failureIsOurs" BOOLEAN NOT NULL DEFAULT false,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "verifiedAt" TIMESTAMPTZ(3),
    "verifiedById" TEXT,
    "hiddenAt" TIMESTAMPTZ(3),
    "moderationReason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),

    CONSTRAINT "Submission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InstanceResult" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "instanceId" TEXT NOT NULL,
    "scoreVersion" TEXT NOT NULL,
    "metrics" JSONB NOT NULL,
    "detail" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InstanceResult_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Score" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "trackId" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "kind" "MetricKind" NOT NULL,
    "scoreVersion" TEXT NOT NULL,
    "judgeProfileId" TEXT,
    "value" DOUBLE PRECISION,
    "n" INTEGER,
    "ciLow" DOUBLE PRECISION,
    "ciHigh" DOUBLE PRECISION,
    "computedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Score_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeProfile" (
    "id" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "promptTemplateVersion" TEXT NOT NULL,
    "temperature" DOUBLE PRECISION NOT NULL,
    "maxTokens" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgeProfile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeCall" (
    "key" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "verdictKind" TEXT NOT NULL,
    "templateVersion" TEXT NOT NULL,
    "rawCompletion" TEXT NOT NULL,
    "parseOk" BOOLEAN NOT NULL,
    "inputTokens" INTEGER,
    "outputTokens" INTEGER,
    "costUsd" DOUBLE PRECISION,
    "latencyMs" INTEGER NOT NULL,
    "entry" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgeCall_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "name" TEXT,
    "email" TEXT,
    "emailVerified" TIMESTAMPTZ(3),
    "image" TEXT,
    "role" "Role" NOT NULL DEFAULT 'user',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Account" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "providerAccountId" TEXT NOT NULL,
    "refresh_token" TEXT,
    "access_token" TEXT,
    "expires_at" INTEGER,
    "token_type" TEXT,
    "scope" TEXT,
    "id_token" TEXT,
    "session_state" TEXT,

    CONSTRAINT "Account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "sessionToken" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "expires" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VerificationToken" (
    "identifier" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "expires" TIMESTAMPTZ(3) NOT NULL
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "scopes" TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" TEXT NOT NULL,
    "actorId" TEXT,
    "action" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "reason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "BenchmarkVersion_slug_key" ON "BenchmarkVersion"("slug");

-- CreateIndex
CREATE INDEX "Instance_benchmarkVersionId_trackId_split_idx" ON "Instance"("benchmarkVersionId", "trackId", "split");

-- CreateIndex
CREATE UNIQUE INDEX "Instance_benchmarkVersionId_trackId_benchmarkId_key" ON "Instance"("benchmarkVersionId", "trackId", "benchmarkId");

-- CreateIndex
CREATE UNIQUE INDEX "System_slug_key" ON "System"("slug");

-- CreateIndex
CREATE INDEX "Submission_systemId_idx" ON "Submission"("systemId");

-- CreateIndex
CREATE INDEX "Submission_status_createdAt_idx" ON "Submission"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Submission_ownerId_createdAt_idx" ON "Submission"("ownerId", "createdAt");

-- CreateIndex
CREATE INDEX "Submission_fileSha256_idx" ON "Submission"("fileSha256");

-- CreateIndex
CREATE UNIQUE INDEX "Submission_ownerId_idempotencyKey_key" ON "Submission"("ownerId", "idempotencyKey");

-- CreateIndex
CREATE INDEX "InstanceResult_instanceId_idx" ON "InstanceResult"("instanceId");

-- CreateIndex
CREATE UNIQUE INDEX "InstanceResult_submissionId_instanceId_scoreVersion_key" ON "InstanceResult"("submissionId", "instanceId", "scoreVersion");

-- CreateIndex
CREATE INDEX "Score_trackId_metric_idx" ON "Score"("trackId", "metric");

-- CreateIndex
CREATE UNIQUE INDEX "Score_submissionId_trackId_metric_scoreVersion_key" ON "Score"("submissionId", "trackId", "metric", "scoreVersion");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeProfile_hash_key" ON "JudgeProfile"("hash");

-- CreateIndex
CREATE INDEX "JudgeCall_profileId_idx" ON "JudgeCall"("profileId");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Account_provider_providerAccountId_key" ON "Account"("provider", "providerAccountId");

-- CreateIndex
CREATE UNIQUE INDEX "Session_sessionToken_key" ON "Session"("sessionToken");

-- CreateIndex
CREATE UNIQUE INDEX "VerificationToken_token_key" ON "VerificationToken"("token");

-- CreateIndex
CREATE UNIQUE INDEX "VerificationToken_identifier_token_key" ON "VerificationToken"("identifier", "token");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ApiToken_userId_idx" ON "ApiToken"("userId");

-- CreateIndex
CREATE INDEX "AuditLog_targetType_targetId_idx" ON "AuditLog"("targetType", "targetId");

-- AddForeignKey
ALTER TABLE "Instance" ADD CONSTRAINT "Instance_benchmarkVersionId_fkey" FOREIGN KEY ("benchmarkVersionId") REFERENCES "BenchmarkVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Instance" ADD CONSTRAINT "Instance_trackId_fkey" FOREIGN KEY ("trackId") REFERENCES "Track"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InstanceGold" ADD CONSTRAINT "InstanceGold_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DatasetImport" ADD CONSTRAINT "DatasetImport_benchmarkVersionId_fkey" FOREIGN KEY ("benchmarkVersionId") REFERENCES "BenchmarkVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "System" ADD CONSTRAINT "System_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Submission" ADD CONSTRAINT "Submission_systemId_fkey" FOREIGN KEY ("systemId") REFERENCES "System"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Submission" ADD CONSTRAINT "Submission_benchmarkVersionId_fkey" FOREIGN KEY ("benchmarkVersionId") REFERENCES "BenchmarkVersion"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Submission" ADD CONSTRAINT "Submission_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InstanceResult" ADD CONSTRAINT "InstanceResult_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InstanceResult" ADD CONSTRAINT "InstanceResult_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Score" ADD CONSTRAINT "Score_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Score" ADD CONSTRAINT "Score_trackId_fkey" FOREIGN KEY ("trackId") REFERENCES "Track"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Score" ADD CONSTRAINT "Score_judgeProfileId_fkey" FOREIGN KEY ("judgeProfileId") REFERENCES "JudgeProfile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeCall" ADD CONSTRAINT "JudgeCall_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "JudgeProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Account" ADD CONSTRAINT "Account_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
