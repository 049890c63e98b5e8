import { createHash } from "node:crypto";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { PackManifest, type PackFile } from "./manifest";

export const sha256Hex = (bytes: Uint8Array | string): string => createHash("sha256").update(bytes).digest("hex");

/** A file to put in a pack; its hash and size are computed here, so the manifest always describes the zip. */
export type PackEntry = { path: string; role: PackFile["role"]; bytes: Uint8Array };

/** The zip: manifest.json (with every entry's sha256) and the entries, compressed. */
export function writePack(manifest: Omit<PackManifest, "files">, entries: readonly PackEntry[]): Uint8Array {
  const files = entries.map((e) => ({ path: e.path, role: e.role, sha256: sha256Hex(e.bytes), bytes: e.bytes.byteLength }));
  const full = PackManifest.parse({ ...manifest, files });
  const zip: Record<string, Uint8Array> = { "manifest.json": strToU8(`${JSON.stringify(full, null, 2)}\n`) };
  for (const entry of entries) zip[entry.path] = entry.bytes;
  return zipSync(zip, { level: 6 });
}

type PackIntegrity = { path: string; ok: boolean; message: string };

export type ReadPack = {
  manifest: PackManifest;
  /** the entries whose sha256 matches the manifest (a changed or missing file is left out and listed in integrity) */
  files: Map<string, Uint8Array>;
  integrity: PackIntegrity[];
};

/** Reads a pack and checks every listed file against its sha256; throws when the zip or its manifest is unreadable. */
export function readPack(zipBytes: Uint8Array): ReadPack {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zipBytes);
  } catch (error) {
    throw new Error(`not a zip file (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  const raw = entries["manifest.json"];
  if (!raw) throw new Error("manifest.json is missing: not a reproducibility pack");
  let json: unknown;
  try {
    json = JSON.parse(strFromU8(raw));
  } catch (error) {
    throw new Error(`manifest.json is not JSON (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  const parsed = PackManifest.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`manifest.json field ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  }
  const files = new Map<string, Uint8Array>();
  const integrity: PackIntegrity[] = [];
  for (const file of parsed.data.files) {
    const bytes = entries[file.path];
    if (!bytes) {
      integrity.push({ path: file.path, ok: false, message: "missing from the zip" });
      continue;
    }
    const actual = sha256Hex(bytes);
    if (actual !== file.sha256) {
      integrity.push({
        path: file.path,
        ok: false,
        message: `sha256 mismatch: the manifest says ${file.sha256}, the file is ${actual} (changed after it was published)`,
      });
      continue;
    }
    files.set(file.path, bytes);
    integrity.push({ path: file.path, ok: true, message: `sha256 ${actual.slice(0, 12)}… matches` });
  }
  for (const name of Object.keys(entries)) {
    if (name !== "manifest.json" && !parsed.data.files.some((f) => f.path === name)) {
      integrity.push({ path: name, ok: false, message: "not listed in the manifest" });
    }
  }
  return { manifest: parsed.data, files, integrity };
}

/** JSON lines, one value per line. */
export const jsonLines = (values: readonly unknown[]): Uint8Array => strToU8(values.map((v) => JSON.stringify(v)).join("\n") + (values.length ? "\n" : ""));

export function parseJsonLines(bytes: Uint8Array): unknown[] {
  return strFromU8(bytes)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as unknown);
}
