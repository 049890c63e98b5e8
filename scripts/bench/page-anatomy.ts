#!/usr/bin/env tsx
/**
 * Where a page's HTML bytes go: the visible markup versus the React flight payload (`self.__next_f.push`
 * scripts, which carry every client component's props), then, inside each, the largest contributors.
 *   npx tsx scripts/bench/page-anatomy.ts http://127.0.0.1:3000/tasks/task4 [saved-page.html …] [--top 25]
 * Markup: bytes per attribute name (title, class, data-*) and per text. Payload: bytes per JSON key (the
 * serialised key plus its value, counted at every depth, so nested keys overlap their parents) and per flight row.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(7)} KB`;

/** The page's flight payload, decoded: each push's string joined in order, and the bytes its scripts take. */
function flightOf(html: string): { text: string; scriptBytes: number } {
  let text = "";
  let scriptBytes = 0;
  for (const match of html.matchAll(/<script[^>]*>self\.__next_f\.push\((\[[\s\S]*?\])\)<\/script>/g)) {
    scriptBytes += match[0].length;
    const entry = JSON.parse(match[1]!) as [number, string?];
    if (entry[0] === 1 && typeof entry[1] === "string") text += entry[1];
  }
  return { text, scriptBytes };
}

/** Bytes per JSON key at every depth (a key's own bytes plus its serialised value). */
function keyBytes(value: unknown, out: Map<string, number>) {
  if (Array.isArray(value)) {
    for (const v of value) keyBytes(v, out);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      out.set(k, (out.get(k) ?? 0) + k.length + 3 + JSON.stringify(v ?? null).length);
      keyBytes(v, out);
    }
  }
}

/**
 * Markup bytes by attribute name, tag and text, outside <script> (React's server output quotes every attribute
 * with "…" and escapes quotes inside, so a tokenizer by regular expression is exact enough for a bench).
 */
function markupBytes(html: string, out: Map<string, number>) {
  const add = (k: string, v: number) => out.set(k, (out.get(k) ?? 0) + v);
  const markup = html.replace(/<script[\s\S]*?<\/script>/g, "");
  for (const tag of markup.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>|([^<]+)/g)) {
    if (tag[3] !== undefined) {
      add("#text", tag[3].length);
      continue;
    }
    let rest = tag[0].length;
    for (const attr of (tag[2] ?? "").matchAll(/\s([^\s=>/]+)(?:="([^"]*)")?/g)) {
      add(`@${attr[1]}`, attr[0].length);
      rest -= attr[0].length;
    }
    add(`<${tag[1]}>`, rest);
  }
}

const top = (map: Map<string, number>, n: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `  ${kb(v)}  ${k}`)
    .join("\n");

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: "string", default: "25" } } });
  const n = Number(values.top);
  for (const url of positionals) {
    const html = url.startsWith("http") ? await (await fetch(url)).text() : readFileSync(url, "utf8");
    const { text, scriptBytes } = flightOf(html);
    const otherScripts = [...html.matchAll(/<script[\s\S]*?<\/script>/g)].reduce((a, m) => a + m[0].length, 0) - scriptBytes;
    const markup = new Map<string, number>();
    markupBytes(html, markup);
    const rows = new Map<string, number>();
    const keys = new Map<string, number>();
    // flight rows are `id:payload` lines; JSON ones (props trees) are attributed key by key
    for (const line of text.split("\n")) {
      if (!line) continue;
      const colon = line.indexOf(":");
      const body = line.slice(colon + 1);
      const head = body.startsWith("I[")
        ? "I (client module refs)"
        : body.startsWith("[") || body.startsWith("{")
          ? `${line.slice(0, colon)} (JSON)`
          : `${line.slice(0, colon)} ${body.slice(0, 1)}`;
      rows.set(head, (rows.get(head) ?? 0) + line.length + 1);
      if (body.startsWith("[") || body.startsWith("{")) {
        try {
          keyBytes(JSON.parse(body), keys);
        } catch {
          // a row that is not plain JSON (text chunk): counted as a row only
        }
      }
    }
    process.stdout.write(
      `${url}\n  HTML ${kb(html.length)}; flight scripts ${kb(scriptBytes)} (decoded ${kb(text.length)}); other inline scripts ${kb(otherScripts)}; markup ${kb(html.length - scriptBytes - otherScripts)}\n` +
        `markup by attribute/element/text:\n${top(markup, n)}\nflight rows:\n${top(rows, 8)}\nflight JSON keys (nested keys overlap):\n${top(keys, n)}\n\n`,
    );
  }
}
