import type { Db } from "@/lib/db/create-client";
import { factColumns, type ModelFacts } from "./facts";

/**
 * A seed's write of a system's model facts that never undoes someone else's edit. The seed runs on every start; it
 * records the values it wrote in the system's `seededFacts` and writes a fact again only while the stored one is
 * still that value (a fact it never wrote counts as written empty). So an admin's change (`admin system-facts`) or
 * an upload's survives every restart, clearing included, while a correction in the seed's source still reaches each
 * fact no one touched. A row without a record was written by the seed before the record existed, when it
 * overwrote its facts on every start: the seed's values win there once, and a fact the seed does not give is kept.
 */

const FACT_KEYS = ["paramsB", "activeParamsB", "license", "openWeights", "releaseDate", "modelUrl", "paperUrl", "codeUrl"] as const;
type FactKey = (typeof FACT_KEYS)[number];
type FactValue = number | string | boolean | null;
type StoredFacts = { [K in FactKey]: K extends "releaseDate" ? Date | null : FactValue };

/** A stored column as a fact value (dates as YYYY-MM-DD, as ModelFacts and the record hold them). */
const factValue = (stored: StoredFacts, key: FactKey): FactValue => {
  const value = stored[key];
  return value instanceof Date ? value.toISOString().slice(0, 10) : value;
};

/** Which facts the seed may write: those still holding its own earlier value (see the file's comment). */
export function writableFacts(stored: StoredFacts, record: Record<string, FactValue> | null, seed: ModelFacts): FactKey[] {
  return FACT_KEYS.filter((key) => {
    const current = factValue(stored, key);
    if (record === null) return current === null || (seed[key] ?? null) !== null;
    return current === (record[key] ?? null);
  });
}

/** Writes the seed's facts of one system where writableFacts allows, and records what the seed now holds. */
export async function writeSeededFacts(db: Db, systemId: string, seed: ModelFacts): Promise<void> {
  const stored = await db.system.findUniqueOrThrow({
    where: { id: systemId },
    select: {
      paramsB: true,
      activeParamsB: true,
      license: true,
      openWeights: true,
      releaseDate: true,
      modelUrl: true,
      paperUrl: true,
      codeUrl: true,
      seededFacts: true,
    },
  });
  const earlier = stored.seededFacts as Record<string, FactValue> | null;
  const writable = new Set(writableFacts(stored, earlier, seed));
  const record: Record<string, FactValue> = {};
  const changes: ModelFacts = {};
  for (const key of FACT_KEYS) {
    const value = seed[key] ?? null;
    if (!writable.has(key)) {
      // not the seed's any more: keep remembering its earlier value, so the fact stays the editor's
      record[key] = earlier?.[key] ?? null;
      continue;
    }
    record[key] = value;
    if (factValue(stored, key) !== value) Object.assign(changes, { [key]: value });
  }
  await db.system.update({ where: { id: systemId }, data: { ...factColumns(changes), seededFacts: record } });
}
