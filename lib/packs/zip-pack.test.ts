import { strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, test } from "vitest";
import type { PackManifest } from "./manifest";
import { readPack, writePack } from "./zip-pack";

const manifest: Omit<PackManifest, "files"> = {
  format: "leaderboard-pack/1",
  generated_at: "2026-11-26T00:00:00.000Z",
  benchmark: { id: "b", data_version: "v1", data_source: "s", data_imported_at: "2026-11-26T00:00:00.000Z", data_hashes: {} },
  submission: {
    id: "s1",
    system: "S",
    system_slug: "s",
    source: "seed",
    scope: "full",
    tracks: ["t"],
    file_name: null,
    file_sha256: null,
    content_sha256: null,
    created_at: "2026-11-26T00:00:00.000Z",
    finished_at: null,
  },
  scorer_version: "v",
  score_versions: ["v"],
  bootstrap: { seed: "s1", resamples: 1000, level: 0.95, method: "m" },
  judge_profiles: [],
  reward_profile: null,
  predictions_included: true,
  notes: [],
  figures: [],
};

describe("reproducibility pack zip", () => {
  test("round trip: every file listed with its sha256 and read back as it was", () => {
    const zip = writePack(manifest, [{ path: "predictions/t.jsonl", role: "predictions", bytes: strToU8('{"a":1}\n') }]);
    const pack = readPack(zip);
    expect(pack.integrity).toEqual([{ path: "predictions/t.jsonl", ok: true, message: expect.stringMatching(/matches/) }]);
    expect(pack.manifest.files[0]).toMatchObject({ path: "predictions/t.jsonl", role: "predictions", bytes: 8 });
    expect(new TextDecoder().decode(pack.files.get("predictions/t.jsonl"))).toBe('{"a":1}\n');
  });

  test("a changed, missing or unlisted file is reported and left out", () => {
    const entries = unzipSync(writePack(manifest, [{ path: "predictions/t.jsonl", role: "predictions", bytes: strToU8('{"a":1}\n') }]));
    entries["predictions/t.jsonl"] = strToU8('{"a":2}\n');
    entries["extra.txt"] = strToU8("x");
    const pack = readPack(zipSync(entries));
    expect(pack.files.has("predictions/t.jsonl")).toBe(false);
    expect(pack.integrity.map((i) => [i.path, i.ok, i.message.split(":")[0]])).toEqual([
      ["predictions/t.jsonl", false, "sha256 mismatch"],
      ["extra.txt", false, "not listed in the manifest"],
    ]);
  });

  test("a zip without a manifest, or not a zip, is refused with a clear message", () => {
    expect(() => readPack(zipSync({ "a.txt": strToU8("x") }))).toThrow(/manifest.json is missing/);
    expect(() => readPack(strToU8("not a zip"))).toThrow(/not a zip file/);
  });
});
