import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { GET } from "@/app/favicon.ico/route";

/**
 * Browsers and link previews ask for /favicon.ico whatever the page's <link rel="icon"> says; it answered 404.
 * The route sends them to the site's icon (app/icon.svg), which exists.
 */
test("/favicon.ico answers with a permanent redirect to the site's icon, not 404", async () => {
  const response = await GET(new Request("http://localhost/favicon.ico"), {});
  expect(response.status).toBe(308);
  expect(response.headers.get("location")).toBe("/icon.svg");
  expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
  expect(readFileSync(path.join(process.cwd(), "app", "icon.svg"), "utf8")).toMatch(/^<svg /);
});
