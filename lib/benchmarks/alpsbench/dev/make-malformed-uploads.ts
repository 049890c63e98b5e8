/**
 * Writes every malformed upload of tests/fixtures/uploads/cases.ts as a file, with an index, for trying the
 * upload form or the API by hand:
 *
 *   npx tsx lib/benchmarks/alpsbench/dev/make-malformed-uploads.ts [dir]          (default .tmp/malformed-uploads)
 *   npx tsx lib/benchmarks/alpsbench/dev/make-malformed-uploads.ts [dir] --check  (also runs validateUpload on each and
 *                                                                 prints code and sentence)
 *
 * File names say nothing about the content on purpose (the validator must not trust them): gzip is found
 * by its magic bytes, so a .jsonl can hold gzip and a .gz can hold plain text.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { validateUpload } from "@/lib/benchmarks/alpsbench/upload/validate-upload";
import { DEFAULT_TEST_LIMITS, KNOWN_IDS, MALFORMED_UPLOADS } from "@/tests/fixtures/uploads/cases";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const check = args.includes("--check");
  const dir = path.resolve(args.find((a) => !a.startsWith("--")) ?? ".tmp/malformed-uploads");
  mkdirSync(dir, { recursive: true });
  const index: { file: string; name: string; track: string; expectedCode: string; limits: object; maxRowBytes?: number }[] = [];
  for (const [i, upload] of MALFORMED_UPLOADS.entries()) {
    const slug = upload.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60);
    const file = `${String(i + 1).padStart(2, "0")}-${slug}.jsonl`;
    writeFileSync(path.join(dir, file), upload.content);
    const limits = { ...DEFAULT_TEST_LIMITS, ...upload.limits };
    index.push({ file, name: upload.name, track: upload.track, expectedCode: upload.expect.code, limits, maxRowBytes: upload.maxRowBytes });
    if (check) {
      const knownIds = new Set((KNOWN_IDS as Record<string, readonly string[]>)[upload.track] ?? []);
      const result = await validateUpload(
        (async function* () {
          yield upload.content;
        })(),
        { track: upload.track, knownIds, limits, maxRowBytes: upload.maxRowBytes },
      );
      const mark = result.code === upload.expect.code ? "ok  " : "DIFF";
      console.log(`${mark} ${file}\n     ${result.code}: ${result.fatal}`);
    }
  }
  writeFileSync(path.join(dir, "cases.json"), `${JSON.stringify({ knownIds: KNOWN_IDS, cases: index }, null, 2)}\n`);
  console.log(`${index.length} malformed uploads written to ${dir}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
