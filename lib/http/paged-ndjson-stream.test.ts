import { describe, expect, test } from "vitest";
import { pagedNdjsonStream } from "./paged-ndjson-stream";

describe("pagedNdjsonStream", () => {
  test("pages are read as the client takes them, lines in order, and the stream closes after a short page", async () => {
    const pages = [[1, 2], [3, 4], [5]];
    let reads = 0;
    const stream = pagedNdjsonStream<number>(
      async () => pages[reads++] ?? [],
      2,
      (n) => JSON.stringify({ n }),
      () => {},
    );
    const text = await new Response(stream).text();
    expect(text).toBe('{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n{"n":5}\n');
    expect(reads).toBe(3);
  });

  test("a client that goes away while a page is read: no write to the closed stream, no error, no further page", async () => {
    let release!: () => void;
    let reads = 0;
    const errors: unknown[] = [];
    const stream = pagedNdjsonStream<number>(
      async () => {
        reads += 1;
        if (reads === 2) await new Promise<void>((resolve) => (release = resolve));
        return [reads, reads];
      },
      2,
      String,
      (e) => errors.push(e),
    );
    const reader = stream.getReader();
    await reader.read(); // page 1
    const second = reader.read(); // page 2 is being read...
    await new Promise((r) => setTimeout(r, 10));
    const cancelled = reader.cancel(); // ...when the client disconnects
    release();
    await cancelled;
    await second.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 10));
    expect(errors).toEqual([]);
    expect(reads).toBe(2);
  });
});
