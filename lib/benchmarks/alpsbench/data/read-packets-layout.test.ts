import { cp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { countByTrack } from "@/tests/helpers/alpsbench/data/counts";
import { goldLeaks } from "@/tests/helpers/alpsbench/data/gold-leaks";
import { NormalizedInstance, type Task1Instance, type Task2Instance, type Task3Instance, type Task4Instance } from "./normalized-instance";
import { readPacketsLayout } from "./read-packets-layout";
import { editText, expectDatasetError, fixtures, useTempDirs } from "@/tests/helpers/alpsbench/data/readers";

const { tempDir, copyFixture } = useTempDirs("packets-");
/** A private copy of packets-mini (named `data/` so error paths are predictable). */
const copyPackets = () => copyFixture("packets-mini", "data");

type InstanceOf<T extends NormalizedInstance["track"]> = T extends "task1"
  ? Task1Instance
  : T extends "task2"
    ? Task2Instance
    : T extends `task3/${string}`
      ? Task3Instance
      : Task4Instance;

const packetFile = (root: string, session: string) => path.join(root, "packets/chunks/chunk_0001", `${session}.json`);

async function editJson(file: string, edit: (value: Record<string, unknown>) => void): Promise<void> {
  const value = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  edit(value);
  await writeFile(file, JSON.stringify(value));
}

describe("readPacketsLayout (fixture)", () => {
  it("reads every track from the packets and the Task 4 records", async () => {
    const instances = await readPacketsLayout(path.join(fixtures, "packets-mini"));
    for (const instance of instances) expect(NormalizedInstance.safeParse(instance).success).toBe(true);
    expect(countByTrack(instances)).toEqual({
      task1: 2,
      task2: 2,
      "task3/d100": 2,
      "task4/ability1": 1, // in a packet and (identical) in the records: once
      "task4/ability2": 1, // records only
      "task4/ability4": 1, // packet only
      "task4/ability5": 1, // records only
    });
    // fewer than 5 per track: the split rule puts everything in test
    expect(new Set(instances.map((i) => i.split))).toEqual(new Set(["test"]));
  });

  it("maps ids, inputs and gold as documented", async () => {
    const instances = await readPacketsLayout(path.join(fixtures, "packets-mini"));
    const find = <T extends NormalizedInstance["track"]>(track: T, id: string) =>
      instances.find((i): i is InstanceOf<T> => i.track === track && i.benchmarkId === id);

    const t1 = find("task1", "sess_aaaa00000001__101");
    expect(t1?.sessionId).toBe("sess_aaaa00000001");
    expect(t1?.input.dialogue).toHaveLength(4);
    expect(t1?.gold?.memory_items.map((m) => m.memory_id)).toEqual(["m1", "m2"]);
    expect(t1?.meta).toMatchObject({ source: "packets", canonicalId: "101", stratum: "Preferences/Food" });

    const t2 = find("task2", "sess_aaaa00000001");
    expect(t2?.input.memory.map((m) => m.memory_id)).toEqual(["m1", "m2"]);
    expect(t2?.input.old_dialogue).toEqual(t1?.input.dialogue);
    expect(t2?.gold).toMatchObject({ selected_memory_id: "m2" });
    expect(t2?.gold?.memory_items.map((m) => m.memory_id)).toEqual(["m1", "m2_updated", "m_new_1"]);
    expect(t2?.input).not.toHaveProperty("selected_memory_id");

    const t3 = find("task3/d100", "sess_aaaa00000001");
    expect(t3?.input.candidate_memories).toHaveLength(3); // released pool as is, duplicate ids included
    expect(t3?.gold?.selected_memory_id).toBe("m2");
    expect(t3?.meta).toMatchObject({ poolSize: 100, language: "English" });
    expect(t3?.input).not.toHaveProperty("dialogue"); // empty in the source

    const a1 = find("task4/ability1", "ability1_7");
    expect(a1?.input).toEqual({
      queries: [{ query_id: "ability1_7:1", query: "Write my short bio." }],
      selected_memory: { memory_id: "m2", value: "Works nights as a radio presenter" },
    });
    expect(a1?.gold?.selected_memory).toEqual({ memory_id: "m2", value: "Works nights as a radio presenter", label: "Personal_Background/Occupation" });
    expect(a1?.meta).toMatchObject({ ability: "ability1", stratum: "Personal_Background/Occupation" });

    const a4 = find("task4/ability4", "ability4_3");
    expect(a4?.input).not.toHaveProperty("selected_memory");
    expect(a4?.input.dialogue_history).toHaveLength(2);

    const ei = find("task4/ability5", "chinese_2");
    expect(ei?.input.queries.map((q) => q.query_id)).toEqual(["chinese_2:0", "chinese_2:1", "chinese_2:2", "chinese_2:3", "chinese_2:4"]);
    expect(ei?.gold).toEqual({ selected_memory_id: null, selected_memory: null });
    expect(ei?.meta.language).toBe("Chinese");
  });

  it("keeps gold out of every input", async () => {
    for (const instance of await readPacketsLayout(path.join(fixtures, "packets-mini"))) {
      expect(goldLeaks(instance, { includeDialogue: true }), `${instance.track} ${instance.benchmarkId}`).toEqual([]);
    }
  });

  it("accepts the packets folder itself and finds the records next to it", async () => {
    const instances = await readPacketsLayout(path.join(fixtures, "packets-mini/packets"));
    expect(countByTrack(instances)["task4/ability5"]).toBe(1);
  });

  it("reads only the packets' Task 4 entries with task4Records: false", async () => {
    const instances = await readPacketsLayout(path.join(fixtures, "packets-mini"), { task4Records: false });
    expect(countByTrack(instances)).toMatchObject({ "task4/ability1": 1, "task4/ability4": 1 });
    expect(countByTrack(instances)["task4/ability5"]).toBeUndefined();
  });
});

describe("readPacketsLayout errors name file, line and field", () => {
  it("missing directory", async () => {
    const dir = await tempDir();
    await expectDatasetError(readPacketsLayout(path.join(dir, "nowhere")), { code: "missing_directory", file: "nowhere", message: "nowhere: directory not found" });
  });

  it("a directory without a manifest", async () => {
    const dir = await tempDir();
    const error = await expectDatasetError(readPacketsLayout(dir), { code: "missing_file" });
    expect(error.file).toBe(`${path.basename(dir)}/manifest.json`);
  });

  it("a field of the wrong type (task1.session_dir is a number)", async () => {
    const root = await copyPackets();
    await cp(path.join(fixtures, "bad/packet-session-dir-number.json"), packetFile(root, "sess_aaaa00000002"));
    await expectDatasetError(readPacketsLayout(root), {
      code: "invalid_field",
      file: "data/packets/chunks/chunk_0001/sess_aaaa00000002.json",
      field: "task1.session_dir",
      message: "data/packets/chunks/chunk_0001/sess_aaaa00000002.json: field task1.session_dir: expected string, got number",
    });
  });

  it("a nested field with its index path", async () => {
    const root = await copyPackets();
    await editJson(packetFile(root, "sess_aaaa00000001"), (p) => {
      const task1 = p.task1 as { ground_truth_memories: Record<string, unknown>[] };
      delete task1.ground_truth_memories[1]!.value;
    });
    await expectDatasetError(readPacketsLayout(root), { field: "task1.ground_truth_memories[1].value", detail: "missing" });
  });

  it("a packet that is not JSON", async () => {
    const root = await copyPackets();
    await writeFile(packetFile(root, "sess_aaaa00000002"), '{"session_id": "sess_aaaa00000002", ');
    const error = await expectDatasetError(readPacketsLayout(root), { code: "malformed_json", file: "data/packets/chunks/chunk_0001/sess_aaaa00000002.json" });
    expect(error.message).toMatch(/^data\/packets\/chunks\/chunk_0001\/sess_aaaa00000002\.json: malformed JSON/);
  });

  it("a packet listed in the manifest but missing on disk", async () => {
    const root = await copyPackets();
    await rm(packetFile(root, "sess_aaaa00000002"));
    await expectDatasetError(readPacketsLayout(root), { code: "missing_file", file: "data/packets/chunks/chunk_0001/sess_aaaa00000002.json" });
  });

  it("a duplicate id within a track", async () => {
    const root = await copyPackets();
    await editJson(packetFile(root, "sess_aaaa00000002"), (p) => {
      (p.task4 as { queries: { query_id: string }[] }[])[0]!.queries[0]!.query_id = "ability4_3:1";
      (p.task4 as { ability: string }[])[0]!.ability = "ability4";
    });
    // give packet 1 the same ability4 instance id
    await editJson(packetFile(root, "sess_aaaa00000001"), (p) => {
      (p.task4 as unknown[]).push({
        ability: "ability4",
        queries: [{ query_id: "ability4_3:1", query: "Another query" }],
        task4_selected_memory_id: "m1",
        task4_selected_memory: { memory_id: "m1", value: "Grows vegetables in a small plot" },
      });
    });
    const error = await expectDatasetError(readPacketsLayout(root), {
      code: "duplicate_id",
      file: "data/packets/chunks/chunk_0001/sess_aaaa00000002.json",
      field: "task4[0].queries[0].query_id",
    });
    expect(error.message).toContain("first seen at data/packets/chunks/chunk_0001/sess_aaaa00000001.json: field task4[1].queries[0].query_id");
  });

  it("a malformed line of task4-records.jsonl", async () => {
    const root = await copyPackets();
    const file = path.join(root, "task4-records.jsonl");
    const lines = (await readFile(file, "utf8")).trimEnd().split("\n");
    lines.splice(1, 0, "{not json");
    await writeFile(file, `${lines.join("\n")}\n`);
    await expectDatasetError(readPacketsLayout(root), { code: "malformed_json", file: "data/task4-records.jsonl", line: 2 });
  });

  it("a record whose query ids do not fit its ability", async () => {
    const root = await copyPackets();
    await editText(path.join(root, "task4-records.jsonl"), (text) => text.replace('"ability": "ability2"', '"ability": "ability3"'));
    const error = await expectDatasetError(readPacketsLayout(root), {
      code: "inconsistent",
      file: "data/task4-records.jsonl",
      line: 2,
      field: "queries[0].query_id",
    });
    expect(error.message).toBe('data/task4-records.jsonl line 2: field queries[0].query_id: id "ability2_9" does not fit ability3 (ability3_<k>)');
  });

  it("a record for a session that has no packet", async () => {
    const root = await copyPackets();
    await cp(path.join(fixtures, "bad/task4-records-unknown-session.jsonl"), path.join(root, "task4-records.jsonl"));
    await expectDatasetError(readPacketsLayout(root), {
      code: "inconsistent",
      message: 'data/task4-records.jsonl line 1: field session_id: no packet for session "sess_ffff00000000"',
    });
  });

  it("a record that contradicts the packet's copy of the same instance", async () => {
    const root = await copyPackets();
    await editText(path.join(root, "task4-records.jsonl"), (text) => text.replace("Write my short bio.", "Write my long bio."));
    const error = await expectDatasetError(readPacketsLayout(root), { code: "inconsistent", file: "data/task4-records.jsonl", line: 1, field: "queries" });
    expect(error.message).toContain("differs from its copy in data/packets/chunks/chunk_0001/sess_aaaa00000001.json");
  });

  it("a missing task4-records.jsonl unless opted out", async () => {
    const root = await copyPackets();
    await rm(path.join(root, "task4-records.jsonl"));
    await expectDatasetError(readPacketsLayout(root), { code: "missing_file", file: "data/task4-records.jsonl" });
    await expect(readPacketsLayout(root, { task4Records: false })).resolves.toHaveLength(8);
  });

  it("a required field that is missing in a record (selected memory for ability 2)", async () => {
    const root = await copyPackets();
    const file = path.join(root, "task4-records.jsonl");
    const lines = (await readFile(file, "utf8")).trimEnd().split("\n");
    const row = JSON.parse(lines[1]!) as Record<string, unknown>;
    row.task4_selected_memory = null;
    lines[1] = JSON.stringify(row);
    await writeFile(file, `${lines.join("\n")}\n`);
    await expectDatasetError(readPacketsLayout(root), { file: "data/task4-records.jsonl", line: 2, field: "task4_selected_memory" });
  });
});
