import { nltkPorterStem } from "./nltk-porter";

/**
 * The terms the authors' BM25 baseline indexes (ThisIsCosine/AlpsBench:scripts/run_task3_bm25.py @9d88d88, `nltk_tokenize`): the text
 * lower-cased, split by NLTK's `word_tokenize` (Punkt sentences, then NLTKWordTokenizer in each), tokens that are
 * not alphanumeric and NLTK's English stop words dropped, the rest Porter-stemmed (NLTK's PorterStemmer).
 * Reimplemented in TypeScript from NLTK 3.10's published rules; nltk-tokens.test.ts pins the output against NLTK's
 * on the real texts when they are present.
 *
 * Punkt is reduced to what it decides on lower-cased text: its trained English model marks a period-final word
 * as a sentence end unless the word is one of the model's abbreviations, an ellipsis, or an initial or a number
 * followed by a lower-case word (its orthographic heuristic; on lower-cased text no word starts upper-case, so
 * sentence starters and the casing tables never apply). Only the split matters here: the last period of a
 * sentence is cut off its word ("area." -> "area", "."), a period inside a sentence stays on it and the token is
 * then not alphanumeric.
 */

/** NLTK's English stop words (nltk_data corpora/stopwords/english); forms with an apostrophe never pass isalnum */
const STOP_WORDS = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself " +
    "they them their theirs themselves what which who whom this that these those am is are was were be been being have has had " +
    "having do does did doing a an the and but if or because as until while of at by for with about against between into through " +
    "during before after above below to from up down in out on off over under again further then once here there when where why " +
    "how all any both each few more most other some such no nor not only own same so than too very s t can will just don should " +
    "now d ll m o re ve y ain aren couldn didn doesn hadn hasn haven isn ma mightn mustn needn shan shouldn wasn weren won wouldn"
  ).split(" "),
);

/** Punkt's English abbreviation types (nltk_data tokenizers/punkt_tab/english/abbrev_types.txt) */
const ABBREVIATIONS = new Set(
  (
    "ct m.j t a.c n.h ms p.a.m dr pa p.m u.k st dec u.s.a lt g.k adm p h.m ga tenn yr sen n.c j.j d.h s.g inc vs s.p.a a.t n feb " +
    "sr jan s.a.y n.y col g.f c.o.m.b d ft va r.k e.f chg r.i a.g minn a.h k n.j m l.f f.j gen i.m.s s.a aug j.p okla m.d.c ltd " +
    "oct s vt r.a j.c ariz w.w b.v ore h w.r e.h mrs cie corp w n.v a.d r.j ok e.m w.c ill nov u.s prof conn u.s.s.r mg f.g " +
    "ph.d g calif messrs h.f wash tues sw bros u.n l wis mr sep d.c ave e.l co s.s reps c r.t h.c r wed a.s v fla jr r.h c.v " +
    "m.b.a rep a.a e c.i.t l.a b.f j.b d.w j.k ala f w.va sept mich n.m j.r l.p s.c colo fri a.m g.d kan maj ky a.m.e n.d t.j cos nev"
  ).split(" "),
);

// Python's \w, \d and \b on str are Unicode-aware; JavaScript's are ASCII even with the u flag.
const W = "[\\p{L}\\p{N}_]";
const NOT_W_BEFORE = `(?<!${W})`;
const NOT_W_AFTER = `(?!${W})`;
const ALNUM = /^[\p{L}\p{N}]+$/u;

// Punkt's character classes (NLTK 3.10): NON_WORD ends a word token; of those, the ones WORD_START excludes stand
// alone, the others (quotes, ?, !) start the next token. Curly quotes and guillemets count as quotes.
const NON_WORD = new Set([...")\";}]*:@'({[\u2018\u2019\u201c\u201d\u00ab\u00bb?!"]);
const NOT_WORD_START = /^[("`{[:;&#*@)}\]\-,]+/u;
const NUMBER = /^-?[.,]?\p{Nd}[\p{Nd},.-]*\.?$/u;
const INITIAL = /^\p{L}\.$/u;

/** Punkt's last word token of a chunk that ends in a period */
function lastPunktToken(core: string): string {
  for (let i = core.length - 2; i >= 0; i--) {
    const ch = core[i]!;
    if (!NON_WORD.has(ch)) continue;
    return (NOT_WORD_START.test(ch) ? core.slice(i + 1) : core.slice(i)).replace(NOT_WORD_START, "");
  }
  return core.replace(NOT_WORD_START, "");
}

/** Whether the period, ? or ! ending `core` (the text since the last space) ends a sentence, `next` being what follows */
function endsSentence(core: string, next: string): boolean {
  if (core.endsWith("?") || core.endsWith("!")) return true;
  const token = lastPunktToken(core);
  // ellipses ("...", "word...") never end a sentence in front of lower-case text, and Punkt splits them off first
  if (token.endsWith("..") || token === ".") return false;
  const type = token.slice(0, -1);
  if (ABBREVIATIONS.has(type) || ABBREVIATIONS.has(type.split("-").at(-1)!)) return false;
  if (INITIAL.test(token) || NUMBER.test(token)) {
    // the orthographic heuristic: a lower-case word (or a comma, colon ...) next says it is no sentence end
    const first = next[0] ?? "";
    if (/^[;:,!?]/u.test(next) || next === "." || first !== first.toUpperCase()) return false;
  }
  return true;
}

// Punkt's potential sentence ends: a period, ? or ! before a non-word character or before space and a token
const END_CONTEXT = /[.?!](?=([)";}\]*:@'({[\u2018\u2019\u201c\u201d\u00ab\u00bb?!])|\s+(\S+))/gu;
// closing quotes and brackets right after a sentence end belong to that sentence
const REALIGN = /^["')\]}\u2018\u2019\u201c\u201d\u00ab\u00bb]+?(?=\s|--|$)/u;

function sentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const match of text.matchAll(END_CONTEXT)) {
    const at = match.index + 1;
    if (at <= start) continue;
    const core = text.slice(Math.max(start, lastSpace(text, match.index) + 1), at);
    if (!endsSentence(core, match[1] ?? match[2] ?? "")) continue;
    const closers = REALIGN.exec(text.slice(at))?.[0] ?? "";
    const end = at + closers.length;
    const sentence = text.slice(start, end).trim();
    if (sentence) out.push(sentence);
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

function lastSpace(text: string, before: number): number {
  for (let i = before; i >= 0; i--) if (/\s/u.test(text[i]!)) return i;
  return -1;
}

type Sub = readonly [RegExp, string];
const STARTING_QUOTES: readonly Sub[] = [
  [/([«“‘„]|[`]+)/gu, " $1 "],
  [/^"/u, "``"],
  [/(``)/gu, " $1 "],
  [/([ ([{<])("|'{2})/gu, "$1 `` "],
  [new RegExp(`${NOT_W_BEFORE}(')(?!(?:re|ve|ll|m|t|s|d|n)${NOT_W_AFTER})(?=${W})`, "giu"), "$1 "],
];
const PUNCTUATION: readonly Sub[] = [
  [/([^.])(\.)([\])}>"'»”’ ]*)\s*$/u, "$1 $2 $3 "],
  [/([:,])([^\p{Nd}])/gu, " $1 $2"],
  [/([:,])$/u, " $1 "],
  [/\.{2,}/gu, " $& "],
  [/[;@#$%&]/gu, " $& "],
  [/[\u2012-\u2015]/gu, " $& "],
  [/([^.])(\.)([\])}>"']*)\s*$/u, "$1 $2$3 "],
  [/[?!]/gu, " $& "],
  [/([^'])' /gu, "$1 ' "],
  [/[*]/gu, " $& "],
];
const PARENS: Sub = [/[\][(){}<>]/gu, " $& "];
const DOUBLE_DASHES: Sub = [/--/gu, " -- "];
const ENDING_QUOTES: readonly Sub[] = [
  [/([»”’])/gu, " $1 "],
  [/''/gu, " '' "],
  [/"/gu, " '' "],
  [/\s+/gu, " "],
  [/([^' ])('[sS]|'[mM]|'[dD]|') /gu, "$1 $2 "],
  [/([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) /gu, "$1 $2 "],
];
const word = (pattern: string, lookahead = NOT_W_AFTER) => new RegExp(`${NOT_W_BEFORE}${pattern}${lookahead}`, "giu");
const CONTRACTIONS: readonly RegExp[] = [
  word("(can)(not)"),
  word("(d)('ye)"),
  word("(gim)(me)"),
  word("(gon)(na)"),
  word("(got)(ta)"),
  word("(lem)(me)"),
  word("(more)('n)"),
  word("(wan)(na)", "(?=\\s)"),
  new RegExp(` ('t)(is)${NOT_W_AFTER}`, "giu"),
  new RegExp(` ('t)(was)${NOT_W_AFTER}`, "giu"),
];

/** NLTKWordTokenizer.tokenize on one sentence */
function wordTokens(sentence: string): string[] {
  let text = sentence;
  for (const [re, to] of STARTING_QUOTES) text = text.replace(re, to);
  for (const [re, to] of PUNCTUATION) text = text.replace(re, to);
  text = text.replace(PARENS[0], PARENS[1]).replace(DOUBLE_DASHES[0], DOUBLE_DASHES[1]);
  text = ` ${text} `;
  for (const [re, to] of ENDING_QUOTES) text = text.replace(re, to);
  for (const re of CONTRACTIONS) text = text.replace(re, " $1 $2 ");
  return text.split(/\s+/u).filter(Boolean);
}

/** NLTK's word_tokenize of the text lower-cased, as the authors call it */
export function nltkWordTokens(text: string): string[] {
  return sentences(text.toLowerCase()).flatMap(wordTokens);
}

/** The authors' `nltk_tokenize`: BM25 terms of a text (Python's str() of a non-string value is not reproduced) */
export function authorsBm25Terms(value: unknown): string[] {
  const text = typeof value === "string" ? value : value === null || value === undefined ? "" : String(value);
  return nltkWordTokens(text)
    .filter((t) => ALNUM.test(t) && !STOP_WORDS.has(t))
    .map(nltkPorterStem);
}
