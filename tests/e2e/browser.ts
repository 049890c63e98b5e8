import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from "playwright-core";

/**
 * Debian's Chromium, driven by Playwright (no browser download). The flags keep it from reaching for the
 * network at start-up (this machine has none) and let it run as root in a container.
 */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

/** Chromium with one context and page; the page's uncaught errors and console errors are pushed to `errors`. */
export async function openPage(options: BrowserContextOptions, errors: string[]) {
  const browser = await launchChromium();
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { browser, context, page };
}

/** Where e2e screenshots go when E2E_SCREENSHOTS is set. */
export const SHOTS_ROOT = path.resolve(import.meta.dirname, "../../.tmp/e2e-shots");

/**
 * A picture for people to look at (the tests assert on the page itself, never on the PNG), so it is taken only
 * when E2E_SCREENSHOTS is set: encoding full-page PNGs cost `npm test` tens of seconds on two cores.
 * `E2E_SCREENSHOTS=1 npm run test:e2e` writes them under .tmp/e2e-shots/.
 */
export async function saveScreenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const file = path.join(SHOTS_ROOT, name);
  mkdirSync(path.dirname(file), { recursive: true });
  await target.screenshot({ path: file, ...options });
}

/**
 * Waits until the page's own font (the first family of its body text, Inter) is in and says how its load ended:
 * "loaded", or why not. A layout measured in a fallback font while Inter still loads (a loaded machine) is not the
 * page's: with the font's requests refused, the long names of the PersonalLLM logged runs wrap onto second lines.
 * `document.fonts.ready` resolves as "loaded" even then; `load` starts the face's download if it has not started
 * and settles once it is in or failed.
 */
export async function pageFont(page: Page): Promise<string> {
  return page.evaluate(() => {
    const family = getComputedStyle(document.body).fontFamily.split(",")[0]!.trim();
    return document.fonts.load(`400 14px ${family}`, "KShotICL").then(
      (faces) => (faces.length === 0 ? `no face of ${family}` : faces.every((f) => f.status === "loaded") ? "loaded" : faces.map((f) => f.status).join(",")),
      (error: unknown) => String(error),
    );
  });
}
