import type { SystemKind } from "@/lib/leaderboard/types";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

export type ReportedSourceKey = "site" | "paperT2" | "paperT3" | "paperT4";
export type ReportedFigure = readonly [systemSlug: string, source: ReportedSourceKey, track: TrackId, metric: string, value: number];
type Cell = readonly [track: TrackId, metric: string];

/** The cells of the paper's Table 4 (and its rows of Table 2's Task 4 and EI columns), in the table's order. */
export const PAPER_T4_CELLS: readonly Cell[] = [
  ["task4/ability1", "score"],
  ["task4/ability2", "pf_general"],
  ["task4/ability2", "pf_interaction"],
  ["task4/ability3", "score"],
  ["task4/ability4", "score"],
  ["task4/ability5", "ei_en"],
  ["task4/ability5", "ei_zh"],
];

/** A published table as figures, system by system: each system's values are those of `cells`, in that order. */
export function figureRows(source: ReportedSourceKey, cells: readonly Cell[], rows: Readonly<Record<string, readonly number[]>>): ReportedFigure[] {
  return Object.entries(rows).flatMap(([slug, values]) => {
    if (values.length !== cells.length) throw new Error(`${source} ${slug}: ${values.length} values for ${cells.length} cells`);
    return cells.map(([track, metric], i): ReportedFigure => [slug, source, track, metric, values[i] as number]);
  });
}

const PAPER = "https://github.com/ThisIsCosine/AlpsBench";
const SITE = "https://misshsiaoo.github.io/Alps_Bench/";

export const REPORTED_SOURCES: Record<ReportedSourceKey, { label: string; url: string }> = {
  site: { label: "Official AlpsBench leaderboard", url: SITE },
  paperT2: { label: "AlpsBench paper, Table 2", url: PAPER },
  paperT3: { label: "AlpsBench paper, Table 3", url: PAPER },
  paperT4: { label: "AlpsBench paper, Table 4", url: PAPER },
};

export type ReportedSystem = {
  slug: string;
  name: string;
  organisation: string | null;
  kind: SystemKind;
  backbone: string | null;
  /** the key of this model's stored Task 1 outputs in the packets (task1.llm_outputs.<key>) */
  packetsModel?: string;
  /** the model's facts (open weights, size, licence, links) are in reported-facts.ts, each with its source */
  description: string;
};

const llm = (slug: string, name: string, organisation: string, packetsModel: string, description: string): ReportedSystem => {
  return { slug, name, organisation, kind: "general_llm", backbone: null, packetsModel, description };
};
const baseline = (slug: string, name: string, description: string): ReportedSystem => {
  return { slug, name, organisation: "AlpsBench authors", kind: "retrieval_baseline", backbone: null, description };
};
/** every memory system of the paper runs on a GPT-4.1-mini backbone */
const memorySystem = (slug: string, name: string, description: string, organisation: string | null = null): ReportedSystem => {
  return { slug, name, organisation, kind: "memory_system", backbone: "GPT-4.1-mini", description };
};

export const REPORTED_SYSTEMS: readonly ReportedSystem[] = [
  llm("gpt-5-2", "GPT-5.2", "OpenAI", "gpt-5.2", "General-purpose LLM evaluated by the AlpsBench authors."),
  llm("gpt-4-1-mini", "GPT-4.1-mini", "OpenAI", "gpt-4.1-mini_again", "General-purpose LLM; also the backbone of every memory system in the paper."),
  llm("deepseek-v3-2-thinking", "DeepSeek-v3.2 (thinking)", "DeepSeek", "deepseek-reasoner", "deepseek-reasoner; the official site calls it DeepSeek Reasoner."),
  llm("gemini-3-flash", "Gemini-3 Flash", "Google", "gemini-3-flash-preview", "gemini-3-flash-preview."),
  llm("llama-4-maverick", "Llama-4 Maverick", "Meta", "llama-4-maverick", "General-purpose open-weights LLM."),
  llm("claude-sonnet-4-5", "Claude-Sonnet-4.5", "Anthropic", "claude-sonnet-4-5-20250929", "claude-sonnet-4-5-20250929."),
  llm("qwen3-max", "Qwen3-max", "Alibaba (Qwen)", "qwen3-max", "General-purpose LLM."),
  baseline("bm25-nltk", "BM25 (nltk)", "Lexical retrieval baseline: nltk tokenisation + BM25 over candidate values."),
  baseline("all-minilm-l6-v2", "all-MiniLM-L6-v2", "Dense retrieval baseline with the sentence-transformers all-MiniLM-L6-v2 embedding model."),
  memorySystem("evermemos", "EverMemOS", "Memory system evaluated in the paper on a GPT-4.1-mini backbone."),
  memorySystem("a-mem", "A-Mem", "Agentic memory system evaluated in the paper on a GPT-4.1-mini backbone."),
  memorySystem("memos", "MemOS", "Memory operating system evaluated in the paper on a GPT-4.1-mini backbone."),
  memorySystem("memos-no-dial", "MemOS (no dialogue)", "MemOS without dialogue context (paper Table 3)."),
  memorySystem("mem0", "Mem0", "Memory layer evaluated in the paper on a GPT-4.1-mini backbone."),
  memorySystem("mem0g", "Mem0g", "Mem0 with graph memory."),
  memorySystem("lightmem", "LightMem", "Lightweight memory system evaluated in the paper on a GPT-4.1-mini backbone."),
  memorySystem("memoryos", "MemoryOS", "Memory operating system evaluated in the paper on a GPT-4.1-mini backbone (Task 4 only)."),
  memorySystem(
    "ground-truth-memory",
    "Ground-truth memory (oracle)",
    "Reference row: the query presented together with the ground-truth memories (an upper bound, not a system).",
    "AlpsBench authors",
  ),
];

/** The authors' judge, as far as the sources say (the exact snapshot and prompt are not published with the figures). */
export const REPORTED_JUDGE_PROFILE = {
  hash: "reported:alpsbench-authors",
  name: "AlpsBench authors' judge (DeepSeek, as reported)",
  provider: "deepseek",
  baseUrl: "https://api.deepseek.com",
  model: "deepseek-chat / DeepSeek-v3.2 (as reported; snapshot not published)",
  promptTemplateVersion: "authors (unpublished with the figures)",
  temperature: 0,
  maxTokens: 0,
} as const;
