import { strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, test } from "vitest";
import { type DigestTarget, type Output, realDataDigests } from "@/tests/helpers/real-data-digests";

/**
 * The reduction behind tests/e2e/real-data-digests.test.ts: a byte changed in what the server owns changes a digest;
 * what varies from run to run (moments, the port, other tests' uploads, the ranks they shift) does not.
 */
const BASE = "http://127.0.0.1:4000";
const seedRow = { rank: 2, row_id: "seed-a", tier: "rescored", "overall:mean_rank": 1.5, score: 50.6224, pack_url: `${BASE}/api/v1/submissions/seed-a/pack` };
const reportedRow = { rank: 1, row_id: "reported-b", tier: "reported", "overall:mean_rank": 1, score: 51.67, pack_url: null };
const uploadRow = { rank: 1, row_id: "cm0upload", tier: "submitted", "overall:mean_rank": 1, score: 99, pack_url: null };

const TASK4_NOTE = "Task 4 waits for a judge: … once a worker started with a judge judges it.";
function board(rows: object[], generatedAt = "2026-12-04T19:54:27.785Z", notes = [TASK4_NOTE]) {
  return { snapshot: { generatedAt, split: "full" }, total: rows.length, rows, notes };
}
const csv = (lines: string[]) => `\uFEFFRank,Row id,Tier,Overall · Mean rank,Score\n${lines.join("\n")}\n`;
const seedLine = "2,seed-a,rescored,1.5,50.62";
const reportedLine = "1,reported-b,reported,1.0,51.67";
const uploadLine = "1,cm0upload,submitted,1.0,99.00";

function eeeZip(records: { stem: string; tier: string; score: number }[], at: Date, retrieved = 1796414067, date = "2026-12-04"): Uint8Array {
  const files: Record<string, [Uint8Array, { mtime: Date }]> = {};
  for (const { stem, tier, score } of records) {
    const record = { retrieved_timestamp: retrieved, source_metadata: { additional_details: { tier, system_url: `${BASE}/systems/x` } }, score };
    files[`every_eval_ever/AlpsBench/x/${stem}.json`] = [strToU8(JSON.stringify(record)), { mtime: at }];
    files[`hf/alpsbench-${stem}.yaml`] = [strToU8(`- value: ${score}\n  date: ${date}\n`), { mtime: at }];
  }
  files["checksums.sha256"] = [strToU8(`${retrieved} ${date}\n`), { mtime: at }];
  return zipSync(files);
}

const targets = {
  board: { name: "board", path: "/b", kind: "json" },
  csv: { name: "csv", path: "/c", kind: "csv" },
  eee: { name: "eee", path: "/e", kind: "zip" },
} satisfies Record<string, DigestTarget>;
const out = (target: DigestTarget, bytes: Uint8Array | string, status = 200): Output => ({
  target,
  fetched: { status, bytes: typeof bytes === "string" ? strToU8(bytes) : bytes },
});
const json = (value: unknown) => JSON.stringify(value);
const jan = new Date("2026-01-01T00:00:00Z");
const seedRecords = [{ stem: "seed-a", tier: "rescored", score: 40.06 }];

function digests(overrides: Partial<Record<keyof typeof targets, Uint8Array | string>> = {}, base = BASE): Record<string, string> {
  const bytes = {
    board: json(board([reportedRow, seedRow])),
    csv: csv([reportedLine, seedLine]),
    eee: eeeZip(seedRecords, jan),
    ...overrides,
  };
  return realDataDigests(
    (Object.keys(targets) as (keyof typeof targets)[]).map((name) => out(targets[name], bytes[name])),
    base,
  );
}
const reference = digests();

describe("a byte changed in a deterministic part changes the digest", () => {
  test.each([
    ["a board's figure", { board: json(board([reportedRow, { ...seedRow, score: 50.6225 }])) }],
    ["a board's note", { board: json(board([reportedRow, seedRow], undefined, [TASK4_NOTE.replace("a judge", "an LLM judge")])) }],
    ["a CSV's figure", { csv: csv([reportedLine, seedLine.replace("50.62", "50.63")]) }],
    ["an Every Eval Ever record's score", { eee: eeeZip([{ stem: "seed-a", tier: "rescored", score: 40.07 }], jan) }],
  ])("%s", (_, override) => {
    const changed = digests(override);
    expect(Object.keys(changed).filter((name) => changed[name] !== reference[name])).toEqual(Object.keys(override));
  });
});

test("a board without a mean rank keeps its order: two rows swapped change its digest", () => {
  const plain = (rows: object[]) => digests({ board: json(board(rows.map((r) => ({ ...r, "overall:mean_rank": undefined })))) }).board;
  expect(plain([reportedRow, seedRow])).not.toBe(plain([seedRow, reportedRow]));
});

describe("a change to an excluded part leaves every digest as it was", () => {
  test.each([
    ["another test's upload on the board, above the seed rows (ranks, total and mean ranks shift)", { board: json(board([uploadRow, reportedRow, seedRow])) }],
    ["the snapshot's moment", { board: json(board([reportedRow, seedRow], "2027-01-01T00:00:00.000Z")) }],
    [
      "the uploads waiting for a judge, counted in a Task 4 note",
      { board: json(board([reportedRow, seedRow], undefined, [TASK4_NOTE.replace("judges it.", "judges it. 2 uploads wait for one now.")])) },
    ],
    ["the upload's CSV line", { csv: csv([uploadLine, reportedLine, seedLine]) }],
    ["the upload's records in the Every Eval Ever zip", { eee: eeeZip([...seedRecords, { stem: "cm0upload", tier: "submitted", score: 99 }], jan) }],
    ["the zip's entry times, retrieval timestamps and dates", { eee: eeeZip(seedRecords, new Date("2026-06-01T00:00:00Z"), 1800000000, "2027-01-01") }],
  ])("%s", (_, override) => {
    expect(digests(override)).toEqual(reference);
  });

  test("a cuid drawn afresh at each import (a PersonalLLM baseline's system slug), where an upload's id took none", () => {
    const baseline = (id: string) => ({ ...seedRow, row_id: `baseline-${id}`, system_slug: `personalllm-baseline-${id}` });
    const of = (rows: object[]) => digests({ board: json(board(rows)) }).board;
    const first = of([reportedRow, baseline("cmx9ejtll011qdo7do75ootmw")]);
    expect(of([{ ...uploadRow, row_id: "cmx9zzzzz011qdo7do75ootmw" }, reportedRow, baseline("cmx9es3nu011qqy7d8pws98gh")])).toBe(first);
    // two rows of one id are not two of different ids
    const a = baseline("cmx9ejtll011qdo7do75ootmw");
    expect(of([a, a])).not.toBe(of([a, baseline("cmx9es3nu011qqy7d8pws98gh")]));
  });

  test("the server's port, written into the exports' links", () => {
    const other = "http://127.0.0.1:5123";
    const moved = (text: string) => text.replaceAll(BASE, other);
    const eee = eeeZip(seedRecords, jan);
    expect(
      realDataDigests(
        [
          out(targets.board, moved(json(board([reportedRow, seedRow])))),
          out(targets.csv, csv([reportedLine, seedLine])),
          out(targets.eee, zipSync({ ...Object.fromEntries(Object.entries(unzipText(eee)).map(([k, v]) => [k, strToU8(moved(v))])) })),
        ],
        other,
      ),
    ).toEqual(reference);
  });
});

function unzipText(bytes: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, entry]) => [name, new TextDecoder().decode(entry)]));
}
