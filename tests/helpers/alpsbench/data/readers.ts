import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect } from "vitest";
import { DatasetError } from "@/lib/benchmarks/alpsbench/data/errors";

/** The readers' test fixtures (tests/fixtures/datasets). */
export const fixtures = path.resolve(import.meta.dirname, "../../../fixtures/datasets");

/** Temporary directories for one test file, removed after each test. */
export function useTempDirs(prefix: string): { tempDir: () => Promise<string>; copyFixture: (fixture: string, name: string) => Promise<string> } {
  const temps: string[] = [];
  afterEach(async () => {
    await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), prefix));
    temps.push(dir);
    return dir;
  };
  /** A private copy of a fixture as `<tmp>/<name>`, so error paths are predictable. */
  const copyFixture = async (fixture: string, name: string) => {
    const root = path.join(await tempDir(), name);
    await cp(path.join(fixtures, fixture), root, { recursive: true });
    return root;
  };
  return { tempDir, copyFixture };
}

/** Rewrites a text file through `edit`. */
export async function editText(file: string, edit: (text: string) => string): Promise<void> {
  await writeFile(file, edit(await readFile(file, "utf8")));
}

export async function expectDatasetError(
  promise: Promise<unknown>,
  expected: Partial<Pick<DatasetError, "code" | "file" | "line" | "field" | "message" | "detail">>,
) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DatasetError);
  expect(error).toMatchObject(expected);
  return error as DatasetError;
}
