import { createHash } from "node:crypto";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const SRC = /\ssrc\s*=/i;
const TYPE = /\stype\s*=\s*["']?([^"'\s>]+)/i;
const RUNNABLE_TYPES = new Set(["", "text/javascript", "application/javascript", "module"]);

/**
 * The base64 SHA-256 of each inline script a page runs (its text exactly as in the HTML, which is what a browser
 * hashes for a CSP hash-source), in order, each once. Scripts with a src are allowed by 'self' instead, and data
 * blocks (type="application/json" and the like) are never run, so neither needs a hash.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (SRC.test(attributes!)) continue;
    const type = TYPE.exec(attributes!)?.[1]?.toLowerCase() ?? "";
    if (!RUNNABLE_TYPES.has(type)) continue;
    hashes.add(createHash("sha256").update(body!, "utf8").digest("base64"));
  }
  return [...hashes];
}
