import { expect, test } from "vitest";

test("the jitless setting, written without importing zod, is the one zod reads", async () => {
  await import("./zod-jitless");
  const { z } = await import("zod");
  expect(z.config().jitless).toBe(true);
  const { z: mini } = await import("zod/mini");
  expect(mini.config().jitless).toBe(true);
});
