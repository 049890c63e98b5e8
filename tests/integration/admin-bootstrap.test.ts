import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, inject, test } from "vitest";
import { userFromBearer } from "@/lib/auth/api-token";
import { createPrismaClient } from "@/lib/db/create-client";
import { runCli } from "../e2e/submissions-helpers";

/** `alpsbench admin bootstrap`: the first admin and a token in one command, as an operator runs it. */
const databaseUrl = inject("databaseUrl");
const db = createPrismaClient(databaseUrl);
const run = Date.now().toString(36);
afterAll(() => db.$disconnect());

describe("alpsbench admin bootstrap", () => {
  test("creates an admin with a display name and prints a working token once; again promotes nothing twice", async () => {
    const email = `boot-${run}@example.org`;
    const first = await runCli(["admin", "bootstrap", "--email", email, "--display-name", "Ops Person"], databaseUrl);
    expect(first.code, first.stderr).toBe(0);
    const token = first.stdout.trim();
    expect(token).toMatch(/^\S{20,}$/);
    expect(first.stderr).toContain(`${email}: created as admin`);
    expect(first.stderr).not.toContain(token);
    const user = await userFromBearer(db, `Bearer ${token}`);
    expect(user).toMatchObject({ email, role: "admin" });
    await expect(db.user.findUniqueOrThrow({ where: { email } })).resolves.toMatchObject({ name: "Ops Person", role: "admin" });

    const again = await runCli(["admin", "bootstrap", "--email", email], databaseUrl);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain("already an admin");
    expect(again.stdout.trim()).not.toBe(token);
    const audit = await db.auditLog.findMany({ where: { targetType: "user", targetId: user!.id } });
    expect(audit.map((a) => a.action)).toEqual(["role.set.admin"]);
  });

  test("--name, the older spelling of --display-name, still names the person; a name with a bidi override is refused", async () => {
    const email = `boot-old-${run}@example.org`;
    const old = await runCli(["admin", "bootstrap", "--email", email, "--name", "Old Flag"], databaseUrl);
    expect(old.code, old.stderr).toBe(0);
    await expect(db.user.findUniqueOrThrow({ where: { email } })).resolves.toMatchObject({ name: "Old Flag" });
    const bidi = await runCli(["admin", "bootstrap", "--email", email, "--display-name", "Eve\u202eevil"], databaseUrl);
    expect(bidi.code).toBe(1);
    expect(bidi.stderr).toContain("--display-name contains the bidirectional control character U+202E");
  });

  test("token create --token-name names the token (--name kept as its older spelling), never the person", async () => {
    const email = `tok-${run}@example.org`;
    const made = await runCli(["token", "create", "--email", email, "--token-name", "laptop"], databaseUrl);
    expect(made.code, made.stderr).toBe(0);
    const old = await runCli(["token", "create", "--email", email, "--name", "ci"], databaseUrl);
    expect(old.code, old.stderr).toBe(0);
    const user = await db.user.findUniqueOrThrow({ where: { email }, select: { name: true, apiTokens: { select: { name: true }, orderBy: { createdAt: "asc" } } } });
    expect(user.name).toBeNull();
    expect(user.apiTokens.map((t) => t.name)).toEqual(["laptop", "ci"]);
  });

  test("a bad address is refused with the option's name", async () => {
    const bad = await runCli(["admin", "bootstrap", "--email", "nope"], databaseUrl);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--email must be an e-mail address");
  });

  test.each([
    ["token", "create"],
    ["admin", "bootstrap"],
  ])("%s %s prints the token last: stdout and stderr on one terminal end with it", async (...command) => {
    const email = `last-${command[0]}-${run}@example.org`;
    // one pipe for both streams, as a terminal shows them (the note came after the token)
    const cli = ["--import", "tsx", path.resolve("scripts/alpsbench.ts"), ...command, "--email", email];
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn("sh", ["-c", '"$@" 2>&1', "sh", process.execPath, ...cli], {
        env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production" },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let text = "";
      child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      child.on("error", reject);
      child.on("close", (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}: ${text}`))));
    });
    const lines = out.trim().split("\n");
    expect(lines.at(-1)).toMatch(/^abk_[A-Za-z0-9_-]{43}$/);
    expect(lines.length).toBeGreaterThan(1);
  });
});
