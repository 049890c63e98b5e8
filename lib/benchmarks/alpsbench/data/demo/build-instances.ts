import { POOL_SIZES } from "@/lib/benchmarks/alpsbench/track-ids";
import type { CandidateMemory, DialogueTurn, MemoryItem, Task4Memory, UnsplitInstance } from "../normalized-instance";
import {
  ASSISTANT_LINES,
  BANK,
  EI_QUERIES,
  FACT_KINDS,
  FIRST_NAMES,
  LANGUAGE_NAMES,
  NEUTRAL_USER_LINES,
  TASK4_QUERIES,
  valueLang,
  type FactKind,
  type Lang,
  type Localized,
} from "./content";
import { hexId, Rng } from "./rng";

/** How many invented users per dialogue language; every track is built from these users. */
const USERS_PER_LANG: Record<Lang, number> = { en: 12, zh: 8, fr: 5, es: 5 };
const UPDATED_AT = "2025-01-01T00:00:00Z";

interface DemoFact {
  kind: FactKind;
  option: Localized;
  memory: MemoryItem;
}

interface DemoUser {
  index: number;
  lang: Lang;
  name: string;
  sessionId: string;
  dialogue: DialogueTurn[];
  facts: DemoFact[];
}

const byId = (id: string): FactKind => {
  const kind = FACT_KINDS.find((k) => k.id === id);
  if (!kind) throw new Error(`unknown demo fact kind ${id}`);
  return kind;
};

/** Picks 4 facts: one preference, one constraint, one that can change (for Task 2), one more. */
function pickKinds(rng: Rng): FactKind[] {
  const preference = rng.pick(FACT_KINDS.filter((k) => k.group === "preference" && !k.update));
  const constraint = byId("avoid");
  const changeable = rng.pick(FACT_KINDS.filter((k) => k.update));
  const rest = FACT_KINDS.filter((k) => ![preference, constraint, changeable].includes(k) && k.group !== "constraint");
  return rng.shuffle([preference, constraint, changeable, rng.pick(rest)]);
}

function buildUsers(seed: string): DemoUser[] {
  const users: DemoUser[] = [];
  let index = 0;
  for (const lang of Object.keys(USERS_PER_LANG) as Lang[]) {
    for (let n = 0; n < USERS_PER_LANG[lang]; n += 1) {
      const rng = new Rng(`${seed}/user/${index}`);
      const sessionId = `sess_${hexId(12, seed, "session", index)}`;
      const vlang = valueLang(lang);
      const kinds = pickKinds(rng);
      const dialogue: DialogueTurn[] = [];
      const facts: DemoFact[] = [];
      const neutral = rng.shuffle(NEUTRAL_USER_LINES[lang]);
      kinds.forEach((kind, k) => {
        const filler = neutral[k % neutral.length] as string;
        dialogue.push({ role: "user", text: filler }, { role: "assistant", text: rng.pick(ASSISTANT_LINES[lang]) });
        const option = rng.pick(kind.options);
        const said = kind.say(option)[lang];
        const utteranceIndex = dialogue.length;
        dialogue.push({ role: "user", text: said }, { role: "assistant", text: rng.pick(ASSISTANT_LINES[lang]) });
        facts.push({
          kind,
          option,
          memory: {
            memory_id: `m${k + 1}`,
            type: kind.type,
            label: kind.label,
            label_suggestion: null,
            value: kind.value(option, vlang),
            reasoning: "Synthetic demo fact stated by the invented user.",
            evidence: { session_id: sessionId, utterance_index: utteranceIndex, text: said },
            confidence: kind.type === "direct" ? 0.9 : 0.7,
            time_scope: "long_term",
            emotion: null,
            preference_attitude: kind.attitude,
            updated_at: UPDATED_AT,
          },
        });
      });
      users.push({ index, lang, name: rng.pick(FIRST_NAMES[lang]), sessionId, dialogue, facts });
      index += 1;
    }
  }
  return users;
}

/** 1,000+ distinct invented memories to draw Task 3 distractors from. */
export function buildDistractorBank(): CandidateMemory[] {
  const out: { value: string; label: string }[] = [];
  for (const activity of BANK.activities) for (const day of BANK.days) out.push({ value: `Goes ${activity} every ${day}`, label: "Preferences/Sports" });
  for (const city of BANK.cities) for (const year of BANK.years) out.push({ value: `Visited ${city} in ${year}`, label: "States_Experiences/Past_Experience" });
  for (const vehicle of BANK.vehicles) for (const year of BANK.years) out.push({ value: `Owns ${vehicle} bought in ${year}`, label: "Possessions/Car" });
  for (const relative of BANK.relatives)
    for (const job of BANK.jobs) out.push({ value: `Has ${relative} who works as a ${job}`, label: "Social_Relationships/Family" });
  for (const place of BANK.places) for (const day of BANK.days) out.push({ value: `Volunteers at a ${place} on ${day}s`, label: "UNMAPPED" });
  for (const subject of BANK.classes)
    for (const day of BANK.days) out.push({ value: `Takes ${subject} classes on ${day} evenings`, label: "Personal_Background/Education" });
  for (const purchase of BANK.purchases) for (const year of BANK.years) out.push({ value: `Is saving for ${purchase} by ${year}`, label: "Plans/Commitments" });
  for (const item of BANK.collections) out.push({ value: `Collects ${item}`, label: "Preferences/Shopping" });
  for (const allergen of BANK.allergens) out.push({ value: `Is allergic to ${allergen}`, label: "States_Experiences/Physical_State" });
  for (const kind of FACT_KINDS) {
    for (const option of kind.options) {
      out.push({ value: kind.value(option, "en"), label: kind.label }, { value: kind.value(option, "zh"), label: kind.label });
    }
  }
  const seen = new Set<string>();
  return out.filter((m) => (seen.has(m.value) ? false : (seen.add(m.value), true))).map((m, i) => ({ memory_id: `bank${i}`, value: m.value, label: m.label }));
}

const meta = (user: DemoUser) => ({ source: "demo" as const, synthetic: true, language: LANGUAGE_NAMES[user.lang] });

export function buildDemoInstances(seed: string): { users: DemoUser[]; instances: UnsplitInstance[] } {
  const users = buildUsers(seed);
  const bank = buildDistractorBank();
  const instances: UnsplitInstance[] = [];

  // Task 1: extraction
  for (const user of users) {
    const canonicalId = String(4000 + user.index);
    instances.push({
      track: "task1",
      benchmarkId: `${user.sessionId}__${canonicalId}`,
      sessionId: user.sessionId,
      input: { dialogue: user.dialogue },
      gold: { memory_items: user.facts.map((f) => f.memory) },
      meta: { ...meta(user), canonicalId, stratum: user.facts[0]?.memory.label },
    });
  }

  // Task 2: update. One pool memory changes (`<id>_updated`), one new memory appears (`m_new_1`).
  for (const user of users) {
    const rng = new Rng(`${seed}/task2/${user.index}`);
    const vlang = valueLang(user.lang);
    const selected = user.facts.find((f) => f.kind.update);
    if (!selected?.kind.update) throw new Error(`demo user ${user.index} has no changeable fact`);
    const to = rng.pick(selected.kind.options.filter((o) => o !== selected.option));
    const newKind = rng.pick(FACT_KINDS.filter((k) => !user.facts.some((f) => f.kind === k)));
    const newOption = rng.pick(newKind.options);
    const updateSaid = selected.kind.update.say(to)[user.lang];
    const newSaid = newKind.say(newOption)[user.lang];
    const newDialogue: DialogueTurn[] = [
      { role: "user", text: rng.pick(NEUTRAL_USER_LINES[user.lang]) },
      { role: "assistant", text: rng.pick(ASSISTANT_LINES[user.lang]) },
      { role: "user", text: updateSaid },
      { role: "assistant", text: rng.pick(ASSISTANT_LINES[user.lang]) },
      { role: "user", text: newSaid },
      { role: "assistant", text: rng.pick(ASSISTANT_LINES[user.lang]) },
    ];
    const pool = user.facts.map((f) => f.memory);
    const updated: MemoryItem = {
      ...selected.memory,
      memory_id: `${selected.memory.memory_id}_updated`,
      value: selected.kind.update.value(selected.option, to, vlang),
      evidence: { session_id: user.sessionId, utterance_index: 2, text: updateSaid },
      reasoning: "The new dialogue changes this fact.",
    };
    const added: MemoryItem = {
      memory_id: "m_new_1",
      type: newKind.type,
      label: newKind.label,
      label_suggestion: null,
      value: newKind.value(newOption, vlang),
      reasoning: "A fact first stated in the new dialogue.",
      evidence: { session_id: user.sessionId, utterance_index: 4, text: newSaid },
      confidence: 0.8,
      time_scope: "long_term",
      emotion: null,
      preference_attitude: newKind.attitude,
      updated_at: UPDATED_AT,
    };
    instances.push({
      track: "task2",
      benchmarkId: user.sessionId,
      sessionId: user.sessionId,
      input: { old_dialogue: user.dialogue, new_dialogue: newDialogue, memory: pool },
      gold: {
        memory_items: [...pool.filter((m) => m !== selected.memory), updated, added],
        selected_memory_id: selected.memory.memory_id,
      },
      meta: { ...meta(user), stratum: selected.memory.label },
    });
  }

  // Task 3: retrieval, one track per pool size; candidates get fresh opaque ids per instance.
  for (const size of POOL_SIZES) {
    const track = `task3/d${size}` as const;
    for (const user of users) {
      const rng = new Rng(`${seed}/task3/${size}/${user.index}`);
      const target = rng.pick(user.facts);
      const own = new Set(user.facts.map((f) => f.memory.value));
      const distractors = rng.sample(
        bank.filter((m) => !own.has(m.value)),
        size,
      );
      if (distractors.length < size) throw new Error(`demo distractor bank too small for d${size}`);
      const seenIds = new Set<string>();
      const opaque = (value: string) => {
        const id = `c${hexId(10, seed, user.sessionId, size, value)}`;
        if (seenIds.has(id)) throw new Error(`demo candidate id collision ${id}`);
        seenIds.add(id);
        return id;
      };
      const gold: CandidateMemory = { memory_id: opaque(target.memory.value), value: target.memory.value, label: target.memory.label };
      const candidates = rng.shuffle([gold, ...distractors.map((d) => ({ memory_id: opaque(d.value), value: d.value, label: d.label }))]);
      instances.push({
        track,
        benchmarkId: user.sessionId,
        sessionId: user.sessionId,
        input: { query: target.kind.ask(target.option, valueLang(user.lang)), candidate_memories: candidates },
        gold: { selected_memory_id: gold.memory_id, selected_memory: gold },
        meta: { ...meta(user), stratum: target.memory.label, poolSize: size },
      });
    }
  }

  // Task 4 abilities 1-4: one query each; ability 1 hands the memory to the model.
  const abilityGroups = { ability1: ["persona", "preference"], ability2: ["preference"], ability3: ["persona", "preference"], ability4: ["constraint"] } as const;
  for (const ability of ["ability1", "ability2", "ability3", "ability4"] as const) {
    for (const user of users) {
      const rng = new Rng(`${seed}/task4/${ability}/${user.index}`);
      const benchmarkId = `${ability}_${user.index}`;
      const groups: readonly string[] = abilityGroups[ability];
      const fact = rng.pick(user.facts.filter((f) => groups.includes(f.kind.group)));
      const queries = [{ query_id: `${benchmarkId}:1`, query: rng.pick(TASK4_QUERIES[ability][user.lang]) }];
      const memory: Task4Memory = { memory_id: fact.memory.memory_id, value: fact.memory.value, label: fact.memory.label };
      instances.push({
        track: `task4/${ability}`,
        benchmarkId,
        sessionId: user.sessionId,
        input:
          ability === "ability1"
            ? { queries, selected_memory: { memory_id: fact.memory.memory_id, value: fact.memory.value } }
            : { queries, dialogue_history: user.dialogue },
        gold: { selected_memory_id: fact.memory.memory_id, selected_memory: memory },
        meta: { ...meta(user), ability, stratum: fact.memory.label },
      });
    }
  }

  // Task 4 ability 5 (EI): English and Chinese instances, five queries each, no selected memory.
  const counters = { en: 0, zh: 0 };
  for (const user of users) {
    if (user.lang !== "en" && user.lang !== "zh") continue;
    const rng = new Rng(`${seed}/task4/ability5/${user.index}`);
    const benchmarkId = `${user.lang === "en" ? "english" : "chinese"}_${counters[user.lang]}`;
    counters[user.lang] += 1;
    const queries = rng.sample(EI_QUERIES[user.lang], 5).map((query, n) => ({ query_id: `${benchmarkId}:${n}`, query, category: "Emotional Support" }));
    instances.push({
      track: "task4/ability5",
      benchmarkId,
      sessionId: user.sessionId,
      input: { queries, dialogue_history: user.dialogue },
      gold: {
        selected_memory_id: null,
        selected_memory: null,
        memories: user.facts.map((f) => ({ memory_id: f.memory.memory_id, value: f.memory.value, label: f.memory.label })),
      },
      meta: { ...meta(user), ability: "ability5" },
    });
  }

  return { users, instances };
}
