import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { getQueueView } from "@/lib/db/queries/queue";
import { createSubmission } from "@/lib/submissions/create-submission";
import { bytes, demoPublicIds, settleLeftoverQueue } from "./upload-helpers";

/**
 * Issue 19 finding 11: /api/v1/queue listed every private upload's track, split and times to everyone. A private
 * (or hidden) entry is now listed to its owner and admins only; others see it in the totals and as a gap in the
 * waiting positions.
 */

const db = createPrismaClient(inject("databaseUrl"));
const run = Date.now().toString(36);
let alice: string;
let bob: string;
let admin: string;
let privateId: string;
let publicId: string;

beforeAll(async () => {
  // the queue lists its first 50 waiting uploads: earlier files' leftovers would push these two off the page
  await settleLeftoverQueue(db);
  alice = (await db.user.create({ data: { email: `queue-alice-${run}@example.org` } })).id;
  bob = (await db.user.create({ data: { email: `queue-bob-${run}@example.org` } })).id;
  admin = (await db.user.create({ data: { email: `queue-admin-${run}@example.org`, role: "admin" } })).id;
  const [first, second] = await demoPublicIds(db, "task2");
  const upload = async (ownerId: string, id: string, visibility: "public" | "private", name: string) => {
    const result = await createSubmission(db, {
      ownerId,
      track: "task2",
      split: "full",
      benchmark: "demo",
      system: { name, kind: "general_llm" },
      fileName: "p.jsonl",
      body: bytes(JSON.stringify({ benchmark_id: id, memory_items: [{ type: "direct", label: "x", value: `queue ${run}`, confidence: 1 }] })),
      visibility,
    });
    if (!result.ok) throw new Error(result.message);
    return result.id;
  };
  privateId = await upload(alice, first!, "private", `Queue Private ${run}`);
  publicId = await upload(bob, second!, "public", `Queue Public ${run}`);
});
afterAll(() => db.$disconnect());

describe("the scoring queue lists a private upload to its owner and admins only", () => {
  test("a visitor and another user see neither its id, name, track nor times; they see it in the totals", async () => {
    for (const viewer of [null, { id: bob, role: "user" as const }]) {
      const view = await getQueueView(db, viewer);
      const text = JSON.stringify(view);
      expect(text).not.toContain(privateId);
      expect(text).not.toContain(`Queue Private ${run}`);
      const all = [...view.waiting.jobs, ...view.running.jobs, ...view.recent];
      expect(all.filter((entry) => entry.private)).toEqual([]);
      expect(view.waiting.jobs.some((entry) => entry.id === publicId)).toBe(true);
      // counted: the line's length is honest
      expect(view.waiting.total).toBeGreaterThanOrEqual(2);
      // the public entry keeps its place in the whole line (the private one before it leaves a gap)
      const everyone = await getQueueView(db, { id: admin, role: "admin" });
      const place = everyone.waiting.jobs.find((entry) => entry.id === publicId)!.position;
      expect(view.waiting.jobs.find((entry) => entry.id === publicId)!.position).toBe(place);
    }
  });

  test("its owner and an admin see it, marked private, with its track", async () => {
    for (const viewer of [
      { id: alice, role: "user" as const },
      { id: admin, role: "admin" as const },
    ]) {
      const view = await getQueueView(db, viewer);
      expect(view.waiting.jobs.find((entry) => entry.id === privateId)).toMatchObject({ private: true, system: `Queue Private ${run}`, tracks: ["task2"] });
    }
  });
});
