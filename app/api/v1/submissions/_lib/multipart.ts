import { Readable } from "node:stream";
import busboy from "busboy";

/**
 * multipart/form-data bodies read with busboy (a maintained streaming parser), as an ordered async sequence of
 * parts, so an upload is never held in memory: a file part's bytes go to the consumer (validation, hashing, gzip)
 * as they arrive, and while the consumer is busy busboy stops reading the body (backpressure reaches the socket).
 *
 * Why not `request.formData()`: undici reads the whole body first and keeps each file as an in-memory Blob.
 *
 * Contract: consume (or abandon) a file part's body before asking for the next part; the rest of it is then
 * skipped. Malformed bodies and exceeded limits throw MultipartError, with a message fit for a 400.
 */

export class MultipartError extends Error {
  override name = "MultipartError";
}

export type MultipartPart =
  | { kind: "field"; name: string; value: string }
  /** filename: the name the client sent, folders kept (a browser's folder upload sends `task1/predictions.jsonl`) */
  | { kind: "file"; name: string; filename: string; body: AsyncIterable<Uint8Array> };

type MultipartLimits = { maxFieldBytes: number; maxParts: number; maxFiles: number };

/** Whether a content type is multipart/form-data (busboy itself checks the boundary). */
export function isMultipart(contentType: string | null): boolean {
  return contentType?.split(";")[0]?.trim().toLowerCase() === "multipart/form-data";
}

type Event = { part: MultipartPart; stream?: Readable } | { end: true } | { error: Error };

/** The parts of a multipart body in order. */
export async function* readMultipart(
  source: AsyncIterable<Uint8Array>,
  contentType: string,
  limits: MultipartLimits,
): AsyncGenerator<MultipartPart, void, undefined> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // browsers send file names as raw UTF-8; busboy's default would read them as latin1
      defParamCharset: "utf8",
      preservePath: true,
      limits: { fieldSize: limits.maxFieldBytes, fields: limits.maxParts, files: limits.maxFiles, parts: limits.maxParts, headerPairs: 32 },
    });
  } catch (error) {
    throw new MultipartError((error as Error).message);
  }
  const events: Event[] = [];
  let wake: (() => void) | null = null;
  const push = (event: Event) => {
    events.push(event);
    wake?.();
    wake = null;
  };
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) push({ error: new MultipartError(`the field "${name}" is longer than ${limits.maxFieldBytes} bytes`) });
    else if (info.nameTruncated) push({ error: new MultipartError("a field name is too long") });
    else push({ part: { kind: "field", name, value } });
  });
  parser.on("file", (name, stream, info) => {
    push({ part: { kind: "file", name, filename: info.filename ?? "", body: fileBody(stream) }, stream });
  });
  parser.on("partsLimit", () => push({ error: new MultipartError(`the multipart body has more than ${limits.maxParts} parts`) }));
  parser.on("filesLimit", () => push({ error: new MultipartError(`the multipart body has more than ${limits.maxFiles} files`) }));
  parser.on("fieldsLimit", () => push({ error: new MultipartError(`the multipart body has more than ${limits.maxParts} fields`) }));
  parser.on("error", (error: Error) => push({ error: new MultipartError(error.message.replace(/^Malformed part header$/, "a part has a malformed header")) }));
  parser.on("close", () => push({ end: true }));

  const input = Readable.from(source, { objectMode: false });
  input.on("error", (error) => push({ error }));
  input.pipe(parser);
  let current: Readable | undefined;
  try {
    for (;;) {
      if (events.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const event = events.shift()!;
      if ("error" in event) throw event.error;
      if ("end" in event) return;
      current = event.stream;
      yield event.part;
      // whatever the consumer left of a file is skipped so busboy can reach the next part
      if (current && !current.readableEnded) current.resume();
      current = undefined;
    }
  } finally {
    input.unpipe(parser);
    input.destroy();
    current?.destroy();
    parser.removeAllListeners();
    parser.on("error", () => {});
  }
}

/** A file part's bytes; busboy's errors (a truncated body) become MultipartError. */
async function* fileBody(stream: Readable): AsyncGenerator<Uint8Array, void, undefined> {
  try {
    // An abandoned part must not destroy busboy's stream: the reader then skips its rest (resume) to reach the next part.
    for await (const chunk of stream.iterator({ destroyOnReturn: false })) yield chunk as Uint8Array;
  } catch (error) {
    throw error instanceof MultipartError ? error : new MultipartError((error as Error).message);
  }
  if ((stream as Readable & { truncated?: boolean }).truncated) throw new MultipartError("a file part is larger than the limit");
}
