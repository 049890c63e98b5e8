import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { downloadPacer, fileBody } from "./gzip-file-cache";

const dir = mkdtempSync(path.join(tmpdir(), "file-body-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function readAll(stream: ReadableStream<Uint8Array>): Promise<number> {
  const reader = stream.getReader();
  let bytes = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.length;
  return bytes;
}

// A lower bound only: a loaded machine can make the reads slower, never faster than the rate allows.
test("downloads drawing from one pacer share its rate: 1 MiB at 256 KiB/s, read by two at once, takes 3 s or more", async () => {
  const file = path.join(dir, "half-mib.bin");
  writeFileSync(file, Buffer.alloc(512 * 1024, 7));
  const pacer = downloadPacer(() => 256 * 1024);
  const started = performance.now();
  const read = await Promise.all([readAll(fileBody(file, pacer)), readAll(fileBody(file, pacer))]);
  expect(read).toEqual([512 * 1024, 512 * 1024]);
  // the first second's worth (256 KiB) goes at once; the other 768 KiB wait their turn at 256 KiB/s
  expect(performance.now() - started).toBeGreaterThanOrEqual(2_900);
});

test("a download the client abandons stops reading the file", async () => {
  const file = path.join(dir, "two-mib.bin");
  writeFileSync(file, Buffer.alloc(2 * 1024 * 1024, 1));
  const reader = fileBody(file).getReader();
  expect((await reader.read()).done).toBe(false);
  await reader.cancel();
  expect((await reader.read()).done).toBe(true);
});
