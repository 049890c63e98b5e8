import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { STATUS_OF_CODE } from "@/lib/http/api-error";
import { createSubmission } from "@/lib/submissions/create-submission";
import type { NewSubmission } from "@/lib/submissions/contracts";
import { bytes, demoPublicIds } from "./upload-helpers";

/**
 * Issue 30 item 9: names that read like row labels ("GPT-5.2 reported", "GPT-5.2 (AlpsBench paper)", "Gemini-3
 * Flash rescored", "Copy the input") were accepted (202) and shown beside the rows they imitate. Now a name that is
 * a reference system's once tier and source words are taken out is refused (422 name_misleading) naming the system;
 * the reference systems and the source words come from the database (reported rows' labels, data version names).
 */
const db = createPrismaClient(inject("databaseUrl"));
const run = Date.now().toString(36);
let owner: string;
let ids: string[];
let nth = 0;

beforeAll(async () => {
  owner = (await db.user.create({ data: { email: `label-names-${run}@example.org` } })).id;
  ids = await demoPublicIds(db, "task2");
});
afterAll(() => db.$disconnect());

function upload(name: string) {
  nth += 1;
  const system: NewSubmission["system"] = { name, kind: "general_llm" };
  return createSubmission(db, {
    ownerId: owner,
    track: "task2",
    split: "full",
    benchmark: "demo",
    system,
    fileName: "p.jsonl",
    body: bytes(
      JSON.stringify({ benchmark_id: ids[nth % ids.length], memory_items: [{ type: "direct", label: "x", value: `label ${run} ${nth}`, confidence: 1 }] }),
    ),
  });
}

describe("a name reading like a reference row's label is refused, naming the system", () => {
  test.each([
    ["GPT-5.2 reported", "GPT-5.2"],
    ["GPT-5.2 (reported)", "GPT-5.2"],
    ["GPT-5.2 (AlpsBench paper)", "GPT-5.2"],
    ["GPT\u20115.2 official", "GPT-5.2"],
    ["Gemini-3 Flash rescored", "Gemini-3 Flash"],
    ["Gemini-3 Flash (re-scored)", "Gemini-3 Flash"],
    ["Copy the input", "Copy the input (baseline)"],
  ])("%s: 422 name_misleading naming %s, nothing stored", async (name, system) => {
    const before = await db.submission.count({ where: { ownerId: owner } });
    const result = await upload(name);
    expect(result).toMatchObject({ ok: false, code: "name_misleading", message: expect.stringContaining(`row label of "${system}"`) });
    expect(STATUS_OF_CODE.name_misleading).toBe(422);
    expect(await db.submission.count({ where: { ownerId: owner } })).toBe(before);
  });

  test("a name that says what it adds is accepted: 'GPT-5.2 + my memory'", async () => {
    expect(await upload(`GPT-5.2 + my memory`)).toMatchObject({ ok: true });
  });
});
