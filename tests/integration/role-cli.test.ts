import { afterAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { runCli } from "../e2e/submissions-helpers";

/** `alpsbench role set|list` as an operator runs it, against a real database: the only way to make an admin. */

const databaseUrl = inject("databaseUrl");
const db = createPrismaClient(databaseUrl);
const run = Date.now().toString(36);
afterAll(() => db.$disconnect());

describe("alpsbench role", () => {
  test("bad options are refused with the option's name, and an unknown address is not silently created", async () => {
    const badRole = await runCli(["role", "set", "--email", `x-${run}@example.org`, "--role", "superuser"], databaseUrl);
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain("--role must be one of user, admin");
    const badEmail = await runCli(["role", "set", "--email", "not-an-address", "--role", "admin"], databaseUrl);
    expect(badEmail.code).toBe(1);
    expect(badEmail.stderr).toContain("--email must be an e-mail address");
    const unknown = await runCli(["role", "set", "--email", `nobody-${run}@example.org`, "--role", "admin"], databaseUrl);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`no user has the e-mail address nobody-${run}@example.org`);
    await expect(db.user.count({ where: { email: `nobody-${run}@example.org` } })).resolves.toBe(0);
  });

  test("set promotes an existing user (audited), list shows admins only, and set --role user demotes", async () => {
    const email = `promote-${run}@example.org`;
    const user = await db.user.create({ data: { email } });
    const promote = await runCli(["role", "set", "--email", `  ${email.toUpperCase()} `, "--role", "admin"], databaseUrl);
    expect(promote.code, promote.stderr).toBe(0);
    expect(promote.stderr).toContain(`${email}: changed from user to admin`);
    await expect(db.user.findUniqueOrThrow({ where: { id: user.id } })).resolves.toMatchObject({ role: "admin" });
    const audit = await db.auditLog.findMany({ where: { targetType: "user", targetId: user.id } });
    expect(audit.map((a) => a.action)).toEqual(["role.set.admin"]);

    const list = await runCli(["role", "list", "--json"], databaseUrl);
    expect(list.code, list.stderr).toBe(0);
    const listed = JSON.parse(list.stdout) as { id: string; email: string; role: string }[];
    expect(listed.find((u) => u.id === user.id)).toMatchObject({ email, role: "admin" });
    expect(listed.every((u) => u.role === "admin")).toBe(true);

    const demote = await runCli(["role", "set", "--email", email, "--role", "user"], databaseUrl);
    expect(demote.code, demote.stderr).toBe(0);
    await expect(db.user.findUniqueOrThrow({ where: { id: user.id } })).resolves.toMatchObject({ role: "user" });
    const after = await db.user.findMany({ where: { role: "admin" }, select: { id: true } });
    expect(after.map((u) => u.id)).not.toContain(user.id);
  });

  test("--create makes a new admin in one step", async () => {
    const email = `fresh-admin-${run}@example.org`;
    const created = await runCli(["role", "set", "--email", email, "--role", "admin", "--create"], databaseUrl);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toContain(`${email}: created with role admin`);
    await expect(db.user.findUniqueOrThrow({ where: { email } })).resolves.toMatchObject({ role: "admin" });
  });
});
