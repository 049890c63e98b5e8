import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, describe, expect, inject, test } from "vitest";
import { aboutParts } from "@/lib/benchmarks/about-parts";
import { createPrismaClient } from "@/lib/db/create-client";

/** Issue 29 #10: /about opens with a table of contents, the ranking rules first, and every entry leads to a heading. */
const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());

describe("the About page's contents", () => {
  test("each benchmark part lists its sections, ranking first, and each entry is a heading of its body", async () => {
    const { parts } = await aboutParts(db);
    const root = parts[0]!;
    expect(root.contents[0]!.title).toMatch(/^Ranking/);
    const html = renderToStaticMarkup(root.body);
    for (const entry of root.contents) expect(html).toContain(`id="${entry.id}"`);
  });
});
