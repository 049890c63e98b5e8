import { once } from "node:events";
import { createGzip, type Gzip } from "node:zlib";

/** How many bytes of an upload arrived, whether it passed the limit, and its first two bytes (a gzip magic). */
export type RawState = { bytes: number; tooLarge: boolean; /** the first two bytes */ first: number[] };

/** The upload as received, counted; past `max` bytes it ends early (and the caller's stream is closed). */
export async function* limitBytes(input: AsyncIterable<Uint8Array>, max: number, state: RawState): AsyncGenerator<Uint8Array> {
  const iterator = input[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done) {
        finished = true;
        return;
      }
      state.bytes += next.value.byteLength;
      for (let i = 0; state.first.length < 2 && i < next.value.length; i += 1) state.first.push(next.value[i] as number);
      if (state.bytes > max) {
        state.tooLarge = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!finished) {
      try {
        await iterator.return?.();
      } catch {
        // abandoning the request body; its own errors no longer matter
      }
    }
  }
}

/** Gzip of the decompressed content, built while it streams (awaiting zlib keeps memory bounded). */
export class GzipCollector {
  private readonly gzip: Gzip;
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(level: number) {
    this.gzip = createGzip({ level });
    this.gzip.on("data", (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.size += chunk.length;
    });
    // Errors surface through write()/finish(); without a listener an error would crash the process.
    this.gzip.on("error", () => {});
  }

  async write(chunk: Buffer): Promise<void> {
    if (!this.gzip.write(chunk)) await once(this.gzip, "drain");
  }

  async finish(): Promise<Buffer> {
    const ended = once(this.gzip, "end");
    this.gzip.end();
    await ended;
    const out = Buffer.concat(this.chunks, this.size);
    this.chunks = [];
    return out;
  }

  discard(): void {
    this.chunks = [];
    this.gzip.destroy();
  }
}
