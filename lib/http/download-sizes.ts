import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { gzipCacheDir } from "./gzip-file-cache";

/**
 * Sizes of downloads that are streamed, not kept (a plain inputs download): the byte count of a body produced whole
 * once, written beside the gzip cache under the same kind of content key, so a page can show a link's size without
 * producing the body. Unknown until a body with that key has been produced once; a page says so instead of producing
 * it (a Task 3 d1000 body is 333 MB).
 */

const fileOf = (key: string) => {
  if (!/^[A-Za-z0-9_-]+$/.test(key)) throw new Error(`download size key "${key}": letters, digits, - and _ only`);
  return path.join(gzipCacheDir(), `${key}.bytes`);
};

/** The recorded size for `key`, or null when no body with that key has been produced whole here. */
export async function recordedDownloadSize(key: string): Promise<number | null> {
  const text = await readFile(fileOf(key), "utf8").catch(() => null);
  const bytes = text === null ? NaN : Number(text);
  return Number.isSafeInteger(bytes) && bytes >= 0 ? bytes : null;
}

/** Records `bytes` for `key` (written beside its final name and renamed: a reader never sees half a number). */
async function recordDownloadSize(key: string, bytes: number): Promise<void> {
  const file = fileOf(key);
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  await writeFile(partial, String(bytes));
  await rename(partial, file);
}

/**
 * `body` passed through unchanged, counting its bytes; once it has ended (every byte produced) the count is recorded
 * under `key`. A body cut short (the client went away, a read failed) records nothing; a failed record is logged and
 * never fails the download.
 */
export function recordingSize(body: ReadableStream<Uint8Array>, key: string): ReadableStream<Uint8Array> {
  let bytes = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
      async flush() {
        await recordDownloadSize(key, bytes).catch((error: unknown) => console.error(`[download sizes] could not record ${key}`, error));
      },
    }),
  );
}
