import pg from "pg";
import { afterAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { runCli } from "../e2e/submissions-helpers";

/**
 * Issue 30 item 4: `admin bootstrap` run during the start-up import failed on Prisma's interactive-transaction
 * timeout (5 s: "Transaction API error: ... expired transaction"), although nothing was wrong but a busy server.
 * Here another transaction holds the user's row for 8 s (as a long import holds rows): the command waits for it and
 * succeeds (lib/db/operator-transaction.ts), where it failed before.
 */
const databaseUrl = inject("databaseUrl");
const db = createPrismaClient(databaseUrl);
afterAll(() => db.$disconnect());

describe("an operator's command waits for a busy database instead of failing", () => {
  test("admin bootstrap while another transaction holds the user's row for 8 s", async () => {
    const email = `busy-admin-${Date.now().toString(36)}@example.org`;
    await db.user.create({ data: { email } });
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query(`SELECT id FROM "User" WHERE email = $1 FOR UPDATE`, [email]);
      const command = runCli(["admin", "bootstrap", "--email", email], databaseUrl);
      // released once the command has been waiting on the row past Prisma's 5 s default
      const released = (async () => {
        for (let waited = 0; waited < 120; waited += 1) {
          const [waiting] = await db.$queryRawUnsafe<{ n: number }[]>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
          );
          if (waiting!.n > 0) break;
          await new Promise((r) => setTimeout(r, 500));
        }
        await new Promise((r) => setTimeout(r, 8_000));
        await holder.query("COMMIT");
      })();
      const result = await command;
      await released;
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).not.toMatch(/Transaction API error|expired transaction/);
      expect((await db.user.findUniqueOrThrow({ where: { email } })).role).toBe("admin");
    } finally {
      await holder.end();
    }
  }, 300_000);
});
