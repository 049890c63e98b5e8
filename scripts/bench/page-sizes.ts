#!/usr/bin/env tsx
/**
 * Page weight of a running site: HTML per page and the JavaScript it loads, raw and gzip-compressed.
 *   npx tsx scripts/bench/page-sizes.ts --base http://127.0.0.1:3000 [--paths /,/tasks/task1,…] [--chromium]
 * Without --chromium: the HTML's own <script src> files (what a page needs before it is interactive).
 * With --chromium: also what Chromium at 1280x900 actually downloads until the network is idle, without
 * scrolling (lazily loaded chunks, e.g. charts below the table, are not counted). scripts/bench/pages.ts
 * prints the same table for its 1,000-system board.
 */
import { gzipSync } from "node:zlib";
import { parseArgs } from "node:util";
import { boardPages } from "./public-pages";

interface PageSize {
  path: string;
  htmlBytes: number;
  htmlGzip: number;
  scripts: number;
  jsBytes: number;
  jsGzip: number;
  /** Chromium's load of the page: JavaScript bytes over the wire (compressed as served) and how many files */
  chromiumJs?: { wire: number; files: number };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** HTML and its script files, measured by fetching them (gzip computed here, level 6 like most servers). */
export async function measurePageSizes(base: string, paths: readonly string[]): Promise<PageSize[]> {
  const cache = new Map<string, Buffer>();
  const out: PageSize[] = [];
  for (const path of paths) {
    const response = await fetch(`${base}${path}`);
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    const html = Buffer.from(await response.arrayBuffer());
    const sources = [...new Set([...html.toString("utf8").matchAll(/<script[^>]+src="([^"]+\.js[^"]*)"/g)].map((m) => m[1]!))];
    let jsBytes = 0;
    let jsGzip = 0;
    for (const src of sources) {
      const url = new URL(src, base).toString();
      let body = cache.get(url);
      if (!body) {
        body = Buffer.from(await (await fetch(url)).arrayBuffer());
        cache.set(url, body);
      }
      jsBytes += body.length;
      jsGzip += gzipSync(body).length;
    }
    out.push({ path, htmlBytes: html.length, htmlGzip: gzipSync(html).length, scripts: sources.length, jsBytes, jsGzip });
  }
  return out;
}

/** What Chromium downloads for each page at 1280x900 until the network is idle, without scrolling. */
export async function measureInChromium(base: string, sizes: PageSize[]): Promise<void> {
  const { launchChromium } = await import("../../tests/e2e/browser");
  const browser = await launchChromium();
  try {
    for (const size of sizes) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      const js = new Map<string, number>();
      const types = new Map<string, string>();
      cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
      cdp.on("Network.loadingFinished", (e) => {
        if (types.get(e.requestId) === "Script") js.set(e.requestId, e.encodedDataLength);
      });
      await page.goto(`${base}${size.path}`, { waitUntil: "networkidle" });
      size.chromiumJs = { wire: [...js.values()].reduce((a, b) => a + b, 0), files: js.size };
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

export function formatPageSizes(sizes: readonly PageSize[]): string {
  const lines = [
    `${"page".padEnd(34)} ${"HTML".padStart(10)} ${"HTML gz".padStart(10)} ${"JS files".padStart(8)} ${"JS".padStart(10)} ${"JS gz".padStart(10)}${sizes.some((s) => s.chromiumJs) ? `  ${"Chromium JS (wire, files)".padStart(26)}` : ""}`,
  ];
  for (const s of sizes) {
    lines.push(
      `${s.path.padEnd(34)} ${kb(s.htmlBytes).padStart(10)} ${kb(s.htmlGzip).padStart(10)} ${String(s.scripts).padStart(8)} ${kb(s.jsBytes).padStart(10)} ${kb(s.jsGzip).padStart(10)}` +
        (s.chromiumJs ? `  ${`${kb(s.chromiumJs.wire)}, ${s.chromiumJs.files}`.padStart(26)}` : ""),
    );
  }
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      base: { type: "string" },
      // default: every hosted benchmark's board pages, from the registry
      paths: { type: "string" },
      chromium: { type: "boolean", default: false },
    },
  });
  if (!values.base) throw new Error("--base http://host:port is required");
  const sizes = await measurePageSizes(values.base, values.paths?.split(",") ?? boardPages());
  if (values.chromium) await measureInChromium(values.base, sizes);
  process.stdout.write(`${formatPageSizes(sizes)}\n`);
}
