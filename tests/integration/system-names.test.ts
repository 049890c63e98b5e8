import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { getSubmissionStatus } from "@/lib/db/queries/submission-status";
import { getTrackLeaderboard } from "@/lib/benchmarks/alpsbench/read/queries/leaderboard";
import { createSubmission } from "@/lib/submissions/create-submission";
import type { NewSubmission } from "@/lib/submissions/contracts";
import { verifyOrganisation } from "@/scripts/cli/admin";
import { runCli } from "../e2e/submissions-helpers";
import { bytes, demoPublicIds } from "./upload-helpers";

/**
 * Issue 19 finding 4: "GPT-5.2" / "OpenAI" was accepted for an upload, and so were its look-alikes (U+2011,
 * zero-width space, word joiner, soft hyphen, combining grapheme joiner, variation selector, Cyrillic "Р", lower
 * case), all shown beside the reported rows; organisations were unchecked; `admin bootstrap --name` stored U+202E
 * and BEL. Now a name reading like a reported system's or another user's public one is refused (409 name_taken),
 * an organisation is shown as claimed until an admin verifies it, and every name goes through one validator.
 */

const databaseUrl = inject("databaseUrl");
const db = createPrismaClient(databaseUrl);
const run = Date.now().toString(36);
let alice: string;
let bob: string;
let admin: string;
let adminEmail: string;
let ids: string[];
let nth = 0;

beforeAll(async () => {
  alice = (await db.user.create({ data: { email: `names-alice-${run}@example.org` } })).id;
  bob = (await db.user.create({ data: { email: `names-bob-${run}@example.org` } })).id;
  adminEmail = `names-admin-${run}@example.org`;
  admin = (await db.user.create({ data: { email: adminEmail, role: "admin" } })).id;
  ids = await demoPublicIds(db, "task2");
});
afterAll(() => db.$disconnect());

/** an upload with a file of its own (so no upload here is a duplicate of another) */
function upload(ownerId: string, system: NewSubmission["system"], visibility: "public" | "private" = "public") {
  nth += 1;
  return createSubmission(db, {
    ownerId,
    track: "task2",
    split: "full",
    benchmark: "demo",
    system,
    fileName: "p.jsonl",
    body: bytes(
      JSON.stringify({ benchmark_id: ids[nth % ids.length], memory_items: [{ type: "direct", label: "x", value: `names ${run} ${nth}`, confidence: 1 }] }),
    ),
    visibility,
  });
}
const named = (name: string, organisation: string | null = null): NewSubmission["system"] => ({ name, organisation, kind: "general_llm" });

describe("a system name reading like a reported one is refused", () => {
  test.each([
    ["the name itself", "GPT-5.2"],
    ["lower case", "gpt-5.2"],
    ["U+2011", "GPT\u20115.2"],
    ["zero-width space", "GPT-5.\u200b2"],
    ["word joiner", "GPT\u2060-5.2"],
    ["soft hyphen", "GPT-\u00ad5.2"],
    ["combining grapheme joiner", "GPT-5\u034f.2"],
    ["variation selector", "GPT-5.2\ufe0f"],
    ["Cyrillic Р", "G\u0420T-5.2"],
  ])("%s: 409 name_taken, nothing stored", async (_label, name) => {
    const before = await db.submission.count({ where: { ownerId: alice } });
    const result = await upload(alice, named(name, "OpenAI"));
    expect(result).toMatchObject({ ok: false, code: "name_taken", message: expect.stringMatching(/"GPT-5\.2",? (which )?is a system this leaderboard reports/) });
    expect(await db.submission.count({ where: { ownerId: alice } })).toBe(before);
  });
});

describe("another user's public system name is refused; one's own and another's private ones are not", () => {
  test("Bob cannot take Alice's public name in any spelling; Alice can upload under it again", async () => {
    expect(await upload(alice, named(`Alpha System ${run}`))).toMatchObject({ ok: true });
    expect(await upload(bob, named(`alpha\u00a0system ${run}`))).toMatchObject({
      ok: false,
      code: "name_taken",
      message: expect.stringContaining("another user's system"),
    });
    expect(await upload(alice, named(`ALPHA SYSTEM ${run}`))).toMatchObject({ ok: true });
  });

  test("a private system's name is not compared (a refusal would reveal that it exists)", async () => {
    expect(await upload(alice, named(`Secret System ${run}`), "private")).toMatchObject({ ok: true });
    expect(await upload(bob, named(`Secret System ${run}`))).toMatchObject({ ok: true });
  });
});

describe("an organisation is a claim until an admin verifies it", () => {
  test("'OpenAI' is accepted and shown as claimed; a look-alike spelling is refused; verified, it shows plain", async () => {
    const cyrillic = await upload(bob, named(`Bob Model ${run}`, "\u041epen\u200bAI"));
    expect(cyrillic).toMatchObject({ ok: false, code: "name_taken", message: expect.stringContaining('write it exactly as "OpenAI"') });
    const result = await upload(bob, named(`Bob Model ${run}`, "OpenAI"));
    expect(result).toMatchObject({ ok: true });
    const id = result.ok ? result.id : "";
    const status = await getSubmissionStatus(db, id, null);
    expect(status?.system.organisation).toBe("OpenAI (claimed)");
    // the reported rows keep their organisation as it is
    const board = await getTrackLeaderboard(db, "task1", { benchmark: "alpsbench-v1", split: "full" });
    const reported = board.rows.filter((r) => r.systemName === "GPT-5.2");
    expect(reported.length).toBeGreaterThan(0);
    expect(reported.every((r) => r.organisation === "OpenAI")).toBe(true);

    const slug = (await db.submission.findUniqueOrThrow({ where: { id }, select: { system: { select: { slug: true } } } })).system.slug;
    expect(await verifyOrganisation(db, { slug, actorEmail: `names-alice-${run}@example.org`, undo: false })).toMatchObject({ ok: false });
    expect(await verifyOrganisation(db, { slug, actorEmail: adminEmail, undo: false })).toMatchObject({ ok: true });
    expect((await getSubmissionStatus(db, id, null))?.system.organisation).toBe("OpenAI");
    expect(await db.auditLog.count({ where: { actorId: admin, action: "system.organisation.verify" } })).toBe(1);
    // a later public upload with another organisation is a new claim
    expect(await upload(bob, named(`Bob Model ${run}`, "Anthropic"))).toMatchObject({ ok: true });
    expect((await getSubmissionStatus(db, id, null))?.system.organisation).toBe("Anthropic (claimed)");
  });
});

describe("control and bidi characters are refused where a name enters: the CLI too", () => {
  test.each([
    ["U+202E", "Ops\u202eevil"],
    ["BEL", "bell\u0007"],
  ])("admin bootstrap --name with %s exits 1 naming the option; nothing is stored", async (_label, name) => {
    const email = `boot-bad-${run}-${name.length}@example.org`;
    const result = await runCli(["admin", "bootstrap", "--email", email, "--name", name], databaseUrl);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/--name contains the (bidirectional )?control character U\+/);
    expect(await db.user.count({ where: { email } })).toBe(0);
  });
});
