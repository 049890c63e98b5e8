import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ownersOf, platformColumns, sourceFiles, vocabularyColumn, withoutComments } from "./platform-columns";
import { WHOLE_TREE } from "./whole-tree";

/**
 * The platform's tables name no benchmark (issue 37): every column of prisma/schema/platform.prisma is one the
 * platform's code names, not a benchmark's word and not a column only one benchmark's files name (those live in the
 * benchmark's own schema file: AlpsBench's Task 3 pool seed, its seed runs' rows, its noised test figures, its
 * contamination check, its judge's call counts, its uploads waiting for a judge and its copy check moved to
 * prisma/schema/alpsbench.prisma, PersonalLLM's synthetic data mark of an upload to prisma/schema/personalllm.prisma;
 * the reward service's record of a module upload, the platform's own but only modules', to the platform's RewardFill).
 * Nor does it hold a whole table only one benchmark's files name: AlpsBench's per-split figures (SplitScore, with the
 * Split enum) are in prisma/schema/alpsbench.prisma; a stored pack's key reads them through AlpsBench's packKeyParts.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const SCHEMA_DIR = path.join(ROOT, "prisma/schema");
const benchmarkIds = readdirSync(path.join(ROOT, "lib/benchmarks"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const allSchemas = readdirSync(SCHEMA_DIR)
  .map((f) => readFileSync(path.join(SCHEMA_DIR, f), "utf8"))
  .join("\n");

const platformSchema = readFileSync(path.join(SCHEMA_DIR, "platform.prisma"), "utf8");
// read once for every test of the file (each test asks about other columns of the same tree)
const files = sourceFiles(ROOT, benchmarkIds);

test("every column of platform.prisma is the platform's: no benchmark's word, none only one benchmark names", WHOLE_TREE, () => {
  const columns = platformColumns(platformSchema, allSchemas);
  // not vacuous: the submissions table and its neighbours were read
  expect(columns.length).toBeGreaterThan(100);
  expect(columns).toContainEqual(expect.objectContaining({ model: "Submission", column: "publishPredictions" }));
  expect(files.filter((f) => f.owner !== null).length).toBeGreaterThan(50);
  expect(problemsOf(platformSchema)).toEqual([]);
});

/** Each model of `schema` whose client delegate (`db.splitScore`) and table name (`"SplitScore"`) only one benchmark's files name. */
function tableProblemsOf(schema: string): string[] {
  return [...schema.matchAll(/^model (\w+) \{/gm)].flatMap(([, model]) => {
    const delegate = model![0]!.toLowerCase() + model!.slice(1);
    const owners = new Set([...ownersOf(delegate, files), ...ownersOf(model!, files)]);
    const [only] = owners;
    if (owners.size !== 1 || only === null) return [];
    return [`platform.prisma model ${model} is named only by ${only}'s files`];
  });
}

test("every table of platform.prisma is named by the platform's code (or by more than one benchmark's)", WHOLE_TREE, () => {
  expect(tableProblemsOf(platformSchema)).toEqual([]);
  // not vacuous: AlpsBench's per-split figures, put back in platform.prisma, fail the rule
  expect(platformSchema).not.toMatch(/^model (SplitScore|ServerSecret) \{/m);
  expect(tableProblemsOf(`${platformSchema}\nmodel SplitScore {\n  id String @id\n}\n`)).toEqual([
    "platform.prisma model SplitScore is named only by alpsbench's files",
  ]);
  // nor does AlpsBench's noise key, the one secret the server keeps
  expect(tableProblemsOf(`${platformSchema}\nmodel ServerSecret {\n  name String @id\n}\n`)).toEqual([
    "platform.prisma model ServerSecret is named only by alpsbench's files",
  ]);
});

/**
 * The columns moved out of the platform's tables into their benchmark's 1:1 tables (issue 37), or, for a concept that
 * is the platform's own but was not every submission's, into a 1:1 table of the platform (owner null). No code but
 * the benchmark's names a benchmark's moved column (the platform reads what it shows of them through the benchmark's
 * declarations: UploadFacts, a row's flag, unranked and extras, uploadsAwaitingJudge), so each, put back on its platform model, fails the rule (or,
 * named by no code at all any more, like the contamination flag now `Contamination.flagged`, could not come back as
 * a platform read); `platformWord` says why the platform's code still has the column's name as a word of its own
 * (not a read of the column). Every moved column put back fails the rule by name as well.
 */
const MOVED: { model: string; column: string; type: string; owner: string | null; table: string; platformWord?: string }[] = [
  { model: "BenchmarkVersion", column: "poolSeed", type: "String?", owner: "alpsbench", table: "PoolSeed" },
  { model: "Submission", column: "seedPredictions", type: "Bytes?", owner: "alpsbench", table: "SeedPredictions" },
  { model: "Submission", column: "testFigureNoise", type: "Json?", owner: "alpsbench", table: "TestFigureNoise" },
  { model: "Submission", column: "contamination", type: "Json?", owner: "alpsbench", table: "Contamination" },
  { model: "Submission", column: "contaminationFlagged", type: "Boolean", owner: "alpsbench", table: "Contamination" },
  { model: "Submission", column: "judgeCallsDone", type: "Int", owner: "alpsbench", table: "JudgeCalls" },
  { model: "Submission", column: "judgeCallsCached", type: "Int", owner: "alpsbench", table: "JudgeCalls" },
  { model: "Submission", column: "judgeCallsFailed", type: "Int", owner: "alpsbench", table: "JudgeCalls" },
  {
    model: "Submission",
    column: "judgeWaiting",
    type: "Boolean",
    owner: "alpsbench",
    table: "JudgeWaiting",
    platformWord: "the status and queue APIs' field (UploadFacts.awaitingJudge, which the benchmark's uploadFacts sets), public since before the move",
  },
  { model: "Submission", column: "copyOf", type: "Json?", owner: "alpsbench", table: "RowCopy" },
  // the platform's reward service filled them (any module's rewardTexts track); only modules' uploads have one
  { model: "Submission", column: "rewardSource", type: "Json?", owner: null, table: "RewardFill" },
  {
    model: "Submission",
    column: "syntheticData",
    type: "Boolean",
    owner: "personalllm",
    table: "PllmUpload",
    platformWord: "the board row's mark (LeaderboardRow.syntheticData, public in the board JSON), which the benchmark's loadView sets",
  },
];

/**
 * The rule on a platform schema: each column that is a benchmark's word or named only by one benchmark's files, and
 * each moved column back on its old model.
 */
function problemsOf(schema: string): string[] {
  return platformColumns(schema, allSchemas).flatMap(({ model, column, line }) => {
    const moved = MOVED.find((m) => m.model === model && m.column === column);
    const back = moved ? [`platform.prisma:${line} ${model}.${column} moved to ${moved.table} (${moved.owner ?? "platform"}.prisma)`] : [];
    if (vocabularyColumn(column, benchmarkIds)) return [...back, `platform.prisma:${line} ${model}.${column} is a benchmark's word`];
    const owners = [...ownersOf(column, files)];
    return [...back, ...(owners.length === 1 && owners[0] !== null ? [`platform.prisma:${line} ${model}.${column} is named only by ${owners[0]}'s files`] : [])];
  });
}

describe("a column moved to its benchmark's (or the platform's own) table fails the rule if it comes back", () => {
  test.each(MOVED)("$column (now $table, a table of $owner)", WHOLE_TREE, ({ model, column, type, owner, table, platformWord }) => {
    expect(readFileSync(path.join(SCHEMA_DIR, `${owner ?? "platform"}.prisma`), "utf8")).toMatch(new RegExp(`^model ${table} \\{`, "m"));
    expect(platformColumns(platformSchema, allSchemas)).not.toContainEqual(expect.objectContaining({ model, column }));
    const open = `model ${model} {\n`;
    expect(platformSchema).toContain(open);
    const owners = ownersOf(column, files);
    const putBack = platformSchema.replace(open, `${open}  ${column} ${type}\n`);
    const back = expect.stringContaining(`${model}.${column} moved to ${table}`);
    // a benchmark's column: its files alone name it (unless the platform has the word for a thing of its own)
    if (owner !== null && platformWord === undefined) {
      expect([...owners].filter((o) => o !== owner)).toEqual([]);
      if (owners.size > 0) expect(problemsOf(putBack)).toEqual([back, expect.stringContaining(`${model}.${column} is named only by ${owner}'s files`)]);
    }
    expect(problemsOf(putBack)).toContainEqual(back);
  });
});

describe("what counts as a benchmark's column", () => {
  const schema = "model Board {\n  id String @id\n  task2InputShare Float?\n  extras Json?\n  items Item[]\n}\nmodel Item {\n  id String @id\n}\n";
  test("scalar columns with their lines; a relation field is not a column", () => {
    expect(platformColumns(schema, schema)).toEqual([
      { model: "Board", column: "id", line: 2 },
      { model: "Board", column: "task2InputShare", line: 3 },
      { model: "Board", column: "extras", line: 4 },
      { model: "Item", column: "id", line: 8 },
    ]);
  });
  test.each([
    ["an AlpsBench task in the name", "task2InputShare", true],
    ["a benchmark's id", "personalllmUsers", true],
    ["a benchmark's table prefix", "pllmWeights", true],
    ["a generic word", "publishPredictions", false],
  ])("%s", (_label, column, expected) => {
    expect(vocabularyColumn(column, ["alpsbench", "personalllm"])).toBe(expected);
  });
  test("the owners of a column: the benchmarks (or the platform, null) whose files name it as a word", () => {
    const files = [
      { owner: "alpsbench", text: "db.submission.findMany({ select: { poolSeed: true } })" },
      { owner: "alpsbench", text: 'SELECT md5(s."seedPredictions")' },
      { owner: null, text: "const poolSeeds = 1; // not the word" },
    ];
    expect([...ownersOf("poolSeed", files)]).toEqual(["alpsbench"]);
    expect([...ownersOf("seedPredictions", files)]).toEqual(["alpsbench"]);
    expect([...ownersOf("unnamed", files)]).toEqual([]);
  });
  test("a comment naming a column is not code naming it; strings with // or /* are code", () => {
    const files = [
      { owner: null, text: "/** the check's figures (AlpsBench: contamination) */\nconst flag = row.flag; // not contamination either" },
      { owner: "alpsbench", text: 'select: { contamination: true }, url: "https://x/contamination", glob: "lib/**/contamination"' },
    ];
    expect([...ownersOf("contamination", files)]).toEqual(["alpsbench"]);
    expect(withoutComments('a("https://x") /* b */ // c')).toBe('a("https://x")  ');
  });
});
