#!/usr/bin/env tsx
/**
 * `prisma generate` without network. Prisma's CLI insists on locating its native schema engine before it
 * generates, and would download it; generation itself never runs the engine. Pointing
 * PRISMA_SCHEMA_ENGINE_BINARY at any existing file satisfies the check. Runs on `npm ci` (postinstall).
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? fileURLToPath(import.meta.url) };
const result = spawnSync("npx", ["--no-install", "prisma", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
