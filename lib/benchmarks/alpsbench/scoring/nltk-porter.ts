/**
 * NLTK's PorterStemmer in its default mode (NLTK_EXTENSIONS), reimplemented from its published description and
 * checked word for word against NLTK 3.10 on every token of the AlpsBench Task 3 texts (nltk-porter.test.ts).
 * The authors' BM25 baseline stems with it (ThisIsCosine/AlpsBench:scripts/run_task3_bm25.py); the npm Porter stemmers implement the
 * original 1980 algorithm, which stems 1.6% of those tokens differently (use -> us, day -> dai, one -> on).
 * Input is one lower-cased token.
 */

// NLTK_EXTENSIONS' irregular forms: the word maps straight to its paradigm.
const IRREGULAR: ReadonlyMap<string, string> = new Map(
  Object.entries({
    sky: ["sky", "skies"],
    die: ["dying"],
    lie: ["lying"],
    tie: ["tying"],
    news: ["news"],
    inning: ["innings", "inning"],
    outing: ["outings", "outing"],
    canning: ["cannings", "canning"],
    howe: ["howe"],
    proceed: ["proceed"],
    exceed: ["exceed"],
    succeed: ["succeed"],
  }).flatMap(([stem, forms]) => forms.map((form) => [form, stem] as const)),
);

const VOWELS = new Set(["a", "e", "i", "o", "u"]);

/** consonant flags, left to right: a 'y' is a consonant when it starts the word or follows a vowel */
function consonantFlags(word: string): boolean[] {
  const flags: boolean[] = [];
  for (let i = 0; i < word.length; i++) {
    const ch = word[i]!;
    flags.push(VOWELS.has(ch) ? false : ch === "y" ? (i === 0 ? true : !flags[i - 1]) : true);
  }
  return flags;
}

const isConsonant = (word: string, i: number): boolean => consonantFlags(word.slice(0, i + 1))[i]!;

/** m: the number of vowel-consonant transitions */
function measure(stem: string): number {
  const flags = consonantFlags(stem);
  let m = 0;
  for (let i = 1; i < flags.length; i++) if (!flags[i - 1] && flags[i]) m++;
  return m;
}

const positive = (stem: string) => measure(stem) > 0;
const containsVowel = (stem: string) => consonantFlags(stem).some((c) => !c);
const endsDoubleConsonant = (word: string) => word.length >= 2 && word.at(-1) === word.at(-2) && isConsonant(word, word.length - 1);

function endsCvc(word: string): boolean {
  const n = word.length;
  if (n >= 3 && isConsonant(word, n - 3) && !isConsonant(word, n - 2) && isConsonant(word, n - 1) && !["w", "x", "y"].includes(word[n - 1]!)) return true;
  return n === 2 && !isConsonant(word, 0) && isConsonant(word, 1);
}

type Rule = readonly [suffix: string, replacement: string, condition: ((stem: string) => boolean) | null];

/** The first rule whose suffix the word ends with decides: applied when its condition holds, else the word stays. */
function applyRules(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === "*d") {
      if (!endsDoubleConsonant(word)) continue;
      const stem = word.slice(0, -2);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
    if (word.endsWith(suffix)) {
      const stem = suffix === "" ? word : word.slice(0, -suffix.length);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
  }
  return word;
}

function step1a(word: string): string {
  if (word.endsWith("ies") && word.length === 4) return word.slice(0, -3) + "ie";
  return applyRules(word, [
    ["sses", "ss", null],
    ["ies", "i", null],
    ["ss", "ss", null],
    ["s", "", null],
  ]);
}

function step1b(word: string): string {
  if (word.endsWith("ied")) return word.slice(0, -3) + (word.length === 4 ? "ie" : "i");
  if (word.endsWith("eed")) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? stem + "ee" : word;
  }
  let stem: string | null = null;
  for (const suffix of ["ed", "ing"]) {
    if (word.endsWith(suffix) && containsVowel(word.slice(0, -suffix.length))) {
      stem = word.slice(0, -suffix.length);
      break;
    }
  }
  if (stem === null) return word;
  const last = stem.at(-1) ?? "";
  return applyRules(stem, [
    ["at", "ate", null],
    ["bl", "ble", null],
    ["iz", "ize", null],
    ["*d", last, () => !["l", "s", "z"].includes(last)],
    ["", "e", (s) => measure(s) === 1 && endsCvc(s)],
  ]);
}

const step1c = (word: string) => applyRules(word, [["y", "i", (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1)]]);

function step2(word: string): string {
  if (word.endsWith("alli") && positive(word.slice(0, -4))) return step2(word.slice(0, -4) + "al");
  return applyRules(word, [
    ["ational", "ate", positive],
    ["tional", "tion", positive],
    ["enci", "ence", positive],
    ["anci", "ance", positive],
    ["izer", "ize", positive],
    ["bli", "ble", positive],
    ["alli", "al", positive],
    ["entli", "ent", positive],
    ["eli", "e", positive],
    ["ousli", "ous", positive],
    ["ization", "ize", positive],
    ["ation", "ate", positive],
    ["ator", "ate", positive],
    ["alism", "al", positive],
    ["iveness", "ive", positive],
    ["fulness", "ful", positive],
    ["ousness", "ous", positive],
    ["aliti", "al", positive],
    ["iviti", "ive", positive],
    ["biliti", "ble", positive],
    ["fulli", "ful", positive],
    // NLTK keeps the 'l' of -logi with the stem (geo-, theo-)
    ["logi", "log", () => positive(word.slice(0, -3))],
  ]);
}

const step3 = (word: string) =>
  applyRules(word, [
    ["icate", "ic", positive],
    ["ative", "", positive],
    ["alize", "al", positive],
    ["iciti", "ic", positive],
    ["ical", "ic", positive],
    ["ful", "", positive],
    ["ness", "", positive],
  ]);

const gt1 = (stem: string) => measure(stem) > 1;
const step4 = (word: string) =>
  applyRules(word, [
    ["al", "", gt1],
    ["ance", "", gt1],
    ["ence", "", gt1],
    ["er", "", gt1],
    ["ic", "", gt1],
    ["able", "", gt1],
    ["ible", "", gt1],
    ["ant", "", gt1],
    ["ement", "", gt1],
    ["ment", "", gt1],
    ["ent", "", gt1],
    ["ion", "", (stem) => measure(stem) > 1 && (stem.endsWith("s") || stem.endsWith("t"))],
    ["ou", "", gt1],
    ["ism", "", gt1],
    ["ate", "", gt1],
    ["iti", "", gt1],
    ["ous", "", gt1],
    ["ive", "", gt1],
    ["ize", "", gt1],
  ]);

function step5a(word: string): string {
  if (!word.endsWith("e")) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  return m > 1 || (m === 1 && !endsCvc(stem)) ? stem : word;
}

const step5b = (word: string) => applyRules(word, [["ll", "l", () => measure(word.slice(0, -1)) > 1]]);

export function nltkPorterStem(token: string): string {
  const word = token.toLowerCase();
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) return irregular;
  if (token.length <= 2) return word;
  return step5b(step5a(step4(step3(step2(step1c(step1b(step1a(word))))))));
}
