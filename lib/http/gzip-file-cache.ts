import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { env } from "@/lib/env";
import { pipeline } from "node:stream/promises";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import { throughHeavyReadGate, type HeavyReadKind } from "./heavy-read-gate";

/**
 * Large downloads built once and kept on disk, gzipped, brotli-compressed or as they are ("identity"), so a request
 * costs no CPU beyond streaming a file: a Task 3 d1000 inputs file is 334 MB of JSON (stored as is for the plain
 * download: producing it from the database cost ~60 CPU-s a request), 99 MB gzipped, 22 MB in its compact form
 * (scripts/bench/README.md); an Every Eval Ever export is a 10 MB zip that took ~15 CPU-s (lib/eee/eee-response.ts).
 * Keyed by what the content depends on (the caller's key: the data version's last import, the scope, the
 * serializer's version, the leaderboard version), so new content is a new file. One build per key at a time in a
 * process: requests that arrive during a build wait for it instead of building again (a burst of cheap requests
 * cannot make the server build the same file N times), and a build whose first client went away runs on to the
 * end, since the next client is served from it.
 */
/** DOWNLOAD_CACHE_DIR, else .data/download-cache under the server's working directory (read at each call) */
export const gzipCacheDir = () => path.resolve(process.env.DOWNLOAD_CACHE_DIR ?? path.join(process.cwd(), ".data", "download-cache"));

interface GzipFile {
  file: string;
  /** compressed size, the Content-Length of the answer */
  bytes: number;
}

const KEY = Symbol.for("alpsbench.gzip-file-cache");
const building = ((globalThis as unknown as Record<symbol, Map<string, Promise<GzipFile>>>)[KEY] ??= new Map());

type Coding = "gzip" | "br" | "identity";

/**
 * Brotli with a 16 MB window (lgwin 24) at quality 5: the Task 3 lines repeat the same memories across lines ~100 KB
 * apart, beyond gzip's 32 KB window; this brings d1000's dev inputs from 19.5 MB (gzip) to 8.0 MB in twice gzip's
 * time (lib/benchmarks/alpsbench/bench/inputs-gzip.ts). Browsers and `curl --compressed` accept br.
 */
const compressor = (coding: Exclude<Coding, "identity">) =>
  coding === "gzip" ? createGzip({ level: 6 }) : createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 24 } });

const EXTENSION: Record<Coding, string> = { gzip: "gz", br: "br", identity: "raw" };

const fileOf = (key: string, coding: Coding) => {
  if (!/^[A-Za-z0-9_-]+$/.test(key)) throw new Error(`gzip cache key "${key}": letters, digits, - and _ only`);
  return path.join(gzipCacheDir(), `${key}.${EXTENSION[coding]}`);
};

/** The compressed file for `key` when it is built, else null; never builds (a page showing a download's size). */
export async function builtGzipFile(key: string, coding: Coding = "gzip"): Promise<GzipFile | null> {
  const file = fileOf(key, coding);
  const found = await stat(file).catch(() => null);
  return found ? { file, bytes: found.size } : null;
}

/**
 * The stored file for `key` (letters, digits, `-`, `_`), built from `produce` (the uncompressed body) when missing.
 * With `gate`, the build (never the sending of a stored file) takes a place in that kind's line of the heavy-read
 * gate, once per key however many requests wait for it: a stored file costs a request nothing but streaming, so 16
 * clients of a built export are served at once, while builds of distinct keys run one at a time and a full line is
 * a 503 with Retry-After (./heavy-read-gate.ts).
 */
export async function cachedGzipFile(key: string, produce: () => ReadableStream<Uint8Array>, coding: Coding = "gzip", gate?: HeavyReadKind): Promise<GzipFile> {
  const found = await builtGzipFile(key, coding);
  if (found) return found;
  const file = fileOf(key, coding);
  let pending = building.get(file);
  if (!pending) {
    const run = () => build(file, produce, coding);
    pending = (gate ? throughHeavyReadGate(gate, run) : run()).finally(() => building.delete(file));
    building.set(file, pending);
  }
  return pending;
}

async function build(file: string, produce: () => ReadableStream<Uint8Array>, coding: Coding): Promise<GzipFile> {
  await mkdir(path.dirname(file), { recursive: true });
  // written beside its final name and renamed when whole: a reader never sees half a file
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  try {
    const body = Readable.fromWeb(produce() as import("node:stream/web").ReadableStream<Uint8Array>);
    if (coding === "identity") await pipeline(body, createWriteStream(partial));
    else await pipeline(body, compressor(coding), createWriteStream(partial));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { file, bytes: (await stat(file)).size };
}

/**
 * Removes the stored files whose key starts with `prefix` but is not `keep` (an older version of the same content:
 * an export of an earlier leaderboard version), so content keyed by a version that moves often does not pile up.
 */
export async function removeOtherVersions(prefix: string, keep: string): Promise<void> {
  const names = await readdir(gzipCacheDir()).catch(() => [] as string[]);
  const kept = new Set(Object.values(EXTENSION).map((ext) => `${keep}.${ext}`));
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix) && !name.endsWith(".partial") && !kept.has(name))
      .map((name) => rm(path.join(gzipCacheDir(), name), { force: true })),
  );
}

/** A token bucket downloads draw from: the first second's worth goes at once, beyond it each chunk waits its turn. */
type DownloadPacer = (bytes: number) => Promise<void>;

/** A bucket paid at `bytesPerSecond()` (read per chunk, so the configured rate is read once the environment is). */
export function downloadPacer(bytesPerSecond: () => number): DownloadPacer {
  let owed = 0;
  let at = performance.now();
  return async (bytes) => {
    const rate = bytesPerSecond();
    const now = performance.now();
    owed = Math.max(0, owed - ((now - at) / 1000) * rate) + bytes;
    at = now;
    const waitMs = ((owed - rate) / rate) * 1000;
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
  };
}

/** The bucket every stored-file download of this process shares (DOWNLOAD_BYTES_PER_SECOND). */
const processPacer = downloadPacer(() => env().DOWNLOAD_BYTES_PER_SECOND);

/**
 * A cached file as a response body, read as the client takes it and paced: all downloads of this process share
 * DOWNLOAD_BYTES_PER_SECOND, so 16 clients of a 325 MB file leave the event loop free for the pages and the board
 * API beside them (unpaced, the board's p99 went from 9 to 22-30 ms; scripts/bench/README.md). A client that goes
 * away stops the read.
 */
export function fileBody(file: string, paced: DownloadPacer = processPacer): ReadableStream<Uint8Array> {
  const source = createReadStream(file);
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) return controller.close();
      await paced(next.value.length);
      controller.enqueue(next.value);
    },
    cancel() {
      source.destroy();
    },
  });
}
