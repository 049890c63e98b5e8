import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/lib/db/create-client";
import type { BenchmarkImporter } from "../../types";
import { LOGGED_FILE, parseLoggedRuns, parsePlottedRuns, PLOTTED_FILE } from "../reported-runs";
import { findParquetFiles } from "./find-parquet";
import { classifyParquet, loadHfFolder } from "./load-hf-folder";
import { selectionBaselines } from "../selection-track";
import { saveRun } from "../db/save-run";
import { evaluationSetIsSynthetic } from "../db/synthetic-data";
import { readEvalUsers, readPrompts } from "../db/read-input";

/**
 * `alpsbench import --from <folder>` for PersonalLLM: the Hugging Face parquet files (evaluation set and the
 * main dataset's test split) and the reported figures (shared/data/personalllm: the paper's plotted runs and
 * the logged runs). Each replaces its tables in one transaction, after the whole folder validated.
 */

async function hasHfParquet(folder: string): Promise<boolean> {
  if (!existsSync(folder)) return false;
  for (const file of await findParquetFiles(folder)) if ((await classifyParquet(file)) !== "other") return true;
  return false;
}

async function storeHfData(db: Db, folder: string, log: (line: string) => void) {
  const data = await loadHfFolder(folder);
  if (data.users.length === 0 && data.prompts.length === 0) throw new Error(`${folder}: no PersonalLLM evaluation or test-split parquet rows`);
  const byPrompt = new Set(data.prompts.map((p) => p.prompt));
  const unmatched = data.prompts.length ? data.users.filter((u) => !byPrompt.has(u.testPrompt)).length : 0;
  if (unmatched) log(`${unmatched} evaluation user(s) have no matching test prompt: the selection track cannot score them`);
  await db.$transaction(
    async (tx) => {
      if (data.users.length) {
        await tx.pllmEvalUser.deleteMany();
        await tx.pllmEvalUser.createMany({
          data: data.users.map((u) => ({
            personId: u.personId,
            weights: u.weights,
            testPrompt: u.testPrompt,
            bestResponse: u.bestResponse ?? "",
            bestResponseReward: u.bestResponseReward,
            gpt4oResponse: u.gpt4oResponse ?? "",
            gpt4oReward: u.gpt4oReward,
          })),
        });
      }
      if (data.prompts.length) {
        await tx.pllmPrompt.deleteMany();
        await tx.pllmPrompt.createMany({ data: data.prompts.map((p) => ({ promptId: p.promptId, prompt: p.prompt, subset: p.subset, candidates: p.candidates })) });
      }
      // Selection baselines depend on both tables: recomputed whenever either changes (when both are there).
      const users = await readEvalUsers(tx);
      const prompts = await readPrompts(tx);
      await tx.pllmSubmission.deleteMany({ where: { origin: "baseline" } });
      const byText = new Set(prompts.map((p) => p.prompt));
      if (users.length && prompts.length && users.every((u) => byText.has(u.testPrompt))) {
        // the provenance of the data just imported, stored with each row computed from it
        const syntheticData = await evaluationSetIsSynthetic(tx);
        for (const b of selectionBaselines({ users, prompts })) {
          await saveRun(tx, "baseline", "selection", { name: b.name, organisation: null, syntheticData }, b.result);
        }
        log("selection baselines computed");
      }
    },
    { timeout: 300_000 },
  );
  return {
    lines: [
      `${data.users.length} evaluation users (${data.files.eval.length} file(s))`,
      `${data.prompts.length} test prompts (${data.files.prompts.length} file(s); ${data.files.skipped.length} skipped)`,
    ],
    counts: { users: data.users.length, prompts: data.prompts.length },
  };
}

async function storeReportedRuns(db: Db, folder: string) {
  const logged = parseLoggedRuns(await readFile(path.join(folder, LOGGED_FILE), "utf8"));
  const paper = parsePlottedRuns(await readFile(path.join(folder, PLOTTED_FILE), "utf8"), logged);
  await db.$transaction([
    db.pllmReportedRun.deleteMany(),
    db.pllmReportedRun.createMany({ data: [...paper, ...logged].map((r) => ({ ...r, meanZ: r.meanZ ?? undefined })) }),
  ]);
  return { lines: [`${paper.length} paper runs`, `${logged.length} logged runs`], counts: { paper: paper.length, logged: logged.length } };
}

/**
 * What each kind of folder does, by kind (its `describe` line is in the declaration, ../index.ts, which loads this
 * file when a folder is imported: the parquet reader and the writers stay out of the pages and routes).
 */
export const PERSONALLLM_IMPORTS: Record<"hfParquet" | "reportedRuns", Pick<BenchmarkImporter, "recognises" | "importInto">> = {
  hfParquet: { recognises: hasHfParquet, importInto: storeHfData },
  reportedRuns: {
    recognises: async (folder) => existsSync(path.join(folder, PLOTTED_FILE)) && existsSync(path.join(folder, LOGGED_FILE)),
    importInto: (db, folder) => storeReportedRuns(db, folder),
  },
};
