import { labelText } from "./label-similarity";
import type { Task3Candidate, Task3CompactPool } from "./build-task3-pools";
import { randomInt, seededRandom } from "@/lib/stats/seeded-random";

interface AuthorsPoolInstance {
  benchmarkId: string;
  /** the target's session: its memories are never drawn */
  sessionKey: string;
  query: string;
  /** the released d100 list: the target and 100 distractors in the authors' order */
  released: readonly Task3Candidate[];
  /** the target's released id (its id in its own session) */
  targetId: string;
}

/** A pool of server-pools-v4, with the released id of each candidate (server side only: the released ids leak). */
type AuthorsPool = Task3CompactPool & { releasedIds: readonly string[]; releasedTargetId: string };

// one shown object per memory, shared by every pool that holds it (the real data has 5.9 million candidates)
const members = new WeakMap<Task3Candidate, { value: string; label: string }>();
function memberOf(memory: Task3Candidate): { value: string; label: string } {
  let member = members.get(memory);
  if (!member) members.set(memory, (member = { value: memory.value, label: labelText(memory.label) }));
  return member;
}

const HEX = (n: number, digits: number) => n.toString(16).padStart(digits, "0");

/**
 * server-pools-v4: at d100 exactly the authors' released candidate list (the packets' 101 candidates, in their
 * order); at every larger size that list plus distractors drawn as the authors' script draws them
 * (ThisIsCosine/AlpsBench:scripts/run_task3_distractor.py @9d88d88): pick a random session other than the target's, then a random memory
 * of it; duplicates (of values, of memories already drawn) are kept; a memory whose id equals the target's id is
 * dropped (their ids are per session, m1, m2 …, so another session's "m3" is skipped when the target is "m3").
 * Larger sizes extend smaller ones (d100 ⊂ d300 ⊂ … ⊂ d1000): one sequence of extra distractors is drawn under
 * the seed, and dN takes the released list and the first N − 100 of them, shuffled under the seed (the authors
 * shuffle every list). Every candidate gets a fresh opaque id ("c" + 10 hex digits, from a stream seeded by
 * (seed, instance, size), drawn in list order), so nothing in an id says which candidate is the target.
 */
export function buildAuthorsTask3Pools(
  sessions: ReadonlyMap<string, readonly Task3Candidate[]>,
  instance: AuthorsPoolInstance,
  opts: { seed: string; sizes: readonly number[] },
): AuthorsPool[] {
  const seed = `${opts.seed}|${instance.benchmarkId}`;
  const target = instance.released.find((m) => m.memory_id === instance.targetId);
  if (!target) throw new Error(`${instance.benchmarkId}: the released list does not hold the target ${instance.targetId}`);
  const others = [...sessions.keys()].filter((key) => key !== instance.sessionKey && sessions.get(key)!.length > 0);
  const base = instance.released.length - 1;
  const want = Math.max(0, ...opts.sizes) - base;
  const extra: Task3Candidate[] = [];
  const draw = seededRandom(`${seed}|draw`);
  // their script gives up after 200 tries per wanted distractor; a pool short of its size says so in `problems`
  for (let attempt = 0; extra.length < want && others.length > 0 && attempt < want * 200; attempt++) {
    const memories = sessions.get(others[randomInt(draw, others.length)]!)!;
    const memory = memories[randomInt(draw, memories.length)]!;
    if (memory.memory_id !== instance.targetId) extra.push(memory);
  }
  return [...new Set(opts.sizes)]
    .sort((a, b) => a - b)
    .map((size) => {
      const problems: string[] = [];
      let list: Task3Candidate[];
      if (size === base) list = [...instance.released];
      else if (size > base) {
        list = [...instance.released, ...extra.slice(0, size - base)];
        if (list.length < size + 1) problems.push(`only ${list.length - 1} distractors drawn; d${size} is short`);
        const shuffle = seededRandom(`${seed}|${size}|shuffle`);
        for (let i = list.length - 1; i > 0; i--) {
          const j = randomInt(shuffle, i + 1);
          [list[i], list[j]] = [list[j]!, list[i]!];
        }
      } else throw new Error(`server-pools-v4 cannot build d${size}: the released list has ${base} distractors`);
      const idRand = seededRandom(`${seed}|${size}|ids`);
      const used = new Set<number>();
      const ids = list.map(() => {
        let number = -1;
        let hi = 0;
        let lo = 0;
        while (number < 0 || used.has(number)) {
          hi = Math.floor(idRand() * 0x100);
          lo = Math.floor(idRand() * 0x100000000);
          number = hi * 0x100000000 + lo;
        }
        used.add(number);
        return `c${HEX(hi, 2)}${HEX(lo, 8)}`;
      });
      const goldIndex = list.indexOf(target);
      return {
        benchmarkId: instance.benchmarkId,
        size,
        query: instance.query,
        members: list.map(memberOf),
        candidateIds: ids.join(","),
        goldCandidateId: ids[goldIndex]!,
        goldIndex,
        problems,
        releasedIds: list.map((m) => m.memory_id),
        releasedTargetId: instance.targetId,
      };
    });
}
