import { describe, expect, test } from "vitest";
import { isDatabaseUnreachable } from "./database-unreachable";

describe("which errors mean PostgreSQL is out of reach", () => {
  test("a refused or reset socket, a shutdown, Prisma's unreachable codes, also as the cause of a wrapper", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnreachable(refused)).toBe(true);
    expect(isDatabaseUnreachable(new Error("driver adapter error", { cause: refused }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error("x"), { code: "P1001" }))).toBe(true);
    expect(isDatabaseUnreachable(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  test("a wrong query or any other failure is not", () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('relation "x" does not exist'), { code: "42P01" }))).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error("unique"), { code: "P2002" }))).toBe(false);
    expect(isDatabaseUnreachable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });
});
