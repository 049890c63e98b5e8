import { afterAll, describe, expect, inject, test } from "vitest";
import { DisplayName, setDisplayName } from "@/lib/auth/display-name";
import { createPrismaClient } from "@/lib/db/create-client";

/** Every user, however they signed in, sets the name shown on their submitted rows (/account). */
const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());

describe("display names", () => {
  test("an e-mail user sets, changes and clears their display name", async () => {
    const user = await db.user.create({ data: { email: `named-${Date.now()}@example.org` }, select: { id: true, name: true } });
    expect(user.name).toBeNull();
    const parsed = DisplayName.parse("  Ada Lovelace  ");
    await setDisplayName(db, user.id, parsed);
    await expect(db.user.findUniqueOrThrow({ where: { id: user.id } })).resolves.toMatchObject({ name: "Ada Lovelace" });
    await setDisplayName(db, user.id, DisplayName.parse(""));
    await expect(db.user.findUniqueOrThrow({ where: { id: user.id } })).resolves.toMatchObject({ name: null });
  });

  test("control, bidi and invisible-only names, and names over 100 characters, are refused with the reason", () => {
    const problem = (name: string) => {
      const parsed = DisplayName.safeParse(name);
      return parsed.success ? null : parsed.error.issues[0]?.message;
    };
    expect(problem("Eve\u202eevil")).toMatch(/^The display name contains the bidirectional control character U\+202E/);
    expect(problem("tab\there")).toBe("The display name contains the control character U+0009.");
    expect(problem("\u200b\u200b")).toBe("The display name has no visible character.");
    expect(problem("x".repeat(101))).toBe("The display name is longer than 100 characters.");
    expect(problem("Zoë 李")).toBeNull();
  });
});
