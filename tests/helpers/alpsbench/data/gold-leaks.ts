import type { NormalizedInstance } from "@/lib/benchmarks/alpsbench/data/normalized-instance";

/**
 * Keys that only gold carries. Finding one anywhere inside a model input means a reader copied gold
 * into what models (and downloads) see. Task 4 ability 1's `selected_memory` is model input by
 * design (see normalized-instance.ts) and is checked separately.
 */
const GOLD_KEYS = new Set([
  "gold",
  "golden_answer",
  "ground_truth_memories",
  "selected_memory_id",
  "task2_selected_memory_id",
  "task2_selected_memory",
  "task3_selected_memory_id",
  "task3_selected_memory",
  "task4_selected_memory_id",
  "task4_selected_memory",
  "memory_key",
  "extracted_memory",
  "llm_outputs",
]);

function walk(value: unknown, path: string, visit: (path: string, key: string | null, leaf: unknown) => void): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(item, `${path}[${i}]`, visit));
  } else if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      visit(`${path}.${key}`, key, child);
      walk(child, `${path}.${key}`, visit);
    }
  } else {
    visit(path, null, value);
  }
}

/**
 * Problems found when looking for gold inside an instance's model input (empty = clean):
 * - any gold-only key anywhere in `input`;
 * - Task 2: the value of a gold memory that is not in the pool (`<id>_updated`, `m_new_<n>`) as a
 *   substring of an input text other than the dialogues and the pool (the instruction, any other
 *   field): the update's answer must stay server-side. Dialogue turns are skipped unless `includeDialogue` is set: real dialogues
 *   restate short values verbatim (17 of the 2,272 packets' Task 2 instances, e.g. a job title the
 *   user types), which is the benchmark's content, not a leak. The pool is not searched (an update
 *   may keep or merge into an old value) but must not hold updated-list ids (`_updated`, `m_new_`);
 * - Task 4 abilities 2-5: a `selected_memory` in the input (only ability 1 hands the memory over).
 */
export function goldLeaks(instance: NormalizedInstance, options: { includeDialogue?: boolean } = {}): string[] {
  const problems: string[] = [];
  const strings: { path: string; text: string }[] = [];
  walk(instance.input, "input", (path, key, leaf) => {
    if (key !== null && GOLD_KEYS.has(key)) problems.push(`${path}: gold-only key "${key}" in model input`);
    if (typeof leaf === "string") strings.push({ path, text: leaf });
  });

  if (instance.track === "task2") {
    const pool = instance.input.memory;
    pool.forEach((m, i) => {
      if (/_updated$|^m_new_/.test(m.memory_id)) problems.push(`input.memory[${i}].memory_id: ${JSON.stringify(m.memory_id)} is an id of the updated list`);
    });
    if (instance.gold) {
      const poolIds = new Set(pool.map((m) => m.memory_id));
      for (const item of instance.gold.memory_items) {
        if (poolIds.has(item.memory_id) || item.value.trim() === "") continue;
        const hit = strings.find((s) => {
          // The pool is the state before the update, guarded by the id check above: an update may
          // keep or merge into an old value (real data: "m2_updated" equal to pool "m1").
          if (/^input\.memory\[/.test(s.path)) return false;
          if (!options.includeDialogue && /^input\.(old_|new_)?dialogue\[/.test(s.path)) return false;
          return s.text.includes(item.value);
        });
        if (hit) problems.push(`${hit.path}: contains the value of gold memory ${item.memory_id} (${JSON.stringify(item.value)})`);
      }
    }
  }
  if (instance.track.startsWith("task4/") && instance.track !== "task4/ability1" && "selected_memory" in instance.input) {
    problems.push(`input.selected_memory: only ability 1 gives the memory to the model`);
  }
  return problems;
}
