import { createHash, randomBytes } from "node:crypto";
import type pg from "pg";
import type { NormalizedInstance, Task3Instance } from "@/lib/benchmarks/alpsbench/data/normalized-instance";
import type { Task3CompactPool } from "@/lib/benchmarks/alpsbench/scoring/build-task3-pools";
import type { ImportProgress } from "./import-progress";

/** A plain `pg` client inside the import's transaction (see importInstances). */
type Tx = Pick<pg.Client, "query">;

/**
 * A Task 3 instance whose candidate list is a server-built compact pool (lib/benchmarks/alpsbench/pipeline/server-pools.ts): the input
 * holds only the query, and `pool` the candidates without an object per candidate. Written and hashed exactly as
 * the same instance with the list inline (`candidate_memories`) would be.
 */
export type PooledInstance = Omit<Task3Instance, "input"> & { input: { query: string }; pool: Task3CompactPool };
/** What the importer writes: a normalized instance, or a Task 3 one with a compact pool. */
export type InstanceToImport = NormalizedInstance | PooledInstance;

export type InstanceToWrite = { id: string; instance: InstanceToImport; hash: string };

/** A fresh Instance id (rows are written by SQL, so Prisma's client-side cuid default does not apply). */
export function newInstanceId(): string {
  return `c${Date.now().toString(36)}${randomBytes(8).toString("hex")}`;
}

const md5 = (text: string) => createHash("md5").update(text, "utf8").digest("hex");
/** PoolMemory.key: the same as the SQL below and the migration compute, md5(value) || md5(label). */
function poolMemoryKey(value: string, label: string): string {
  return md5(value) + md5(label);
}

/**
 * poolMemoryKey, computed once per distinct (value, label): the real data has ~5.9 million candidates but only a
 * few thousand memories, and a candidate's strings are the very strings of its memory, so the lookups are cheap.
 */
export class PoolMemoryKeys {
  private readonly byValue = new Map<string, Map<string, string>>();
  /** per candidate list: the comparison (contentHashOf) and the write both need every key of every pool */
  private readonly byList = new WeakMap<readonly PoolMember[], string[]>();
  keyOf(value: string, label: string): string {
    let byLabel = this.byValue.get(value);
    if (!byLabel) this.byValue.set(value, (byLabel = new Map()));
    let key = byLabel.get(label);
    if (key === undefined) byLabel.set(label, (key = poolMemoryKey(value, label)));
    return key;
  }
  /** The keys of a candidate list, in order; computed once per list (lists must not change afterwards). */
  keysOf(candidates: readonly PoolMember[]): string[] {
    let keys = this.byList.get(candidates);
    if (!keys) this.byList.set(candidates, (keys = candidates.map((c) => this.keyOf(c.value, c.label))));
    return keys;
  }
}

/**
 * A statement per ~8 MB of JSON: large enough that the import is a few dozen round trips, small enough that no
 * single parameter approaches PostgreSQL's 1 GB limit or holds the whole data set twice in memory.
 */
const BATCH_CHARS = 8_000_000;
/** While a batch is built, control goes back to the event loop this often, so the statement in flight is sent. */
const YIELD_CHARS = 256_000;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Statements sent one after another on the transaction's client, but without waiting for each before building
 * the next: PostgreSQL parses, compresses and stores a batch (its half of the write) while node serialises the
 * next one, so the two cores work at once. At most one statement runs and one waits, so memory stays bounded;
 * the order is the order of `send`, and the first failure is thrown by the next send or by drain.
 */
class StatementPipe {
  private inFlight: Promise<void> = Promise.resolve();
  constructor(private readonly tx: Tx) {}
  async send(sql: string, params: unknown[], onDone: () => void): Promise<void> {
    await this.inFlight;
    const running = this.tx.query(sql, params).then(onDone);
    // handled here so a failure while the next batch is being built is not an unhandled rejection; thrown below
    running.catch(() => undefined);
    this.inFlight = running;
  }
  async drain(): Promise<void> {
    await this.inFlight;
  }
}

/** Runs `sql`, whose $1 is a JSON array of records (read with json_to_recordset: the text is parsed once, row by row), over `records` in batches. */
async function inBatches(pipe: StatementPipe, sql: string, records: Iterable<unknown>, params: unknown[], onRows: (n: number) => void): Promise<void> {
  let parts: string[] = [];
  let size = 0;
  let sinceYield = 0;
  const flush = async () => {
    if (parts.length === 0) return;
    const n = parts.length;
    const text = `[${parts.join(",")}]`;
    parts = [];
    size = 0;
    await pipe.send(sql, [text, ...params], () => onRows(n));
  };
  for (const record of records) {
    const json = JSON.stringify(record);
    parts.push(json);
    size += json.length;
    sinceYield += json.length;
    if (sinceYield >= YIELD_CHARS) {
      sinceYield = 0;
      await yieldToLoop();
    }
    if (size >= BATCH_CHARS) await flush();
  }
  await flush();
}

type Candidate = { memory_id: string; value: string; label: string };
type PoolMember = { value: string; label: string };

/** A list of plain ids (letters, digits, `_.:-`), comma-separated: nothing in them needs JSON escaping. */
const PLAIN_LIST = /^[A-Za-z0-9_.:-]+(?:,[A-Za-z0-9_.:-]+)*$/;

/**
 * A Task 3 candidate list to store by reference, in either form: the shown memories in order, and their ids
 * (as one text joined by a separator, or as InstancePool.candidateIds holds them: see candidateIdsText).
 */
interface PoolView {
  readonly members: readonly PoolMember[];
  idsJoined(separator: string): string;
  idsText(): string;
}

/**
 * InstancePool.candidateIds: plain ids (letters, digits, `_.:-`, as every server-made id) joined by ","; any other
 * list as a JSON array of strings, which starts with "[" where a plain list cannot. Read by parseCandidateIds.
 */
export function candidateIdsText(ids: readonly string[]): string {
  const joined = ids.join(",");
  return PLAIN_LIST.test(joined) ? joined : JSON.stringify(ids);
}

/** The instance's candidate list, when it has one to store by reference (inline or compact). */
export function poolOf(instance: InstanceToImport): PoolView | null {
  if ("pool" in instance) {
    const { members, candidateIds } = instance.pool;
    return {
      members,
      idsJoined: (separator) => (separator === "," ? candidateIds : candidateIds.replaceAll(",", separator)),
      // the server's ids ("c" + hex) are plain: stored as they are joined, never split into 5.9 million strings
      idsText: () => (PLAIN_LIST.test(candidateIds) ? candidateIds : candidateIdsText(candidateIds.split(","))),
    };
  }
  if (!instance.track.startsWith("task3/")) return null;
  const list = (instance.input as { candidate_memories?: unknown }).candidate_memories;
  if (!Array.isArray(list)) return null;
  const candidates = list as Candidate[];
  return {
    members: candidates,
    idsJoined: (separator) => candidates.map((c) => c.memory_id).join(separator),
    idsText: () => candidateIdsText(candidates.map((c) => c.memory_id)),
  };
}

/** The input as stored: a Task 3 input without its candidate list (InstancePool holds it). */
export function storedInput(instance: InstanceToImport): unknown {
  if ("pool" in instance || poolOf(instance) === null) return instance.input;
  const { candidate_memories: _stored, ...rest } = instance.input as Record<string, unknown>;
  return rest;
}

/**
 * Inserts new instances and rewrites changed ones (same id) with their gold and Task 3 pools, in the caller's
 * transaction. Every Task 3 candidate memory (value + label) is stored once per benchmark in PoolMemory; a pool
 * is the list of those ids and the opaque candidate ids, in order.
 */
export async function writeInstances(
  tx: Tx,
  benchmarkVersionId: string,
  { toInsert, toUpdate }: { toInsert: readonly InstanceToWrite[]; toUpdate: readonly InstanceToWrite[] },
  progress: ImportProgress,
  keys: PoolMemoryKeys = new PoolMemoryKeys(),
): Promise<void> {
  const written = [...toUpdate, ...toInsert];
  const memories = new Map<string, { value: string; label: string }>();
  for (const { instance } of written) {
    const members = poolOf(instance)?.members;
    if (!members) continue;
    keys.keysOf(members).forEach((key, i) => {
      if (!memories.has(key)) memories.set(key, { value: members[i]!.value, label: members[i]!.label });
    });
  }
  const pooled = written.filter((w) => poolOf(w.instance) !== null);
  const withGold = written.filter((w) => w.instance.gold !== null);
  const total = memories.size + written.length + withGold.length + pooled.length;
  if (total === 0) return;
  const phase = progress.phase("write", total, "rows");
  const tick = (n: number) => phase.tick(n);
  const pipe = new StatementPipe(tx);

  await inBatches(
    pipe,
    `INSERT INTO "PoolMemory" ("benchmarkVersionId", "key", "value", "label")
     SELECT $2, md5(r.value) || md5(r.label), r.value, r.label FROM json_to_recordset($1::json) AS r(value text, label text)
     ON CONFLICT ("benchmarkVersionId", "key") DO NOTHING`,
    memories.values(),
    [benchmarkVersionId],
    tick,
  );
  await pipe.drain();
  const memoryIds = new Map<string, number>();
  if (memories.size > 0) {
    const { rows } = await tx.query<{ id: number; key: string }>(`SELECT "id", "key" FROM "PoolMemory" WHERE "benchmarkVersionId" = $1`, [benchmarkVersionId]);
    for (const row of rows) memoryIds.set(row.key, row.id);
  }

  if (toUpdate.length > 0) {
    const ids = JSON.stringify(toUpdate.map((w) => w.id));
    // Gold and pool rows of a changed instance are written again below (gold may have become hidden: null).
    await tx.query(`DELETE FROM "InstanceGold" WHERE "instanceId" IN (SELECT json_array_elements_text($1::json))`, [ids]);
    await tx.query(`DELETE FROM "InstancePool" WHERE "instanceId" IN (SELECT json_array_elements_text($1::json))`, [ids]);
    await inBatches(
      pipe,
      `UPDATE "Instance" AS i SET "split" = r.split::"Split", "sessionId" = r.sid, "input" = r.input, "meta" = r.meta, "contentHash" = r.hash
         FROM json_to_recordset($1::json) AS r(id text, split text, sid text, input jsonb, meta jsonb, hash text)
        WHERE i."id" = r.id`,
      toUpdate.map(({ id, instance, hash }) => ({ id, split: instance.split, sid: instance.sessionId, input: storedInput(instance), meta: instance.meta, hash })),
      [],
      tick,
    );
  }
  await inBatches(
    pipe,
    `INSERT INTO "Instance" ("id", "benchmarkVersionId", "trackId", "benchmarkId", "split", "sessionId", "input", "meta", "contentHash")
     SELECT r.id, $2, r.track, r.bid, r.split::"Split", r.sid, r.input, r.meta, r.hash
       FROM json_to_recordset($1::json) AS r(id text, track text, bid text, split text, sid text, input jsonb, meta jsonb, hash text)`,
    toInsert.map(({ id, instance, hash }) => ({
      id,
      track: instance.track,
      bid: instance.benchmarkId,
      split: instance.split,
      sid: instance.sessionId,
      input: storedInput(instance),
      meta: instance.meta,
      hash,
    })),
    [benchmarkVersionId],
    tick,
  );
  await inBatches(
    pipe,
    `INSERT INTO "InstanceGold" ("instanceId", "gold") SELECT r.id, r.gold FROM json_to_recordset($1::json) AS r(id text, gold jsonb)`,
    withGold.map(({ id, instance }) => ({ id, gold: instance.gold })),
    [],
    tick,
  );
  // The two lists go in as the text InstancePool stores (ids joined by ","; see candidateIdsText),
  // so PostgreSQL parses no array of 5.9 million elements; built lazily, batch by batch.
  function* poolRecords() {
    for (const { id, instance } of pooled) {
      const pool = poolOf(instance)!;
      yield {
        id,
        m: keys
          .keysOf(pool.members)
          .map((key) => memoryIds.get(key)!)
          .join(","),
        c: pool.idsText(),
      };
    }
  }
  await inBatches(
    pipe,
    `INSERT INTO "InstancePool" ("instanceId", "memoryIds", "candidateIds")
     SELECT r.id, r.m, r.c FROM json_to_recordset($1::json) AS r(id text, m text, c text)`,
    poolRecords(),
    [],
    tick,
  );
  await pipe.drain();
  phase.done(`${memories.size} distinct Task 3 memories`);
}
