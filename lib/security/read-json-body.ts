import type { z } from "zod";

const MAX_BYTES = 16 * 1024;

/**
 * A small JSON request body through a zod schema: the parsed value, or one message naming each bad field.
 * Bodies over MAX_BYTES are refused unread (moderation and settings requests are a few hundred bytes).
 */
export async function readJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<{ ok: true; value: z.infer<T> } | { ok: false; message: string }> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") return { ok: false, message: "Send a JSON body (Content-Type: application/json)." };
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BYTES) return { ok: false, message: `The body is larger than ${MAX_BYTES} bytes.` };
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
