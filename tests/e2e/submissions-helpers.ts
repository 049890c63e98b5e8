import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { expect } from "vitest";
import { createPrismaClient, type Db } from "@/lib/db/create-client";

/** Helpers of the submission e2e tests (tests/e2e/submissions*.test.ts): the CLI as a subprocess, uploads, polling. */

export const ROOT = path.resolve(import.meta.dirname, "../..");

type CliResult = { code: number | null; stdout: string; stderr: string };

/**
 * `alpsbench <args>` as a user runs it (tsx, no npm), against the e2e database. Node with tsx's loader (`--import
 * tsx`, as tests/integration/worker-fixtures.ts starts the worker) rather than tsx's CLI, which starts a second Node
 * process to run the script in: the same program, one process start fewer per command.
 */
export function runCli(args: string[], databaseUrl: string, timeoutMs = 300_000): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/alpsbench.ts"), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`alpsbench ${args.join(" ")} did not finish within ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A token from `alpsbench token create` (the user is created on the way). */
export async function createTokenViaCli(databaseUrl: string, email: string, options: { admin?: boolean } = {}): Promise<string> {
  const result = await runCli(["token", "create", "--email", email, "--name", "e2e", ...(options.admin ? ["--admin"] : [])], databaseUrl);
  expect(result.code, result.stderr).toBe(0);
  const token = result.stdout.trim();
  expect(token).toMatch(/^abk_[A-Za-z0-9_-]{43}$/);
  return token;
}

export function e2eDb(databaseUrl: string): Db {
  return createPrismaClient(databaseUrl);
}

type UploadAnswer = {
  status: number;
  body: {
    id?: string;
    status?: string;
    duplicate?: boolean;
    validation?: {
      coverage: Record<string, unknown>;
      problems: { line: number | null; field: string | null; message: string }[];
      problemsTotal: number;
      format: string | null;
      gzip: boolean;
    };
    error?: {
      code: string;
      message: string;
      file?: string;
      existing?: { id: string | null; url: string | null; track: string };
      fields?: { field: string; message: string }[];
      validation?: { problems: { line: number | null; field: string | null; message: string }[]; problemsTotal: number };
    };
  };
};

/** POST /api/v1/submissions as multipart: the fields first, then the file. */
export async function uploadMultipart(
  baseUrl: string,
  options: {
    token?: string;
    fields: Record<string, string>;
    file: string | Uint8Array;
    fileName?: string;
    idempotencyKey?: string;
    fieldsAfterFile?: Record<string, string>;
  },
): Promise<UploadAnswer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields)) form.append(name, value);
  form.append(
    "file",
    new Blob([typeof options.file === "string" ? options.file : Buffer.from(options.file)], { type: "application/x-ndjson" }),
    options.fileName ?? "predictions.jsonl",
  );
  for (const [name, value] of Object.entries(options.fieldsAfterFile ?? {})) form.append(name, value);
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
  const response = await fetch(`${baseUrl}/api/v1/submissions`, { method: "POST", headers, body: form });
  return { status: response.status, body: (await response.json()) as UploadAnswer["body"] };
}

export type SubmissionStatus = {
  id: string;
  status: string;
  track: string | null;
  split: string;
  failureReason: string | null;
  progress: { done: number; total: number; judge: { done: number; cached: number; failed: number } };
  metrics: Record<string, { value: number | null; n: number | null; ciLow: number | null; ciHigh: number | null; judgeProfile: string | null }>;
};

export async function getSubmission(baseUrl: string, id: string, token?: string): Promise<{ status: number; body: SubmissionStatus }> {
  const response = await fetch(`${baseUrl}/api/v1/submissions/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as SubmissionStatus };
}

/** Polls until the submission is done or failed (the worker started by tests/e2e/global-setup.ts scores it). */
export async function waitUntilFinished(baseUrl: string, id: string, token: string, timeoutMs: number): Promise<SubmissionStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await getSubmission(baseUrl, id, token);
    expect(status).toBe(200);
    if (body.status === "done" || body.status === "failed") return body;
    if (Date.now() > deadline)
      throw new Error(`submission ${id} is still ${body.status} (${body.progress.done}/${body.progress.total}) after ${timeoutMs} ms: is the worker running?`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export const jsonl = (rows: readonly unknown[]): string => rows.map((row) => `${JSON.stringify(row)}\n`).join("");

/** A valid Task 1 prediction file for the demo dev split: one plausible memory for every input the server lists. */
export async function demoTask1Predictions(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/inputs/task1?benchmark=demo&split=dev`);
  expect(response.status).toBe(200);
  const ids = (await response.text())
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const row: unknown = JSON.parse(line);
      if (!row || typeof row !== "object" || !("benchmark_id" in row) || typeof row.benchmark_id !== "string") throw new Error(`no benchmark_id in ${line}`);
      return row.benchmark_id;
    });
  expect(ids.length).toBeGreaterThan(0);
  // a fresh value per call: the same predictions are refused as a duplicate (409), whoever uploads them
  const memory = { memory_id: "m1", type: "direct", label: "Personal_Background/Pets", value: `Has a dog (${randomUUID().slice(0, 8)})`, confidence: 0.8 };
  return jsonl(ids.map((id) => ({ benchmark_id: id, memory_items: [memory] })));
}
