import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { cliCommand, SITE } from "./site";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Every source file of the app (not tests, not generated code), relative to the repository. */
function sourceFiles(): string[] {
  const files = ["app", "components", "lib", "scripts"].flatMap((top) =>
    readdirSync(path.join(ROOT, top), { recursive: true, encoding: "utf8" }).map((file) => path.join(top, file)),
  );
  return [...files, "proxy.ts", "next.config.ts"].filter(
    (file) => /\.(ts|tsx|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith(path.join("lib", "generated")),
  );
}

describe("the platform's name, said once (lib/platform/site.ts)", () => {
  test("no other source file's code spells the site's name or its command line", () => {
    const spelled = [SITE.name, `npm run ${SITE.cliName} `, `npm run --silent ${SITE.cliName} `];
    const offenders = sourceFiles()
      .filter((file) => file !== path.join("lib", "platform", "site.ts"))
      .flatMap((file) => {
        // comment lines may name the command as a reader types it; code and the texts it prints may not
        const text = readFileSync(path.join(ROOT, file), "utf8")
          .split("\n")
          .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
          .join("\n");
        return spelled.filter((words) => text.includes(words)).map((words) => `${file}: "${words}"`);
      });
    expect(offenders).toEqual([]);
  });

  test("`npm run <cliName>` runs the command line, so every printed command works", () => {
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    const entry = scripts[SITE.cliName]?.match(/^tsx (scripts\/[\w-]+\.ts)$/)?.[1];
    expect(entry, `package.json has no "${SITE.cliName}" script running a tsx entry`).toBeDefined();
    expect(readFileSync(path.join(ROOT, entry!), "utf8")).toContain("buildProgram(");
    expect(cliCommand("verify pack.zip", { silent: true })).toBe(`npm run --silent ${SITE.cliName} -- verify pack.zip`);
  });
});
