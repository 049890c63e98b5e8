import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { createTokenViaCli, demoTask1Predictions, e2eDb, uploadMultipart } from "./submissions-helpers";

/**
 * An unexpected error inside the upload handler, over real HTTP: the answer is the generic 500 (nothing of what
 * broke), and the one transaction that stores an upload leaves no half-written row. The error is planted in the
 * database: a trigger refuses to queue the scoring job of this test's system, i.e. after the system, the
 * submission and its file were written in the same transaction.
 */

const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const SYSTEM = `e2e-internal-error-${randomUUID().slice(0, 8)}`;
const TRIGGER = "e2e_upload_internal_error";

let db: Db;
let token: string;

beforeAll(async () => {
  db = e2eDb(databaseUrl);
  token = await createTokenViaCli(databaseUrl, `internal-error-${randomUUID().slice(0, 8)}@e2e.test`);
  await db.$executeRawUnsafe(`
    CREATE OR REPLACE FUNCTION ${TRIGGER}() RETURNS trigger AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM "Submission" s JOIN "System" y ON y.id = s."systemId" WHERE s.id = NEW.data->>'submissionId' AND y.name = '${SYSTEM}') THEN
        RAISE EXCEPTION 'planted failure: relation "secret_internal_table" does not exist';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  await db.$executeRawUnsafe(`CREATE TRIGGER ${TRIGGER} BEFORE INSERT ON pgboss.job FOR EACH ROW EXECUTE FUNCTION ${TRIGGER}()`);
});

afterAll(async () => {
  await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${TRIGGER} ON pgboss.job`);
  await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS ${TRIGGER}()`);
  await db.$disconnect();
});

async function rowsOfSystem() {
  const systems = await db.system.count({ where: { name: SYSTEM } });
  const submissions = await db.submission.count({ where: { system: { name: SYSTEM } } });
  return { systems, submissions };
}

describe("an unknown error inside POST /api/v1/submissions", () => {
  test("answers the generic 500 and stores nothing; the same upload goes through once the fault is gone", async () => {
    const file = await demoTask1Predictions(baseUrl);
    const fields = { benchmark: "demo", task: "task1", split: "dev", model: SYSTEM };
    const failed = await uploadMultipart(baseUrl, { token, fields, file });
    expect(failed).toEqual({
      status: 500,
      body: { error: { code: "internal", message: "Something went wrong on our side. Please try again; if it persists, tell the maintainers." } },
    });
    expect(JSON.stringify(failed.body)).not.toMatch(/secret_internal_table|planted|pgboss/);
    expect(await rowsOfSystem()).toEqual({ systems: 0, submissions: 0 });

    await db.$executeRawUnsafe(`DROP TRIGGER ${TRIGGER} ON pgboss.job`);
    const stored = await uploadMultipart(baseUrl, { token, fields, file });
    expect(stored.status, JSON.stringify(stored.body)).toBe(202);
    expect(stored.body.duplicate).toBe(false);
    expect(await rowsOfSystem()).toEqual({ systems: 1, submissions: 1 });
  });
});
