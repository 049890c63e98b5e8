import { afterAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { ownerSuffix, systemSlugFor } from "@/lib/submissions/system-slug";

const db = createPrismaClient(inject("databaseUrl"));
const stamp = Date.now().toString(36);
const made: string[] = [];
afterAll(async () => {
  await db.system.deleteMany({ where: { id: { in: made } } });
  await db.user.deleteMany({ where: { email: { endsWith: `@slug-${stamp}.test` } } });
  await db.$disconnect();
});

async function user(name: string) {
  return (await db.user.create({ data: { email: `${name}@slug-${stamp}.test`, name }, select: { id: true } })).id;
}

describe("system slugs of uploads", () => {
  test("a slug says nothing about other users' systems: the same name gives each owner the same kind of slug, taken or not", async () => {
    const [a, b] = [await user("a"), await user("b")];
    const name = `Zeta Secret Canary ${stamp}`;
    // user A's system (a private upload's) exists under the name ...
    const slugA = await systemSlugFor(db, name, a);
    made.push((await db.system.create({ data: { slug: slugA, name, ownerId: a, kind: "general_llm" }, select: { id: true } })).id);
    // ... and user B's slug for the same name is the one B gets whether or not A's exists (was `<name>-2`, which told)
    const slugB = await systemSlugFor(db, name, b);
    await db.system.deleteMany({ where: { slug: slugA } });
    made.pop();
    expect(await systemSlugFor(db, name, b)).toBe(slugB);
    expect(slugB).toBe(`zeta-secret-canary-${stamp}-${ownerSuffix(b, `zeta-secret-canary-${stamp}`)}`);
    expect(slugB).not.toMatch(/-2$/);
  });

  test("an owner's uploads under one name gather under one system; a legacy plain slug stays theirs", async () => {
    const c = await user("c");
    const name = `Legacy Model ${stamp}`;
    const first = await systemSlugFor(db, name, c);
    made.push((await db.system.create({ data: { slug: first, name, ownerId: c, kind: "general_llm" }, select: { id: true } })).id);
    expect(await systemSlugFor(db, name, c)).toBe(first);
    const legacyName = `Old Model ${stamp}`;
    made.push((await db.system.create({ data: { slug: `old-model-${stamp}`, name: legacyName, ownerId: c, kind: "general_llm" }, select: { id: true } })).id);
    expect(await systemSlugFor(db, legacyName, c)).toBe(`old-model-${stamp}`);
  });
});
