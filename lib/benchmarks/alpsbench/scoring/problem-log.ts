/**
 * Collects human-readable notes about input that could not be scored as
 * given. Capped so that a 10,000-item garbage submission yields a short,
 * still honest list ("… and N more").
 */
export interface ProblemLog {
  add(message: string): void;
  list(): string[];
}

export function createProblemLog(limit = 25): ProblemLog {
  const messages: string[] = [];
  let dropped = 0;
  return {
    add(message) {
      if (messages.length < limit) messages.push(message);
      else dropped++;
    },
    list() {
      return dropped > 0 ? [...messages, `… and ${dropped} more problem(s)`] : [...messages];
    },
  };
}

/** Short description of a value's JSON kind, for messages. */
export function kindOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "list";
  if (typeof v === "object") return "object";
  return typeof v;
}

/** A short, safe preview of a value for messages. */
export function preview(v: unknown): string {
  let s: string;
  try {
    s = typeof v === "string" ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  } catch {
    s = String(v);
  }
  return s.length > 40 ? s.slice(0, 37) + "…" : s;
}
