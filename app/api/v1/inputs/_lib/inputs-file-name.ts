import type { InputsGzip } from "@/lib/benchmarks/types-pipeline";

/** The file names an inputs URL may end with, and what each serves. */
const SUFFIXES: readonly (readonly [string, InputsGzip])[] = [
  [".compact.jsonl.gz", "compact"],
  [".jsonl.gz", "file"],
];

/**
 * The track and form an inputs URL's last segment names: `task3-d1000` (plain JSON Lines), `task3-d1000.jsonl.gz` (a
 * gzip file) or `task3-d1000.compact.jsonl.gz` (the compact form, a gzip file); any other ending is an error that
 * names the three (track names hold no dot, so the first dot starts the ending).
 */
export function inputsFileName(name: string): { ok: true; track: string; gzip: InputsGzip } | { ok: false; message: string } {
  const dot = name.indexOf(".");
  if (dot < 0) return { ok: true, track: name, gzip: "no" };
  const track = name.slice(0, dot);
  const suffix = name.slice(dot);
  const found = SUFFIXES.find(([known]) => suffix.toLowerCase() === known);
  if (found) return { ok: true, track, gzip: found[1] };
  return {
    ok: false,
    message: `unknown inputs format "${suffix}" in "${name}": ask for ${track} (JSON Lines), ${track}.jsonl.gz (the same lines as a gzip file) or ${track}.compact.jsonl.gz (Task 3: each memory once, a gzip file)`,
  };
}
