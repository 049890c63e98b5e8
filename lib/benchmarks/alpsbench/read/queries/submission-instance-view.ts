import { z } from "zod";

/**
 * Pure shaping of one instance's stored JSON into what the submission page shows: the model input as
 * titled dialogue sections (what the model saw), and memory items as display rows. Stored JSON is parsed,
 * never cast: a field of an unexpected shape is shown as its JSON text rather than breaking the page.
 */

type Turn = { role: string; text: string };
export type InputSection = { title: string; turns?: Turn[]; text?: string; items?: MemoryItemView[] };
export type MemoryItemView = { id: string | null; label: string; value: string; type: string; confidence: string };

const TurnSchema = z.object({ role: z.unknown(), text: z.unknown() });
const Record_ = z.record(z.string(), z.unknown());

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function turnsOf(value: unknown): Turn[] | null {
  const parsed = z.array(TurnSchema).safeParse(value);
  return parsed.success ? parsed.data.map((t) => ({ role: text(t.role), text: text(t.text) })) : null;
}

/** A memory item as shown, whatever was submitted: a non-object item is shown as its JSON text. */
export function memoryItemView(item: unknown): MemoryItemView {
  const parsed = Record_.safeParse(item);
  if (!parsed.success) return { id: null, label: "", value: text(item), type: "", confidence: "" };
  const r = parsed.data;
  return {
    id: r.memory_id === undefined || r.memory_id === null ? null : text(r.memory_id),
    label: text(r.label),
    value: text(r.value),
    type: text(r.type),
    confidence: text(r.confidence),
  };
}

export function memoryItemsOf(value: unknown): unknown[] {
  const parsed = Record_.safeParse(value);
  if (!parsed.success) return [];
  const items = parsed.data.memory_items;
  return Array.isArray(items) ? items : [];
}

/** The model input of an instance of `task` as titled sections. Task 3's candidate list is summarised, not listed. */
export function inputSections(task: string, input: unknown): InputSection[] {
  const parsed = Record_.safeParse(input);
  if (!parsed.success) return [{ title: "Input", text: text(input) }];
  const r = parsed.data;
  const sections: InputSection[] = [];
  const dialogue = (title: string, value: unknown) => {
    if (value === undefined) return;
    const turns = turnsOf(value);
    sections.push(turns ? { title, turns } : { title, text: text(value) });
  };
  if (task === "task1") dialogue("Dialogue", r.dialogue);
  else if (task === "task2") {
    dialogue("Earlier dialogue", r.old_dialogue);
    dialogue("New dialogue", r.new_dialogue);
    if (Array.isArray(r.memory)) sections.push({ title: "Memory before the update", items: r.memory.map(memoryItemView) });
  } else if (task === "task3") {
    sections.push({ title: "Question", text: text(r.query) });
    if (typeof r.candidate_count === "number") sections.push({ title: "Candidates", text: `${r.candidate_count} candidate memories` });
  } else if (task === "task4") {
    if (Array.isArray(r.queries)) {
      sections.push({
        title: "Queries",
        turns: r.queries.map((q) => {
          const query = Record_.safeParse(q);
          return { role: query.success ? text(query.data.query_id) : "", text: query.success ? text(query.data.query) : text(q) };
        }),
      });
    }
    if (r.selected_memory !== undefined) sections.push({ title: "Memory given to the model", items: [memoryItemView(r.selected_memory)] });
    dialogue("Dialogue history", r.dialogue_history);
  }
  return sections.length > 0 ? sections : [{ title: "Input", text: text(input) }];
}
