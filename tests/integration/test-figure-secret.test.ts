import { afterAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { testFigureNoise, testFigureSecret } from "@/lib/benchmarks/alpsbench/pipeline/test-figure-noise";

const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());

describe("the secret behind the noise of uploads' test figures", () => {
  test("created once: parallel first calls and later calls read the same secret, stored in the database", async () => {
    const secrets = await Promise.all(Array.from({ length: 8 }, () => testFigureSecret(db)));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(40); // 32 random bytes, base64url
    expect(await testFigureSecret(db)).toBe(secrets[0]);
    expect(await db.serverSecret.count({ where: { name: "test-figure-noise" } })).toBe(1);
  });

  test("draws: deterministic per (secret, submission, track, figure), in (0, 1), and unrelated across submissions", () => {
    const draw = testFigureNoise("s".repeat(43), "sub-a", "task2");
    expect(draw("f1")).toBe(testFigureNoise("s".repeat(43), "sub-a", "task2")("f1"));
    expect(draw("f1")).not.toBe(testFigureNoise("s".repeat(43), "sub-b", "task2")("f1"));
    expect(draw("f1")).not.toBe(testFigureNoise("t".repeat(43), "sub-a", "task2")("f1"));
    expect(draw("f1")).not.toBe(draw("recall"));
    const many = Array.from({ length: 20_000 }, (_, i) => testFigureNoise("k".repeat(43), `sub-${i}`, "task1")("f1"));
    expect(Math.min(...many)).toBeGreaterThan(0);
    expect(Math.max(...many)).toBeLessThan(1);
    const mean = many.reduce((a, b) => a + b, 0) / many.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.01); // sd of the mean: 0.29 / sqrt(20,000) = 0.002
    expect(many.filter((u) => u < 0.1).length / many.length).toBeCloseTo(0.1, 1);
  });
});
