import { createHash } from "node:crypto";

/**
 * The content identity of a prediction file: what the rows say to the scorer, not how the file spells them. Each
 * row's scored projection (scored-projection.ts: only the fields scoring reads) is written as canonical JSON
 * (object keys sorted, no whitespace) and hashed; the file's hash covers the rows in benchmark_id order. Key
 * order, whitespace, line order, JSONL vs JSON array, gzip and fields no scorer reads change nothing, so an upload
 * that differs from an earlier one only in those is recognised as the same predictions.
 */

/** JSON with every object's keys sorted (recursively) and no whitespace. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(",")}}`;
}

/** sha256 of one row's canonical JSON (kept per row so memory stays at 32 bytes a row, not the row itself). */
export function rowDigest(row: unknown): Buffer {
  return createHash("sha256").update(canonicalJson(row)).digest();
}

/** The file's content hash from each benchmark_id's row digest. */
export function contentSha256(rows: ReadonlyMap<string, Buffer>): string {
  const hash = createHash("sha256");
  for (const id of [...rows.keys()].sort()) {
    hash.update(JSON.stringify(id));
    hash.update("\n");
    hash.update(rows.get(id)!);
  }
  return hash.digest("hex");
}
