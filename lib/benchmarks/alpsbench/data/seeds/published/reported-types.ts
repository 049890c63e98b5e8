import type { SystemKind } from "@/lib/leaderboard/types";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

export type ReportedSourceKey = "site" | "paperT2" | "paperT3" | "paperT4";
export type ReportedFigure = readonly [systemSlug: string, source: ReportedSourceKey, track: TrackId, metric: string, value: number];

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

export const REPORTED_SYSTEMS: readonly ReportedSystem[] = [
  {
    slug: "gpt-5-2",
    name: "GPT-5.2",
    organisation: "OpenAI",
    kind: "general_llm",
    backbone: null,
    packetsModel: "gpt-5.2",
    description: "General-purpose LLM evaluated by the AlpsBench authors.",
  },
  {
    slug: "gpt-4-1-mini",
    name: "GPT-4.1-mini",
    organisation: "OpenAI",
    kind: "general_llm",
    backbone: null,
    packetsModel: "gpt-4.1-mini_again",
    description: "General-purpose LLM; also the backbone of every memory system in the paper.",
  },
  {
    slug: "deepseek-v3-2-thinking",
    name: "DeepSeek-v3.2 (thinking)",
    organisation: "DeepSeek",
    kind: "general_llm",
    backbone: null,
    packetsModel: "deepseek-reasoner",
    description: "deepseek-reasoner; the official site calls it DeepSeek Reasoner.",
  },
  {
    slug: "gemini-3-flash",
    name: "Gemini-3 Flash",
    organisation: "Google",
    kind: "general_llm",
    backbone: null,
    packetsModel: "gemini-3-flash-preview",
    description: "gemini-3-flash-preview.",
  },
  {
    slug: "llama-4-maverick",
    name: "Llama-4 Maverick",
    organisation: "Meta",
    kind: "general_llm",
    backbone: null,
    packetsModel: "llama-4-maverick",
    description: "General-purpose open-weights LLM.",
  },
  {
    slug: "claude-sonnet-4-5",
    name: "Claude-Sonnet-4.5",
    organisation: "Anthropic",
    kind: "general_llm",
    backbone: null,
    packetsModel: "claude-sonnet-4-5-20250929",
    description: "claude-sonnet-4-5-20250929.",
  },
  {
    slug: "qwen3-max",
    name: "Qwen3-max",
    organisation: "Alibaba (Qwen)",
    kind: "general_llm",
    backbone: null,
    packetsModel: "qwen3-max",
    description: "General-purpose LLM.",
  },
  {
    slug: "bm25-nltk",
    name: "BM25 (nltk)",
    organisation: "AlpsBench authors",
    kind: "retrieval_baseline",
    backbone: null,
    description: "Lexical retrieval baseline: nltk tokenisation + BM25 over candidate values.",
  },
  {
    slug: "all-minilm-l6-v2",
    name: "all-MiniLM-L6-v2",
    organisation: "AlpsBench authors",
    kind: "retrieval_baseline",
    backbone: null,
    description: "Dense retrieval baseline with the sentence-transformers all-MiniLM-L6-v2 embedding model.",
  },
  {
    slug: "evermemos",
    name: "EverMemOS",
    organisation: null,
    kind: "memory_system",
    backbone: "GPT-4.1-mini",
    description: "Memory system evaluated in the paper on a GPT-4.1-mini backbone.",
  },
  {
    slug: "a-mem",
    name: "A-Mem",
    organisation: null,
    kind: "memory_system",
    backbone: "GPT-4.1-mini",
    description: "Agentic memory system evaluated in the paper on a GPT-4.1-mini backbone.",
  },
  {
    slug: "memos",
    name: "MemOS",
    organisation: null,
    kind: "memory_system",
    backbone: "GPT-4.1-mini",
    description: "Memory operating system evaluated in the paper on a GPT-4.1-mini backbone.",
  },
  {
    slug: "memos-no-dial",
    name: "MemOS (no dialogue)",
    organisation: null,
    kind: "memory_system",
    backbone: "GPT-4.1-mini",
    description: "MemOS without dialogue context (paper Table 3).",
  },
  {
    slug: "mem0",
    name: "Mem0",
    organisation: null,
    kind: "memory_system",
    backbone: "GPT-4.1-mini",
    description: "Memory layer evaluated in the paper on a GPT-4.1-mini backbone.",
  },
  { slug: "mem0g", name: "Mem0g", organisation: null, kind: "memory_system", backbone: "GPT-4.1-mini", description: "Mem0 with graph memory." },
  {
    slug: "lightmem",
    name: "LightMem",
    organisation: null,
    kind: "memory_system",
    backbone: "GPT-4.1-mini",
    description: "Lightweight memory system evaluated in the paper on a GPT-4.1-mini backbone.",
  },
  {
    slug: "memoryos",
    name: "MemoryOS",
    organisation: null,
    kind: "memory_system",
    backbone: "GPT-4.1-mini",
    description: "Memory operating system evaluated in the paper on a GPT-4.1-mini backbone (Task 4 only).",
  },
  {
    slug: "ground-truth-memory",
    name: "Ground-truth memory (oracle)",
    organisation: "AlpsBench authors",
    kind: "memory_system",
    backbone: "GPT-4.1-mini",
    description: "Reference row: the query presented together with the ground-truth memories (an upper bound, not a system).",
  },
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
