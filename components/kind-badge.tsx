import type { RowKind } from "@/lib/leaderboard/enums";

export const KIND_LABEL: Record<RowKind, string> = {
  general_llm: "LLM",
  memory_system: "memory system",
  retrieval_baseline: "retrieval baseline",
  baseline: "reference baseline",
};

const KIND_DESCRIPTION: Record<RowKind, string> = {
  general_llm: "A general-purpose language model prompted directly.",
  memory_system: "A dedicated memory system (extraction, storage and retrieval around a backbone model).",
  retrieval_baseline: "A non-generative retrieval baseline (e.g. BM25 or dense embeddings).",
  baseline:
    "A reference row computed by this server from the data (empty prediction, copy the input, first, random or oracle pick, BM25): shown where it lands, never ranked.",
};

/** Neutral outline badge: kind is context, not a judgement, so it gets no colour of its own. */
export function KindBadge({ kind }: { kind: RowKind }) {
  return (
    <span
      className="inline-flex items-center rounded border border-line-strong px-1.5 py-px text-[0.6875rem] leading-4 font-medium whitespace-nowrap text-fg-muted"
      title={KIND_DESCRIPTION[kind]}
    >
      {KIND_LABEL[kind]}
    </span>
  );
}
