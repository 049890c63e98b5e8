import type { OneCallBenchmark, BenchmarkImporter } from "../types";
import { ATTRIBUTE_KEYS, readSettingsFilter } from "./build-board";
import { personalLlmCharts } from "./charts";
import { loadBoard } from "./db/load-board";
import { readEvalUsers, readPrompts } from "./db/read-input";
import { rewardsTrack } from "./rewards-track";
import { selectionTrack } from "./selection-track";
import { PERSONALLLM_VIEWS } from "./views";
import { cliCommand } from "@/lib/platform/site";

/** An importer of one kind of folder, loaded when a folder is imported (the parquet reader and the writers). */
function lazyImporter(describe: string, kind: "hfParquet" | "reportedRuns"): BenchmarkImporter {
  const load = async () => (await import("./import/importers")).PERSONALLLM_IMPORTS[kind];
  return {
    describe,
    recognises: async (folder) => (await load()).recognises(folder),
    importInto: async (db, folder, log) => (await load()).importInto(db, folder, log),
  };
}

/** PersonalLLM (Zollo, Siah et al., ICLR 2025) as a leaderboard module. */
export const personalLlm: OneCallBenchmark = {
  id: "personalllm",
  title: "PersonalLLM",
  description:
    "Memory-free preference alignment: adapt one response to a simulated user's latent preferences, a Dirichlet weighting of 10 reward models; scored as the persona-weighted z-scored reward and win rates against the best of 8 candidates and GPT-4o.",
  credit: {
    citation: "Zollo, Siah et al., PersonalLLM: Tailoring LLMs to Individual Preferences, ICLR 2025",
    dataLicence: "CC-BY-4.0",
    codeLicence: "Apache-2.0",
    url: "https://huggingface.co/datasets/namkoong-lab/PersonalLLM",
    note: "Dataset namkoong-lab/PersonalLLM and PersonalLLM_Eval; code namkoong-lab/PersonalLLM. Reported runs and the reward models' normalisation constants are taken from the authors' repository at commit 0fd9a3c; re-scored rows are recomputed here with the authors' scoring rule.",
  },
  // a row keyed by person_id is a PersonalLLM user's row (AlpsBench rows are keyed by benchmark_id)
  recognisesRows({ keys }) {
    if (!keys.includes("person_id") || keys.includes("benchmark_id")) return null;
    return keys.includes("choice")
      ? { track: "selection", why: "person_id names a PersonalLLM user and choice a candidate response" }
      : { track: "rewards", why: "person_id names a PersonalLLM user, whose rows carry reward scores" };
  },
  tracks: [rewardsTrack, selectionTrack],
  views: PERSONALLLM_VIEWS,
  // the evaluation users' weights and rewards are published with the dataset, so a perfect file proves nothing
  review: { reason: "the gold of every split is public, so a moderator checks a new best before it is ranked" },
  importers: [
    lazyImporter("PersonalLLM Hugging Face parquet (evaluation set, main dataset test split)", "hfParquet"),
    lazyImporter("PersonalLLM reported figures (paper plotted runs, logged runs)", "reportedRuns"),
  ],
  async loadView(db, viewId, params, uploads) {
    if (!PERSONALLLM_VIEWS.some((v) => v.id === viewId)) return null;
    const filter = readSettingsFilter(params);
    if (!filter.ok) return filter;
    const loaded = await loadBoard(db, viewId, filter.filter, uploads);
    return loaded ? { ok: true, view: { ...loaded, attributeKeys: ATTRIBUTE_KEYS } } : null;
  },
  async starterRun(db) {
    const { personalLlmStarterFiles } = await import("./db/starter-files");
    return personalLlmStarterFiles(db);
  },
  async readTrackInput(db, trackId) {
    const users = await readEvalUsers(db);
    if (users.length === 0) return null;
    if (trackId !== "selection") return { users };
    const prompts = await readPrompts(db);
    return prompts.length === 0 ? null : { users, prompts };
  },
  async evaluationDataIsSynthetic(db) {
    const { evaluationSetIsSynthetic } = await import("./db/synthetic-data");
    return evaluationSetIsSynthetic(db);
  },
  // the provenance of the data an upload was scored on, kept with it in its own table (its board reads it back)
  async onScored(tx, submissionId) {
    const { recordUploadScoring } = await import("./db/synthetic-data");
    await recordUploadScoring(tx, submissionId);
  },
  async seed(db) {
    const { seedPersonalLlmPaperRuns } = await import("./db/seed-paper-runs");
    return [`${(await seedPersonalLlmPaperRuns(db)).runs} reported runs`];
  },
  trackData: {
    async hasTrackData(db, trackId) {
      if ((await db.pllmEvalUser.count()) === 0) return false;
      return trackId !== "selection" || (await db.pllmPrompt.count()) > 0;
    },
    needs: (trackId) =>
      trackId === "selection"
        ? "the evaluation set (PersonalLLM_Eval parquet, Hugging Face namkoong-lab/PersonalLLM_Eval) and the main dataset's test split (PersonalLLM parquet, namkoong-lab/PersonalLLM, data/test-*.parquet)"
        : "the evaluation set (PersonalLLM_Eval parquet, Hugging Face namkoong-lab/PersonalLLM_Eval: person_id, person_weight, best_response_reward, gpt4o_reward)",
    importHow: `An operator downloads the parquet files into a folder and imports it with \`${cliCommand("import --from <folder>")}\` or BENCHMARK_DATA_DIRS=<folder> at \`npm start\` (docs/benchmarks/personalllm.md). The paper's published figures (../shared/data/personalllm) are reported figures only and hold no evaluation data.`,
  },
  async loadTrackInput(trackId, folder) {
    // the parquet reader, loaded for the offline `score` CLI only
    const { loadHfFolder } = await import("./import/load-hf-folder");
    const data = await loadHfFolder(folder);
    if (data.users.length === 0) throw new Error(`${folder}: no PersonalLLM evaluation-set parquet (a file with person_id and person_weight columns)`);
    if (trackId === "selection" && data.prompts.length === 0) throw new Error(`${folder}: the selection track also needs the main dataset's test-split parquet`);
    return trackId === "selection" ? { users: data.users, prompts: data.prompts } : { users: data.users };
  },
  charts: personalLlmCharts,
  // loaded when the CLI starts: the synthetic data writer stays out of the web server
  registerCommands: async (program) => (await import("./synthetic/register-cli")).register(program),
};
