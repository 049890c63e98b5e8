import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { goldLeaks } from "@/tests/helpers/alpsbench/data/gold-leaks";
import { NormalizedInstance } from "./normalized-instance";
import { countByTrackAndSplit } from "@/tests/helpers/alpsbench/data/counts";
import { readReleaseLayout } from "./read-release-layout";
import { editText, expectDatasetError, fixtures, useTempDirs } from "@/tests/helpers/alpsbench/data/readers";

const { copyFixture } = useTempDirs("release-");
/** A private copy of release-mini as `<tmp>/release/benchmark_data`. */
const copyRelease = async () => path.join(await copyFixture("release-mini", "release"), "benchmark_data");

describe("readReleaseLayout (fixture)", () => {
  it("reads splits from the folders, skips examples/ and artifacts/", async () => {
    const instances = await readReleaseLayout(path.join(fixtures, "release-mini"));
    for (const instance of instances) expect(NormalizedInstance.safeParse(instance).success, `${instance.track} ${instance.benchmarkId}`).toBe(true);
    expect(countByTrackAndSplit(instances)).toEqual({
      task1: { dev: 2, validation: 0, test: 1 },
      task2: { dev: 0, validation: 1, test: 0 },
      "task3/d100": { dev: 1, validation: 0, test: 0 },
      "task3/d300": { dev: 0, validation: 0, test: 1 },
      "task4/ability1": { dev: 1, validation: 0, test: 0 },
      "task4/ability5": { dev: 0, validation: 1, test: 0 },
    });
  });

  it("also accepts the benchmark_data folder itself", async () => {
    const instances = await readReleaseLayout(path.join(fixtures, "release-mini/benchmark_data"));
    expect(instances).toHaveLength(8);
  });

  it("pairs gold by id (reference rows in another order) and hides test gold", async () => {
    const instances = await readReleaseLayout(path.join(fixtures, "release-mini"));
    const t1 = instances.filter((i) => i.track === "task1");
    expect(t1.map((i) => [i.split, i.benchmarkId])).toEqual([
      ["dev", "sess_bbbb00000001__201"],
      ["dev", "sess_bbbb00000002__202"],
      ["test", "sess_bbbb00000003__203"],
    ]);
    const [a, b, c] = t1;
    expect(a?.track === "task1" && a.gold?.memory_items[0]?.value).toBe("Teaches chemistry");
    expect(b?.track === "task1" && b.gold?.memory_items[0]?.value).toBe("Dislikes early meetings");
    expect(c?.gold).toBeNull();
    expect(instances.find((i) => i.track === "task3/d300")?.gold).toBeNull();
  });

  it("maps the official row shapes", async () => {
    const instances = await readReleaseLayout(path.join(fixtures, "release-mini"));
    const task2 = instances.find((i) => i.track === "task2");
    expect(task2?.track === "task2" && task2.input).toMatchObject({ instruction: "Update the memory list." });
    expect(task2?.input).not.toHaveProperty("metadata"); // selected_memory_id goes with the gold
    expect(task2?.gold).toMatchObject({ selected_memory_id: "m2" });

    const task3 = instances.find((i) => i.track === "task3/d100");
    expect(task3?.meta).toMatchObject({ source: "release", poolSize: 100, language: "English" });
    expect(task3?.meta).not.toHaveProperty("stratum"); // "UNKNOWN" is dropped

    const ability1 = instances.find((i) => i.track === "task4/ability1");
    expect(ability1?.input).toEqual({
      queries: [{ query_id: "ability1_0:1", query: "Draft a two-line bio for me." }],
      selected_memory: { memory_id: "m1", value: "Teaches chemistry" },
    });
    expect(ability1?.gold).toMatchObject({ selected_memory_id: "m1", memories: [{ memory_id: "m1" }, { memory_id: "m2" }] });

    const ei = instances.find((i) => i.track === "task4/ability5");
    expect(ei?.track === "task4/ability5" && ei.input.dialogue_history).toHaveLength(2);
    expect(ei?.input).not.toHaveProperty("selected_memory");
    expect(ei?.gold).toMatchObject({ selected_memory_id: null, selected_memory: { value: "Feels isolated lately" } });
    expect(ei?.meta).toMatchObject({ ability: "ability5", language: "English" });
  });

  it("keeps gold out of every input", async () => {
    for (const instance of await readReleaseLayout(path.join(fixtures, "release-mini"))) {
      expect(goldLeaks(instance, { includeDialogue: true }), `${instance.track} ${instance.benchmarkId}`).toEqual([]);
    }
  });
});

describe("readReleaseLayout errors name file, line and field", () => {
  it("missing directory", async () => {
    await expectDatasetError(readReleaseLayout(path.join(fixtures, "no-such-release")), { code: "missing_directory", file: "no-such-release" });
  });

  it("a malformed JSON line", async () => {
    const data = await copyRelease();
    await cp(path.join(fixtures, "bad/model-input-malformed-line3.jsonl"), path.join(data, "dev/task1/model_input.jsonl"));
    const error = await expectDatasetError(readReleaseLayout(path.join(data, "..")), {
      code: "malformed_json",
      file: "release/benchmark_data/dev/task1/model_input.jsonl",
      line: 3,
    });
    expect(error.message).toMatch(/^release\/benchmark_data\/dev\/task1\/model_input\.jsonl line 3: malformed JSON \(/);
  });

  it("a row without benchmark_id (line 17)", async () => {
    const data = await copyRelease();
    const file = path.join(data, "test/task1/model_input.jsonl");
    const template = JSON.parse((await readFile(file, "utf8")).trim()) as Record<string, unknown>;
    const rows = Array.from({ length: 16 }, (_, i) => JSON.stringify({ ...template, benchmark_id: `sess_cccc${String(i).padStart(8, "0")}__${i}` }));
    const { benchmark_id: _dropped, ...withoutId } = template;
    rows.push(JSON.stringify(withoutId));
    await writeFile(file, `${rows.join("\n")}\n`);
    await expectDatasetError(readReleaseLayout(data), {
      code: "invalid_field",
      message: "benchmark_data/test/task1/model_input.jsonl line 17: field benchmark_id: missing",
    });
  });

  it("a field of the wrong type deep in a row", async () => {
    const data = await copyRelease();
    const file = path.join(data, "dev/task3/d100/model_input.jsonl");
    const row = JSON.parse((await readFile(file, "utf8")).trim()) as { input: { candidate_memories: { value: unknown }[] } };
    row.input.candidate_memories[1]!.value = 7;
    await writeFile(file, `${JSON.stringify(row)}\n`);
    await expectDatasetError(readReleaseLayout(data), {
      file: "benchmark_data/dev/task3/d100/model_input.jsonl",
      line: 1,
      field: "input.candidate_memories[1].value",
      message: "benchmark_data/dev/task3/d100/model_input.jsonl line 1: field input.candidate_memories[1].value: expected string, got number",
    });
  });

  it("a duplicate id within a track, across splits", async () => {
    const data = await copyRelease();
    const devRow = (await readFile(path.join(data, "dev/task1/model_input.jsonl"), "utf8")).split("\n")[0];
    await editText(path.join(data, "test/task1/model_input.jsonl"), (text) => `${text}${devRow}\n`);
    const error = await expectDatasetError(readReleaseLayout(data), {
      code: "duplicate_id",
      file: "benchmark_data/test/task1/model_input.jsonl",
      line: 2,
      field: "benchmark_id",
    });
    expect(error.message).toContain("first seen at benchmark_data/dev/task1/model_input.jsonl line 1");
  });

  it.each([
    ["an unknown track folder", "dev/task5", "unknown_track_folder"],
    ["an unknown Task 3 pool folder", "dev/task3/d200", "unknown_track_folder"],
    ["an unknown split folder", "train", "unknown_split_folder"],
  ] as const)("%s", async (_name, folder, code) => {
    const data = await copyRelease();
    await mkdir(path.join(data, folder));
    await expectDatasetError(readReleaseLayout(data), { code, file: `benchmark_data/${folder}` });
  });

  it.each([
    ["a dev folder without reference_output.jsonl", "dev/task3/d100/reference_output.jsonl"],
    ["a track folder without model_input.jsonl", "validation/task2/model_input.jsonl"],
  ])("%s", async (_name, file) => {
    const data = await copyRelease();
    await rm(path.join(data, file));
    await expectDatasetError(readReleaseLayout(data), { code: "missing_file", file: `benchmark_data/${file}` });
  });

  it("an input row without a reference row, and a reference row without an input row", async () => {
    const data = await copyRelease();
    const refFile = path.join(data, "dev/task1/reference_output.jsonl");
    const refs = (await readFile(refFile, "utf8")).trim().split("\n");
    await writeFile(refFile, `${refs[0]}\n`);
    await expectDatasetError(readReleaseLayout(data), { code: "inconsistent", file: "benchmark_data/dev/task1/model_input.jsonl", line: 1, field: "benchmark_id" });

    const orphan = JSON.parse(refs[1]!) as Record<string, unknown>;
    await writeFile(refFile, `${refs.join("\n")}\n${JSON.stringify({ ...orphan, benchmark_id: "sess_dddd00000000__1" })}\n`);
    await expectDatasetError(readReleaseLayout(data), { code: "orphan_reference", file: "benchmark_data/dev/task1/reference_output.jsonl", line: 3 });
  });

  it("a Task 3 gold id that is not a candidate", async () => {
    const data = await copyRelease();
    await editText(path.join(data, "dev/task3/d100/reference_output.jsonl"), (text) => text.replace('"selected_memory_id": "m1"', '"selected_memory_id": "m9"'));
    await expectDatasetError(readReleaseLayout(data), {
      code: "inconsistent",
      file: "benchmark_data/dev/task3/d100/reference_output.jsonl",
      line: 1,
      field: "gold.selected_memory_id",
    });
  });

  it("a row of another task in a track folder", async () => {
    const data = await copyRelease();
    await editText(path.join(data, "test/task3/d300/model_input.jsonl"), (text) => text.replace('"task": "task3"', '"task": "task2"'));
    await expectDatasetError(readReleaseLayout(data), { code: "inconsistent", line: 1, field: "task" });
  });

  it("Task 4 query ids that do not match the row id", async () => {
    const data = await copyRelease();
    await editText(path.join(data, "dev/task4_ability1/model_input.jsonl"), (text) => text.replaceAll("ability1_0:1", "ability1_5:1"));
    await expectDatasetError(readReleaseLayout(data), {
      code: "inconsistent",
      file: "benchmark_data/dev/task4_ability1/model_input.jsonl",
      field: "input.queries[0].query_id",
    });
  });
});
