import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { createTokenViaCli, e2eDb, getSubmission, jsonl, runCli, uploadMultipart } from "./submissions-helpers";

/**
 * Issue 19 findings 4 and 7 over real HTTP: a look-alike of a reported system's name is a 409 name_taken; an
 * uploader's organisation shows as claimed; the owner deletes an upload with DELETE /api/v1/submissions/<id> (and
 * the CLI's delete-submission), another user cannot.
 */

const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const run = Date.now().toString(36);
const tokens = { owner: "", other: "" };
let db: Db;
let ids: string[] = [];

beforeAll(async () => {
  db = e2eDb(databaseUrl);
  tokens.owner = await createTokenViaCli(databaseUrl, `names-owner-${run}@example.org`);
  tokens.other = await createTokenViaCli(databaseUrl, `names-other-${run}@example.org`);
  ids = (
    await db.instance.findMany({
      where: { benchmarkVersion: { slug: "demo" }, trackId: "task2", split: "dev" },
      select: { benchmarkId: true },
      orderBy: { benchmarkId: "asc" },
    })
  ).map((i) => i.benchmarkId);
});
afterAll(() => db?.$disconnect());

const file = (tag: string) => jsonl([{ benchmark_id: ids[0], memory_items: [{ type: "direct", label: "x", value: `${tag} ${run}`, confidence: 1 }] }]);

describe("names over HTTP", () => {
  test("'GPT\\u20115.2' (a non-breaking hyphen) and 'G\\u0420T-5.2' (Cyrillic) are 409 name_taken", async () => {
    for (const model of ["GPT\u20115.2", "G\u0420T-5.2"]) {
      const answer = await uploadMultipart(baseUrl, {
        token: tokens.owner,
        fields: { task: "task2", benchmark: "demo", model, organisation: "OpenAI" },
        file: file(model),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body.error).toMatchObject({ code: "name_taken", message: expect.stringContaining("GPT-5.2") });
    }
  });

  test("an uploader's 'OpenAI' is shown as claimed", async () => {
    const answer = await uploadMultipart(baseUrl, {
      token: tokens.owner,
      fields: { task: "task2", benchmark: "demo", model: `Claim ${run}`, organisation: "OpenAI" },
      file: file("claim"),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    const status = await getSubmission(baseUrl, answer.body.id!);
    expect((status.body as unknown as { system: { organisation: string } }).system.organisation).toBe("OpenAI (claimed)");
  });
});

describe("deleting a submission over HTTP and the CLI", () => {
  test("another user gets 403; the owner's CLI deletes it; it is gone (404)", async () => {
    const answer = await uploadMultipart(baseUrl, {
      token: tokens.owner,
      fields: { task: "task2", benchmark: "demo", model: `Delete me ${run}` },
      file: file("delete"),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    const id = answer.body.id!;
    const refused = await fetch(`${baseUrl}/api/v1/submissions/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${tokens.other}` } });
    expect(refused.status).toBe(403);
    const cli = await runCli(["delete-submission", "--server", baseUrl, "--token", tokens.owner, "--id", id], databaseUrl);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stderr).toContain(`Submission ${id} was deleted`);
    expect((await getSubmission(baseUrl, id, tokens.owner)).status).toBe(404);
    expect(await db.auditLog.count({ where: { targetId: id, action: "submission.delete.own" } })).toBe(1);
  });
});
