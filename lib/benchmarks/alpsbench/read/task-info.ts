/** Plain-language descriptions of the four tasks, shown on task pages and the About page. */
export const TASK_INFO = {
  task1: {
    name: "Task 1 · Personalized information extraction",
    short: "Read a real dialogue and write down what it reveals about the user as structured memories.",
    long: "The model reads one user's real WildChat dialogue and extracts memory items (type direct or indirect, a label from a 34-label taxonomy, a value and a confidence). Predicted items are matched one-to-one to the human-verified gold memories by a similarity of label, value, type and confidence; precision, recall and F1 count the matches, and the algo score blends match quality with F1.",
  },
  task2: {
    name: "Task 2 · Personalized information update",
    short: "Given existing memories and a new dialogue, keep, modify or add memories.",
    long: "The model sees the memory pool before the update, the earlier dialogue and a new dialogue, and returns the updated memory list. It is scored like Task 1 against the gold updated list; action accuracy checks whether each gold action (retain, modify, add) was carried out.",
  },
  task3: {
    name: "Task 3 · Personalized information retrieval",
    short: "Find the one relevant memory among 100 to 1,000 distractors.",
    long: "A user query comes with a pool of candidate memories: the relevant one plus N distractors from other users' memories (N = 100, 300, 500, 700, 1,000), on the authors' pools (server-pools-v4: at d100 the released candidate lists, larger sizes drawn the authors' way; older data versions keep the pools they were built with). Recall (exact id) checks the selected memory id; the authors' headline recall for LLMs asks an LLM judge whether the answer used the relevant memory, so server figures are exact-id recall until a judge scores the picks.",
  },
  task4: {
    name: "Task 4 · Personalized information utilization",
    short: "Answer a user in a way that respects what is known about them.",
    long: "Five abilities, each judged by an LLM: persona awareness (PA), preference following (PF, with general and interaction-style preferences), virtual-reality awareness (VRA: telling role-play from real facts), constraint following (CF) and emotional intelligence (EI: resonation, expression and reception rated 1-5, in English and Chinese).",
  },
} as const;
