/** The kinds an uploader may give a system (never `baseline`: reference rows are the server's own). */
export const USER_SYSTEM_KINDS = ["general_llm", "memory_system", "retrieval_baseline"] as const;
