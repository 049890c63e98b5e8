import { labelText } from "./label-similarity";
import { normalize } from "./normalize";
import { pythonJsonDumps } from "./python-repr";
import { randomInt, seededRandom } from "@/lib/stats/seeded-random";

const TASK3_POOL_SIZES = [100, 300, 500, 700, 1000] as const;

interface Task3PoolInstanceInput {
  benchmarkId: string;
  /** whose memories these are (the session id); distractors never come from this user */
  userKey: string;
  query: string;
  target: { value: unknown; label: unknown };
}

export interface UserMemory {
  userKey: string;
  value: unknown;
  label: unknown;
}

/**
 * A pool's candidate as a model sees it; also one memory as the authors' distractor script reads it from a session's
 * file (authors-task3-pools.ts): its id in that session, value, label.
 */
export interface Task3Candidate {
  memory_id: string;
  value: string;
  label: string;
}

interface Task3Pool {
  benchmarkId: string;
  /** number of distractors (the dN level) */
  size: number;
  query: string;
  /** target + distractors, shuffled */
  candidates: Task3Candidate[];
  /** id of the target among the candidates: gold, never shown to models */
  goldCandidateId: string;
  problems: string[];
}

interface Task3PoolOptions {
  /**
   * Pools are a pure function of (instances, memories, seed). Anyone who has
   * the seed can rebuild the shuffle and find the target, so for splits with
   * hidden gold keep the seed on the server and publish only the pools.
   */
  seed: number | string;
  sizes?: readonly number[];
  /**
   * How distractors are drawn. "v1" (server-pools-v1): other users' memories only, so the target is the one
   * candidate of its own session, and the same session's public Task 2 input names it (recall 1.0 for a file that
   * picks it). "v2" (server-pools-v2): every other memory of the target's own session first, then other sessions
   * whole (all of a drawn session's memories together), so no session in the pool stands out by how many of its
   * memories it has. "v3" (server-pools-v3, the paper's protocol): v1's draw (other users' memories only, as
   * SCORING.md and the paper define the pools); what differs from v1 is the instance id, which the caller makes
   * opaque (lib/benchmarks/alpsbench/pipeline/server-pools.ts). Default "v1": a stored pool must not change under an import.
   */
  version?: Task3PoolVersion;
}

/** v4 (server-pools-v4) is built by authors-task3-pools.ts from the released lists, not by this module's draws. */
export type Task3PoolVersion = "v1" | "v2" | "v3" | "v4";

const HEX2 = Array.from({ length: 0x100 }, (_, i) => i.toString(16).padStart(2, "0"));
const HEX4 = Array.from({ length: 0x10000 }, (_, i) => i.toString(16).padStart(4, "0"));

interface UniqueMemory {
  key: string;
  value: string;
  label: string;
  owners: Set<string>;
}

/** All users' memories, de-duplicated by normalised value; build once, reuse for every instance. */
interface Task3PoolSource {
  readonly unique: readonly UniqueMemory[];
  /** each user's memories (indices into `unique`), users in first-seen order: v2 draws sessions whole */
  readonly byOwner: ReadonlyMap<string, readonly number[]>;
}

const text = (v: unknown): string => (typeof v === "string" ? v : v === null || v === undefined ? "" : pythonJsonDumps(v));
/** Two memories are duplicates when their normalised values agree (ignoring outer spaces). */
const dedupKey = (v: unknown): string => normalize(v).trim();

export function createTask3PoolSource(memories: readonly UserMemory[]): Task3PoolSource {
  const byKey = new Map<string, number>();
  const unique: UniqueMemory[] = [];
  const byOwner = new Map<string, number[]>();
  for (const m of memories) {
    if (typeof m !== "object" || m === null) continue;
    const key = dedupKey(m.value);
    if (!key) continue;
    let at = byKey.get(key);
    if (at === undefined) {
      // The first occurrence (in input order) supplies the shown value and label.
      at = unique.length;
      unique.push({ key, value: text(m.value), label: labelText(m.label), owners: new Set() });
      byKey.set(key, at);
    }
    const owner = String(m.userKey);
    if (!unique[at]!.owners.has(owner)) {
      unique[at]!.owners.add(owner);
      const own = byOwner.get(owner);
      if (own) own.push(at);
      else byOwner.set(owner, [at]);
    }
  }
  return { unique, byOwner };
}

/**
 * A pool without an object per candidate (the real data has 5.9 million of them): candidate i shows members[i]
 * (objects shared by every pool that draws the same memory) under id i of `candidateIds`, the ids joined by ","
 * (server ids are "c" + hex, so a comma never occurs in one). expandTask3Pool gives the usual Task3Pool.
 */
export interface Task3CompactPool {
  benchmarkId: string;
  size: number;
  query: string;
  members: readonly { value: string; label: string }[];
  candidateIds: string;
  goldCandidateId: string;
  /** the target's position: members[goldIndex] under goldCandidateId */
  goldIndex: number;
  problems: string[];
}

/** The Task3Pool a compact pool stands for: the same candidates, ids and order. */
export function expandTask3Pool(pool: Task3CompactPool): Task3Pool {
  const ids = pool.candidateIds.split(",");
  const candidates = pool.members.map((m, i) => ({ memory_id: ids[i]!, value: m.value, label: m.label }));
  return { benchmarkId: pool.benchmarkId, size: pool.size, query: pool.query, candidates, goldCandidateId: pool.goldCandidateId, problems: pool.problems };
}

/**
 * Pools for one instance, one per size, in compact form. Distractors are the target user's
 * *other users'* memories: a memory is eligible when no copy of its value
 * belongs to the instance's user and it is not a copy of the target. They are
 * drawn once by a seeded partial Fisher–Yates shuffle over all unique
 * memories, and each level takes a prefix, so d100 ⊂ d300 ⊂ … ⊂ d1000. Each
 * level is then shuffled with its own seed, and candidate ids are fresh
 * opaque 40-bit random hex ids ("c" + 10 hex digits) drawn from a stream
 * seeded by (seed, benchmarkId, size) in list order: they say nothing about
 * which candidate is the target, and never repeat within a list.
 */
export function buildTask3CompactPoolsForInstance(source: Task3PoolSource, instance: Task3PoolInstanceInput, opts: Task3PoolOptions): Task3CompactPool[] {
  const sizes = [...new Set((opts.sizes ?? TASK3_POOL_SIZES).filter((s) => Number.isInteger(s) && s >= 0))].sort((a, b) => a - b);
  const seed = String(opts.seed);
  const problems: string[] = [];
  const targetKey = dedupKey(instance.target?.value);
  if (!targetKey) problems.push("target memory has an empty value");
  const target = { value: text(instance.target?.value), label: labelText(instance.target?.label) };
  const user = String(instance.userKey);
  const want = sizes.length ? sizes[sizes.length - 1]! : 0;

  const drawn =
    opts.version === "v2"
      ? drawSessions(source, user, targetKey, want, `${seed}|${instance.benchmarkId}|sessions`)
      : drawMemories(source, user, targetKey, want, `${seed}|${instance.benchmarkId}|draw`);

  return sizes.map((size) => {
    const own = [...problems];
    if (drawn.length < size) own.push(`only ${drawn.length} distinct distractors from other users; d${size} is short`);
    const members: { value: string; label: string }[] = [target, ...drawn.slice(0, size)];
    const shuffleRand = seededRandom(`${seed}|${instance.benchmarkId}|${size}|shuffle`);
    for (let i = members.length - 1; i > 0; i--) {
      const j = randomInt(shuffleRand, i + 1);
      [members[i], members[j]] = [members[j]!, members[i]!];
    }
    const used = new Set<number>();
    let goldCandidateId = "";
    let goldIndex = -1;
    // Ids are drawn in list order from their own seeded stream, after the
    // shuffle: they depend on position only, never on which memory sits there.
    // An id is "c" + 2 hex digits (hi) + 8 hex digits (lo); repeats are checked
    // on the 40-bit number and the hex comes from tables (5.9 million ids).
    const idRand = seededRandom(`${seed}|${instance.benchmarkId}|${size}|ids`);
    const ids = members.map((m, index) => {
      let hi = 0;
      let lo = 0;
      let number = -1;
      while (number < 0 || used.has(number)) {
        hi = Math.floor(idRand() * 0x100);
        lo = Math.floor(idRand() * 0x100000000);
        number = hi * 0x100000000 + lo;
      }
      used.add(number);
      const id = `c${HEX2[hi]}${HEX4[lo >>> 16]}${HEX4[lo & 0xffff]}`;
      if (m === target) {
        goldCandidateId = id;
        goldIndex = index;
      }
      return id;
    });
    return {
      benchmarkId: instance.benchmarkId,
      size,
      query: String(instance.query ?? ""),
      members,
      candidateIds: ids.join(","),
      goldCandidateId,
      goldIndex,
      problems: own,
    };
  });
}

/** v1 and v3: distinct memories of other users, by a seeded partial Fisher–Yates shuffle over all unique memories. */
function drawMemories(source: Task3PoolSource, user: string, targetKey: string, want: number, seed: string): UniqueMemory[] {
  const { unique } = source;
  const U = unique.length;
  const swaps = new Map<number, number>();
  const at = (i: number) => swaps.get(i) ?? i;
  const rand = seededRandom(seed);
  const drawn: UniqueMemory[] = [];
  for (let t = 0; t < U && drawn.length < want; t++) {
    const r = t + randomInt(rand, U - t);
    const pick = at(r);
    swaps.set(r, at(t));
    const m = unique[pick]!;
    if (m.owners.has(user) || m.key === targetKey) continue;
    drawn.push(m);
  }
  return drawn;
}

/**
 * v2: the target user's other memories first, then other users whole, in a seeded shuffled order: each drawn user
 * brings all of its memories not drawn yet (a memory shared by two users comes with the first). So the public Task
 * 2 inputs, which show every session's memories, map the candidates onto whole sessions, the target's among them,
 * and a candidate's session says nothing about whether it is the target. Larger levels extend smaller ones
 * (d100 ⊂ d300 ⊂ …); only the last session of a level may be cut.
 */
function drawSessions(source: Task3PoolSource, user: string, targetKey: string, want: number, seed: string): UniqueMemory[] {
  const { unique, byOwner } = source;
  const taken = new Set<number>();
  const drawn: UniqueMemory[] = [];
  const takeAll = (indices: readonly number[]) => {
    for (const i of indices) {
      if (drawn.length >= want) return;
      const m = unique[i]!;
      if (taken.has(i) || m.key === targetKey) continue;
      taken.add(i);
      drawn.push(m);
    }
  };
  takeAll(byOwner.get(user) ?? []);
  const owners = [...byOwner.keys()].filter((owner) => owner !== user);
  const rand = seededRandom(seed);
  for (let t = 0; t < owners.length && drawn.length < want; t++) {
    const r = t + randomInt(rand, owners.length - t);
    const pick = owners[r]!;
    owners[r] = owners[t]!;
    takeAll(byOwner.get(pick)!);
  }
  return drawn;
}
