import type { z } from "zod";

const MAX_BYTES = 16 * 1024;

/**
 * A small JSON request body through a zod schema: the parsed value, or one message naming each bad field.
 * Bodies over MAX_BYTES are refused unread (moderation and settings requests are a few hundred bytes).
 */
export async function readJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<{ ok: true; value: z.infer<T> } | { ok: false; message: string }> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") return { ok: false, message: "Send a JSON body (Content-Type: application/json)." };
  const text = await boundedText(request);
  if (text === null) return { ok: false, message: `The body is larger than ${MAX_BYTES} bytes.` };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, message: "The body is not valid JSON." };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const message = parsed.error.issues.map((issue) => (issue.path.length > 0 ? `field "${issue.path.join(".")}": ${issue.message}` : issue.message)).join("; ");
  return { ok: false, message };
}

/**
 * The body as text, or null past MAX_BYTES: a declared length over it is refused before a byte is read, and a body
 * without one (chunked) is read only until it passes it, so a signed-in client cannot make the server hold a large
 * body in memory.
 */
async function boundedText(request: Request): Promise<string | null> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BYTES) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
