import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import * as tarStream from "tar-stream";
import yauzl from "yauzl";
import { UploadBudget } from "@/lib/uploads/upload-budget";

/**
 * Reads the files of an uploaded archive (.zip, .tar.gz/.tgz, .tar) one at a time, as streams, with the limits
 * an upload needs: at most `maxEntries` entries, at most `maxTotalBytes` bytes once decompressed (a zip or tar
 * bomb stops there), and only plain files and folders under relative paths: no `..` segment or absolute path
 * (zip-slip), no symbolic or hard links, no devices or FIFOs. Nothing is ever written where an entry's path
 * points; a zip is spooled to one private temporary file because its directory sits at its end.
 *
 * zip with yauzl (reads the central directory, checks declared against real sizes), tar with tar-stream
 * (pax and GNU long names handled), both maintained libraries.
 */

export class ArchiveError extends Error {
  override name = "ArchiveError";
  constructor(
    message: string,
    /** the entry concerned, when there is one */
    readonly entry: string | null = null,
    /** a size limit was exceeded (HTTP 413 rather than 400) */
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

export type ArchiveLimits = {
  /** entries of every kind (folders too) */
  maxEntries: number;
  /** decompressed bytes of all files together */
  maxTotalBytes: number;
  /** bytes of the archive itself (zip spooling stops there) */
  maxArchiveBytes: number;
  /**
   * the request's decompressed-bytes budget, shared with the readers of the files inside (a .jsonl.gz entry's
   * gunzip counts into it too, lib/uploads/upload-budget.ts); default: one of maxTotalBytes for this archive alone
   */
  budget?: UploadBudget;
};

type ArchiveEntry = {
  /** the entry's path inside the archive, "/"-separated, checked */
  path: string;
  /** the entry's bytes; consume (or abandon) before asking for the next entry */
  body: AsyncIterable<Uint8Array>;
};

export type ArchiveKind = "zip" | "tar.gz" | "tar";

/** The archive kind of an upload from its name and first bytes, or null for a plain (prediction) file. */
export function archiveKindOf(fileName: string, head: Uint8Array): ArchiveKind | null {
  const name = fileName.toLowerCase();
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05) && (head[3] === 0x04 || head[3] === 0x06)) return "zip";
  if (name.endsWith(".zip")) return "zip";
  if (name.endsWith(".tar.gz") || name.endsWith(".tgz")) return "tar.gz";
  if (name.endsWith(".tar")) return "tar";
  return null;
}

/** Refuses a path that could leave the extraction folder or is not a plain name: null when fine. */
function pathProblem(entryPath: string): string | null {
  if (entryPath.length === 0) return "has an empty name";
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(entryPath)) return "has a control character in its name";
  if (entryPath.includes("\\")) return "has a backslash in its name (use / between folders)";
  if (entryPath.startsWith("/") || /^[a-zA-Z]:/.test(entryPath)) return "has an absolute path";
  if (entryPath.split("/").some((segment) => segment === "..")) return 'has a ".." segment in its path';
  return null;
}

function checkedPath(entryPath: string): string {
  const problem = pathProblem(entryPath);
  if (problem) throw new ArchiveError(`the archive entry ${JSON.stringify(entryPath.slice(0, 200))} ${problem}; nothing was stored`, entryPath);
  return entryPath.replace(/^(\.\/)+/, "");
}

/** Counts decompressed bytes across entries (and, shared, the files inside them) and stops at the limit. */
class Budget {
  readonly shared: UploadBudget;
  constructor(max: number, shared: UploadBudget | undefined) {
    this.shared = shared ?? new UploadBudget(max);
  }
  take(bytes: number, entry: string): void {
    if (!this.shared.take(bytes))
      throw new ArchiveError(
        `the upload holds more than ${this.shared.maxDecompressedBytes} bytes once decompressed (the archive and the compressed files inside it count together; the limit); nothing was stored`,
        entry,
        true,
      );
  }
}

/** An entry's bytes, counted against the budget; a corrupt stream becomes an ArchiveError naming the entry. */
async function* counted(source: AsyncIterable<Uint8Array>, budget: Budget, entry: string): AsyncGenerator<Uint8Array, void, undefined> {
  try {
    for await (const chunk of source) {
      budget.take(chunk.byteLength, entry);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(`the archive entry ${JSON.stringify(entry)} is corrupt (${(error as Error).message}); nothing was stored`, entry);
  }
}

/** Writes an upload to a private temporary file (at most maxBytes); the caller removes the folder. */
async function spool(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "alpsbench-upload-"));
  const file = path.join(dir, "archive.zip");
  const out = createWriteStream(file, { mode: 0o600 });
  try {
    let bytes = 0;
    for await (const chunk of source) {
      bytes += chunk.byteLength;
      if (bytes > maxBytes) throw new ArchiveError(`the archive is larger than ${maxBytes} bytes, the upload limit; nothing was stored`, null, true);
      if (!out.write(chunk)) await once(out, "drain");
    }
    out.end();
    await once(out, "close");
    return { dir, file };
  } catch (error) {
    out.destroy();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
/** "made by" hosts whose external attributes hold a Unix mode in their upper 16 bits (Unix, macOS). */
const UNIX_HOSTS = new Set([3, 19]);

function zipEntryKind(entry: yauzl.Entry): "file" | "directory" | "other" {
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  const host = entry.versionMadeBy >> 8;
  if (UNIX_HOSTS.has(host) && mode !== 0) {
    if (mode === S_IFDIR) return "directory";
    if (mode !== S_IFREG) return "other"; // symlink, device, FIFO, socket
  }
  return entry.fileName.endsWith("/") ? "directory" : "file";
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) reject(new ArchiveError(`the .zip archive cannot be read (${error?.message ?? "no archive"}); nothing was stored`));
      else resolve(zip);
    });
  });
}

function nextZipEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const onEntry = (entry: yauzl.Entry) => {
      cleanup();
      resolve(entry);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(new ArchiveError(`the .zip archive is malformed (${error.message}); nothing was stored`));
    };
    const cleanup = () => {
      zip.off("entry", onEntry);
      zip.off("end", onEnd);
      zip.off("error", onError);
    };
    zip.on("entry", onEntry);
    zip.on("end", onEnd);
    zip.on("error", onError);
    zip.readEntry();
  });
}

function openZipEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream)
        reject(new ArchiveError(`the archive entry ${JSON.stringify(entry.fileName)} cannot be read (${error?.message ?? "no data"})`, entry.fileName));
      else resolve(stream);
    });
  });
}

async function* zipEntryBody(stream: Readable): AsyncGenerator<Uint8Array, void, undefined> {
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
  } finally {
    stream.destroy();
  }
}

/** The files of a .zip upload. */
async function* readZip(source: AsyncIterable<Uint8Array>, limits: ArchiveLimits): AsyncGenerator<ArchiveEntry, void, undefined> {
  const { dir, file } = await spool(source, limits.maxArchiveBytes);
  let zip: yauzl.ZipFile | null = null;
  try {
    zip = await openZip(file);
    if (zip.entryCount > limits.maxEntries)
      throw new ArchiveError(`the archive has ${zip.entryCount} entries; at most ${limits.maxEntries} are accepted; nothing was stored`);
    const budget = new Budget(limits.maxTotalBytes, limits.budget);
    for (let entry = await nextZipEntry(zip); entry; entry = await nextZipEntry(zip)) {
      const entryPath = checkedPath(entry.fileName);
      const kind = zipEntryKind(entry);
      if (kind === "other")
        throw new ArchiveError(
          `the archive entry ${JSON.stringify(entryPath)} is a symbolic link or special file; only plain files and folders are accepted; nothing was stored`,
          entryPath,
        );
      if (kind === "directory") continue;
      if (entry.isEncrypted()) throw new ArchiveError(`the archive entry ${JSON.stringify(entryPath)} is encrypted; nothing was stored`, entryPath);
      // The declared size is checked before inflating a byte (yauzl then checks the real size against it).
      budget.take(0, entryPath);
      if (entry.uncompressedSize > limits.maxTotalBytes)
        throw new ArchiveError(
          `the archive entry ${JSON.stringify(entryPath)} is ${entry.uncompressedSize} bytes once decompressed; the limit is ${limits.maxTotalBytes}; nothing was stored`,
          entryPath,
          true,
        );
      const stream = await openZipEntry(zip, entry);
      yield { path: entryPath, body: counted(zipEntryBody(stream), budget, entryPath) };
      stream.destroy();
    }
  } finally {
    zip?.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The files of a .tar.gz (gzip: true) or .tar upload, streamed: nothing is spooled. */
async function* readTar(source: AsyncIterable<Uint8Array>, limits: ArchiveLimits & { gzip: boolean }): AsyncGenerator<ArchiveEntry, void, undefined> {
  const extract = tarStream.extract();
  const input = Readable.from(archiveBytes(source, limits.maxArchiveBytes));
  const toArchiveError = (error: Error) =>
    error instanceof ArchiveError ? error : new ArchiveError(`the ${limits.gzip ? ".tar.gz" : ".tar"} archive is malformed (${error.message}); nothing was stored`);
  if (limits.gzip) {
    const gunzip = createGunzip();
    input.on("error", (error) => gunzip.destroy(error));
    gunzip.on("error", (error) => extract.destroy(toArchiveError(error)));
    input.pipe(gunzip).pipe(extract);
  } else {
    input.on("error", (error) => extract.destroy(toArchiveError(error)));
    input.pipe(extract);
  }
  const budget = new Budget(limits.maxTotalBytes, limits.budget);
  let entries = 0;
  try {
    for await (const entry of extract) {
      const header = entry.header;
      entries += 1;
      if (entries > limits.maxEntries) throw new ArchiveError(`the archive has more than ${limits.maxEntries} entries, the limit; nothing was stored`);
      const entryPath = checkedPath(header.name);
      if (header.type === "directory") {
        entry.resume();
        continue;
      }
      if (header.type !== "file" && header.type !== "contiguous-file") {
        throw new ArchiveError(
          `the archive entry ${JSON.stringify(entryPath)} is a ${header.type ?? "special entry"}; only plain files and folders are accepted; nothing was stored`,
          entryPath,
        );
      }
      if ((header.size ?? 0) > limits.maxTotalBytes)
        throw new ArchiveError(
          `the archive entry ${JSON.stringify(entryPath)} is ${header.size} bytes; the limit is ${limits.maxTotalBytes}; nothing was stored`,
          entryPath,
          true,
        );
      yield { path: entryPath, body: counted(entry as AsyncIterable<Uint8Array>, budget, entryPath) };
      // whatever the consumer left of this entry is skipped so the next header can be read
      entry.resume();
    }
  } catch (error) {
    throw error instanceof Error ? toArchiveError(error) : error;
  } finally {
    extract.destroy();
    input.destroy();
  }
}

async function* archiveBytes(source: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array, void, undefined> {
  let bytes = 0;
  for await (const chunk of source) {
    bytes += chunk.byteLength;
    if (bytes > maxBytes) throw new ArchiveError(`the archive is larger than ${maxBytes} bytes, the upload limit; nothing was stored`, null, true);
    yield chunk;
  }
}

/** The files of an archive of the given kind. */
export function readArchive(kind: ArchiveKind, source: AsyncIterable<Uint8Array>, limits: ArchiveLimits): AsyncGenerator<ArchiveEntry, void, undefined> {
  return kind === "zip" ? readZip(source, limits) : readTar(source, { ...limits, gzip: kind === "tar.gz" });
}
