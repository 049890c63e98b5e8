import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { createApiToken } from "@/lib/auth/api-token";
import type { Db } from "@/lib/db/create-client";
import { sessionCookieHeader } from "./sign-in";
import { jsonl, uploadMultipart, waitUntilFinished } from "./submissions-helpers";

/**
 * The people and submissions of the security tests (authz matrix, leak crawl, stored XSS): a visitor, a user
 * (alice, who owns everything below), another user (bob) and an admin, each with a session cookie and an API
 * token; alice's public submission and her private one on the demo benchmark, scored by the real worker.
 */

export type Role = "visitor" | "user" | "other" | "admin";
export const ROLES: readonly Role[] = ["visitor", "user", "other", "admin"];

export type Actor = { role: Role; cookie: string | null; token: string | null; userId: string | null };

export async function makeActors(baseUrl: string, databaseUrl: string, db: Db, tag: string): Promise<Record<Role, Actor>> {
  const make = async (role: Exclude<Role, "visitor">): Promise<Actor> => {
    const email = `sec-${tag}-${role}@example.org`;
    const { cookie, userId } = await sessionCookieHeader(baseUrl, databaseUrl, { email, role: role === "admin" ? "admin" : "user" });
    const { token } = await createApiToken(db, userId, { name: `security ${tag}`, scopes: ["submit", "read"] });
    return { role, cookie, token, userId };
  };
  return {
    visitor: { role: "visitor", cookie: null, token: null, userId: null },
    user: await make("user"),
    other: await make("other"),
    admin: await make("admin"),
  };
}

/** Headers that make a fetch() act as this actor through its session cookie (as a browser would). */
export function asActor(actor: Actor, extra: Record<string, string> = {}): Record<string, string> {
  return actor.cookie ? { cookie: actor.cookie, ...extra } : { ...extra };
}

export const canary = (label: string) => `${label}${randomBytes(6).toString("hex").toUpperCase()}`;

/** The demo Task 1 ids of a split (or all), read from the public inputs download. */
export async function demoTask1Ids(db: Db, split?: "dev" | "validation" | "test"): Promise<string[]> {
  const rows = await db.instance.findMany({
    where: { benchmarkVersion: { slug: "demo" }, trackId: "task1", ...(split ? { split } : {}) },
    orderBy: { benchmarkId: "asc" },
    select: { benchmarkId: true },
  });
  return rows.map((r) => r.benchmarkId);
}

/** Uploads a demo Task 1 prediction file (one memory per instance whose value is `value`) and waits for the score. */
export async function uploadScored(baseUrl: string, token: string, fields: Record<string, string>, ids: readonly string[], value: string): Promise<string> {
  const file = jsonl(
    ids.map((id) => ({ benchmark_id: id, memory_items: [{ memory_id: "m1", type: "direct", label: "Personal_Background/Pets", value, confidence: 0.9 }] })),
  );
  const answer = await uploadMultipart(baseUrl, { token, fields: { task: "task1", benchmark: "demo", split: "full", ...fields }, file });
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  const id = answer.body.id!;
  const finished = await waitUntilFinished(baseUrl, id, token, 120_000);
  expect(finished.status, finished.failureReason ?? "").toBe("done");
  return id;
}

/** Removes the uploads a test made: their audit-log rows, the submissions, and each system left with none. */
export async function removeUploads(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const systems = await db.submission.findMany({ where: { id: { in: [...ids] } }, select: { systemId: true } });
  await db.auditLog.deleteMany({ where: { targetId: { in: [...ids] } } });
  await db.submission.deleteMany({ where: { id: { in: [...ids] } } });
  await db.system.deleteMany({ where: { id: { in: systems.map((s) => s.systemId) }, submissions: { none: {} } } });
}
