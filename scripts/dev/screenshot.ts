#!/usr/bin/env tsx
/**
 * Screenshots of pages as a visitor sees them: `tsx scripts/dev/screenshot.ts <base-url> <out-dir> [path ...]`.
 * Each path at desktop (1280) and phone (390) width, light and dark. For looking at the site, not a test.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { launchChromium } from "../../tests/e2e/browser";
import { boardPages } from "../bench/public-pages";

const [baseUrl = "http://localhost:3000", outDir = "screenshots", ...paths] = process.argv.slice(2);
// default: every hosted benchmark's board pages (from the registry) and /about
const targets = paths.length ? paths : [...boardPages(), "/about"];
mkdirSync(outDir, { recursive: true });
const browser = await launchChromium();
try {
  for (const scheme of ["light", "dark"] as const) {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      const page = await context.newPage();
      for (const target of targets) {
        await page.goto(new URL(target, baseUrl).href, { waitUntil: "networkidle" });
        const name = `${target.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${width}-${scheme}.png`;
        await page.screenshot({ path: path.join(outDir, name), fullPage: true });
        process.stdout.write(`${name}\n`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
