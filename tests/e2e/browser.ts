import { chromium, type Browser } from "playwright-core";

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
