import type { ModelFacts } from "@/lib/model-facts/facts";

/**
 * Public facts of the reported systems' models, each with the page that states it (the model card or the maker's
 * announcement). Only what such a page gives and we are sure of: proprietary models' sizes are not published, and a
 * date or size no source gives stays empty. Memory systems have none: their model is their backbone (GPT-4.1-mini,
 * proprietary) and their code licence is not a model fact; BM25 is no model. Seeded on every start
 * (seed-reported.ts), so the code is their one source; docs/model-facts.md. GPT-5.2, Gemini-3 Flash and Qwen3-max have
 * none here: no model card we could check states their licence or date (their open_weights false is the reported
 * system's own field).
 */
type SourcedFacts = { facts: ModelFacts; sources: Partial<Record<keyof ModelFacts, string>> };

const LLAMA4_MAVERICK = "https://huggingface.co/meta-llama/Llama-4-Maverick-17B-128E-Instruct";
const DEEPSEEK_V32 = "https://huggingface.co/deepseek-ai/DeepSeek-V3.2";
const MINILM = "https://huggingface.co/sentence-transformers/all-MiniLM-L6-v2";
const GPT41_MINI = "https://openai.com/index/gpt-4-1/";
const SONNET45 = "https://www.anthropic.com/news/claude-sonnet-4-5";

export const REPORTED_FACTS: Readonly<Record<string, SourcedFacts>> = {
  "llama-4-maverick": {
    // mixture of experts: 128 experts, 17B active of 400B total; Llama 4 Community License; released 2025-04-05
    facts: { paramsB: 400, activeParamsB: 17, license: "llama4", openWeights: true, releaseDate: "2025-04-05", modelUrl: LLAMA4_MAVERICK },
    sources: { paramsB: LLAMA4_MAVERICK, activeParamsB: LLAMA4_MAVERICK, license: LLAMA4_MAVERICK, openWeights: LLAMA4_MAVERICK, releaseDate: LLAMA4_MAVERICK },
  },
  "deepseek-v3-2-thinking": {
    // the card's 685B counts the 671B main model and its 14B multi-token-prediction module; 37B active per token; MIT
    facts: { paramsB: 685, activeParamsB: 37, license: "MIT", openWeights: true, modelUrl: DEEPSEEK_V32 },
    sources: { paramsB: DEEPSEEK_V32, activeParamsB: DEEPSEEK_V32, license: DEEPSEEK_V32, openWeights: DEEPSEEK_V32 },
  },
  "all-minilm-l6-v2": {
    // 22.7M parameters (a 6-layer BERT of hidden size 384); Apache-2.0
    facts: { paramsB: 0.0227, license: "Apache-2.0", openWeights: true, modelUrl: MINILM },
    sources: { paramsB: MINILM, license: MINILM, openWeights: MINILM },
  },
  "gpt-4-1-mini": {
    facts: { license: "proprietary", openWeights: false, releaseDate: "2025-04-14", modelUrl: GPT41_MINI },
    sources: { license: GPT41_MINI, openWeights: GPT41_MINI, releaseDate: GPT41_MINI },
  },
  "claude-sonnet-4-5": {
    facts: { license: "proprietary", openWeights: false, releaseDate: "2025-09-29", modelUrl: SONNET45 },
    sources: { license: SONNET45, openWeights: SONNET45, releaseDate: SONNET45 },
  },
};
