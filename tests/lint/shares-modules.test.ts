import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { changesProcess, sharesModules } from "../shares-modules";
import { scratchDir } from "@/tests/helpers/scratch-dir";

/**
 * The integration files that leave the process as they found it share one process (vitest.config.ts), and so do all
 * e2e files: a file that mocked a module or set an environment variable there would change the files after it.
 */
const E2E = path.resolve(import.meta.dirname, "../e2e");

describe("what changes the process", () => {
  test.each([
    ["a mocked module", `vi.mock("server-only", () => ({}));`],
    ["a module mocked later", `vi.doMock("@/lib/auth/session", factory);`],
    ["an environment variable set", `process.env.DATABASE_URL = inject("databaseUrl");`],
    ["an environment variable set by name", `process.env["RATE_LIMIT_X"] = "2";`],
    ["a stubbed environment variable", `vi.stubEnv("TZ", "UTC");`],
    ["a stubbed global", `vi.stubGlobal("fetch", fake);`],
    ["a spy", `const spy = vi.spyOn(console, "error");`],
    ["a fake clock", `vi.useFakeTimers();`],
    ["a global set", `globalThis.fetch = fake;`],
  ])("%s", (_label, source) => expect(changesProcess(source)).toBe(true));

  test.each([
    ["an environment variable read", `const url = process.env.DATABASE_URL ?? inject("databaseUrl");`],
    ["an environment variable compared", `if (process.env.CI === "true") return;`],
    ["an environment variable passed to a child", `spawn(cmd, { env: { ...process.env, PORT: "1" } });`],
    ["a mock named in a comment's prose", `// nothing here mocks a module`],
  ])("not %s", (_label, source) => expect(changesProcess(source)).toBe(false));
});

test("no e2e file changes the process (they all run in one)", () => {
  const files = readdirSync(E2E).filter((file) => file.endsWith(".test.ts"));
  expect(files.length).toBeGreaterThan(30);
  expect(files.filter((file) => !sharesModules(path.join(E2E, file)))).toEqual([]);
});

test("a file shares the process only if no helper it imports changes it, however deep", () => {
  const dir = scratchDir("shares-modules-");
  const write = (name: string, source: string) => {
    writeFileSync(path.join(dir, name), source);
    return path.join(dir, name);
  };
  write("spies.ts", `export const quiet = () => vi.spyOn(console, "error");`);
  write("via.ts", `import { quiet } from "./spies";\nimport { loop } from "./loop";\nexport { quiet, loop };`);
  write("loop.ts", `import { quiet } from "./via";\nexport const loop = quiet;`);
  write("clean.ts", `import { a } from "./clean-too";\nexport const b = a;`);
  write("clean-too.ts", `import { c } from "./clean";\nexport const a = 1;`);
  expect(sharesModules(write("deep.test.ts", `import { quiet } from "./via";`))).toBe(false);
  expect(sharesModules(write("direct.test.ts", `const { quiet } = await import("./spies");`))).toBe(false);
  expect(sharesModules(write("fine.test.ts", `import { b } from "./clean";\nimport { x } from "@/lib/missing";`))).toBe(true);
});
