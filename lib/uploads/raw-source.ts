/** The caller's iterable, with a peek at its first bytes and a guaranteed close when we stop early. */
export class RawSource {
  error: unknown = null;
  private readonly iterator: AsyncIterator<Uint8Array>;
  private readonly buffered: Buffer[] = [];
  private done = false;

  constructor(input: AsyncIterable<Uint8Array>) {
    this.iterator = input[Symbol.asyncIterator]();
  }

  async peek(bytes: number): Promise<Buffer> {
    let have = this.buffered.reduce((sum, b) => sum + b.length, 0);
    while (have < bytes) {
      const chunk = await this.next();
      if (chunk === null) break;
      this.buffered.push(chunk);
      have += chunk.length;
    }
    return Buffer.concat(this.buffered);
  }

  async *chunks(): AsyncGenerator<Buffer> {
    while (this.buffered.length > 0) {
      const chunk = this.buffered.shift();
      if (chunk) yield chunk;
    }
    for (;;) {
      const chunk = await this.next();
      if (chunk === null) return;
      yield chunk;
    }
  }

  async close(): Promise<void> {
    if (this.done) return;
    this.done = true;
    try {
      await this.iterator.return?.();
    } catch {
      // the source is being abandoned; its own errors no longer matter
    }
  }

  /** The next non-empty chunk as a Buffer (no copy), or null at the end. */
  private async next(): Promise<Buffer | null> {
    for (;;) {
      if (this.done) return null;
      let result: IteratorResult<Uint8Array>;
      try {
        result = await this.iterator.next();
      } catch (error) {
        this.error = error;
        this.done = true;
        throw error;
      }
      if (result.done) {
        this.done = true;
        return null;
      }
      const value: unknown = result.value;
      if (!(value instanceof Uint8Array)) {
        // A programming error (e.g. a stream with an encoding set), not user data.
        this.error = new TypeError(`parsePredictionStream: the input yielded ${typeof value}, not bytes`);
        this.done = true;
        throw this.error;
      }
      if (value.length > 0) return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }
}
