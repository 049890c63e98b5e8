import { afterAll, describe, expect, inject, test } from "vitest";
import { REPORTED_FACTS } from "@/lib/benchmarks/alpsbench/data/seeds/published/reported-facts";
import { seedReported } from "@/lib/benchmarks/alpsbench/data/seeds/seed-reported";
import { createPrismaClient } from "@/lib/db/create-client";
import { Prisma } from "@/lib/generated/prisma/client";
import { setSystemFacts } from "@/lib/model-facts/set-system-facts";

/**
 * The seed runs on every start and writes the reported systems' model facts (reported-facts.ts). It writes a fact
 * only while the stored one is still the seed's own earlier value (or was never set), so an admin's edit survives a
 * restart, and a correction in reported-facts.ts still reaches every fact no one edited.
 */
const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());

const admin = { id: null, reason: "seeded-facts test" };
const factsOf = (slug: string) =>
  db.system.findUniqueOrThrow({ where: { slug }, select: { paramsB: true, activeParamsB: true, license: true, releaseDate: true, codeUrl: true } });

describe("the seed keeps an admin's edits of model facts", () => {
  test("facts an admin set survive the seed of the next start; the facts no one edited keep the seed's values", async () => {
    const slug = "claude-sonnet-4-5";
    const seeded = REPORTED_FACTS[slug]!.facts;
    expect(await setSystemFacts(db, slug, { license: "LicenseRef-test", releaseDate: "2025-10-01", paramsB: 5 }, admin)).toMatchObject({ ok: true });
    try {
      await seedReported(db);
      const after = await factsOf(slug);
      expect(after).toMatchObject({ license: "LicenseRef-test", paramsB: 5 });
      expect(after.releaseDate?.toISOString().slice(0, 10)).toBe("2025-10-01");
      // a second start changes nothing either
      await seedReported(db);
      expect(await factsOf(slug)).toEqual(after);
    } finally {
      // back to the seed's values: from here on the seed owns these facts again
      await setSystemFacts(db, slug, { license: seeded.license ?? null, releaseDate: seeded.releaseDate ?? null, paramsB: seeded.paramsB ?? null }, admin);
    }
  });

  test("an admin's clearing of a seeded fact survives too", async () => {
    const slug = "claude-sonnet-4-5";
    const seeded = REPORTED_FACTS[slug]!.facts;
    expect(seeded.releaseDate).toBeTruthy();
    await setSystemFacts(db, slug, { releaseDate: null }, admin);
    try {
      await seedReported(db);
      expect((await factsOf(slug)).releaseDate).toBeNull();
    } finally {
      await setSystemFacts(db, slug, { releaseDate: seeded.releaseDate! }, admin);
    }
  });

  test("a fact still holding the seed's own earlier value takes the seed's corrected one", async () => {
    const slug = "llama-4-maverick";
    const row = await db.system.findUniqueOrThrow({ where: { slug }, select: { seededFacts: true } });
    // as if an earlier release's seed had written 999 (and recorded so): no one edited it since
    await db.system.update({ where: { slug }, data: { paramsB: 999, seededFacts: { ...(row.seededFacts as object), paramsB: 999 } } });
    await seedReported(db);
    expect((await factsOf(slug)).paramsB).toBe(REPORTED_FACTS[slug]!.facts.paramsB);
  });

  test("a row the seed never recorded (written before the record existed) takes the seed's values but keeps facts the seed does not give", async () => {
    const slug = "deepseek-v3-2-thinking";
    const seeded = REPORTED_FACTS[slug]!.facts;
    expect(seeded.codeUrl ?? null).toBeNull();
    await db.system.update({ where: { slug }, data: { seededFacts: Prisma.DbNull, license: "old-seed-value", codeUrl: "https://example.org/set-by-an-admin" } });
    try {
      await seedReported(db);
      expect(await factsOf(slug)).toMatchObject({ license: seeded.license, codeUrl: "https://example.org/set-by-an-admin" });
    } finally {
      await setSystemFacts(db, slug, { codeUrl: null }, admin);
    }
  });
});
