/**
 * An NDJSON response body read a page at a time: the next page is fetched only when the client has taken the
 * previous one, and not at all once the client has gone (cancel). A page that was in flight when the client went
 * away is dropped instead of written to a closed stream (which throws "Invalid state: Controller is already
 * closed" into the server log).
 */
export function pagedNdjsonStream<Row>(
  readPage: (after: Row | null) => Promise<readonly Row[]>,
  pageSize: number,
  line: (row: Row) => string,
  onError: (error: unknown) => void,
) {
  const encoder = new TextEncoder();
  let after: Row | null = null;
  let finished = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (finished) return;
      try {
        const page = await readPage(after);
        if (finished) return;
        if (page.length === 0) {
          finished = true;
          controller.close();
          return;
        }
        after = page[page.length - 1]!;
        controller.enqueue(encoder.encode(page.map((row) => `${line(row)}\n`).join("")));
        if (page.length < pageSize) {
          finished = true;
          controller.close();
        }
      } catch (error) {
        if (finished) return;
        onError(error);
        controller.error(error);
      }
    },
    cancel() {
      finished = true;
    },
  });
}
