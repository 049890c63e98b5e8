import { describe, expect, test } from "vitest";
import { DEFAULT_TABLE_QUERY, parseTableQuery, readTableQuery, serializeTableQuery } from "./table-state";

describe("table query in the URL", () => {
  test("an empty query is the default view, and the default view serialises to nothing", () => {
    expect(readTableQuery({})).toEqual(DEFAULT_TABLE_QUERY);
    expect(serializeTableQuery(DEFAULT_TABLE_QUERY)).toBe("");
    expect(DEFAULT_TABLE_QUERY).toMatchObject({ benchmark: "alpsbench-v1", split: "full", kind: [], ci: "0", all: "0" });
  });

  test("benchmark=alpsbench (the benchmark's id) is the default data version, for pages and the API alike", () => {
    expect(readTableQuery(new URLSearchParams("benchmark=alpsbench")).benchmark).toBe("alpsbench-v1");
    expect(parseTableQuery({ benchmark: "alpsbench", split: "test" })).toEqual({ ok: true, query: { ...DEFAULT_TABLE_QUERY, split: "test" } });
    expect(serializeTableQuery(readTableQuery({ benchmark: "alpsbench" }))).toBe("");
    // a data version keeps its name; only the id is an alias
    expect(readTableQuery({ benchmark: "demo" }).benchmark).toBe("demo");
    // an inherited name is no alias (the alias table is looked up by own keys)
    expect(readTableQuery({ benchmark: "constructor" }).benchmark).toBe("constructor");
  });

  test("lists read comma-separated and repeated parameters alike, without duplicates", () => {
    const fromCommas = readTableQuery(new URLSearchParams("kind=general_llm,memory_system&org=OpenAI,Google"));
    const fromRepeats = readTableQuery({ kind: ["general_llm", "memory_system", "general_llm"], org: ["OpenAI", "Google"] });
    expect(fromCommas.kind).toEqual(["general_llm", "memory_system"]);
    expect(fromRepeats).toEqual(fromCommas);
  });

  test("parse(serialize(q)) gives q back, for a query using every parameter", () => {
    const query = readTableQuery(
      new URLSearchParams(
        "benchmark=demo&split=dev&version=det-1.0.0&sort=f1&dir=asc&q=gpt&kind=general_llm&tier=reported,rescored&weights=open&org=OpenAI&cols=f1,recall&ci=1&pin=abc,def&all=1",
      ),
    );
    expect(query).toMatchObject({ benchmark: "demo", split: "dev", version: "det-1.0.0", sort: "f1", dir: "asc", q: "gpt", weights: "open", ci: "1", all: "1" });
    const text = serializeTableQuery(query);
    expect(readTableQuery(new URLSearchParams(text))).toEqual(query);
    // stable order: equal views give equal URLs
    expect(text).toBe(
      "benchmark=demo&split=dev&version=det-1.0.0&sort=f1&dir=asc&q=gpt&kind=general_llm&tier=reported%2Crescored&weights=open&org=OpenAI&cols=f1%2Crecall&ci=1&pin=abc%2Cdef&all=1",
    );
  });

  test("a pinned row id of a system per tier (<slug>~<tier>[~flagged]) survives the URL", () => {
    const query = readTableQuery(new URLSearchParams("pin=llama-4-maverick~rescored,gpt-5-2~submitted~flagged"));
    expect(query.pin).toEqual(["llama-4-maverick~rescored", "gpt-5-2~submitted~flagged"]);
  });

  test("extra parameters (format) come first and defaults stay out", () => {
    expect(serializeTableQuery({ ...DEFAULT_TABLE_QUERY, q: "mem" }, { format: "csv" })).toBe("format=csv&q=mem");
  });

  test("bad parameters are named with their value; the rest of the query survives", () => {
    const parsed = parseTableQuery(new URLSearchParams("split=nope&kind=general_llm,robot&dir=up&q=ok"));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues.join("\n")).toMatch(/^split: .*"nope"/m);
    expect(parsed.issues.join("\n")).toMatch(/^kind: .*"robot"/m);
    expect(parsed.issues.join("\n")).toMatch(/^dir: .*"up"/m);
    expect(parsed.query).toMatchObject({ split: "full", kind: [], q: "ok" });
    expect(parsed.query.dir).toBeUndefined();
  });

  test("ids with characters outside the id alphabet are refused", () => {
    const parsed = parseTableQuery({ sort: "f1<script>" });
    expect(parsed.ok).toBe(false);
    expect(readTableQuery({ sort: "f1<script>" }).sort).toBeUndefined();
  });
});

describe("the table query's reader and its zod schema (/api-docs) agree", () => {
  test("on what is valid, the values read, and the words of each problem", async () => {
    const { DocumentedTableQuery } = await import("./table-query-docs");
    const inputs: Record<string, string | string[]>[] = [
      {},
      { benchmark: "demo", split: "dev", version: "det-1.0.0", sort: "f1", dir: "asc", q: "gpt", kind: ["general_llm"], tier: ["reported", "rescored"] },
      {
        weights: "open",
        org: ["OpenAI"],
        cols: ["f1", "task3/d100:recall"],
        ci: "1",
        pin: ["a~rescored"],
        density: "comfortable",
        all: "1",
        runs: "all",
        flagged: "1",
      },
      { split: "nope" },
      { kind: ["general_llm", "robot"] },
      { dir: "up", q: "x".repeat(101) },
      { benchmark: "Not A Slug", version: "a b", sort: "f1<script>" },
      { cols: ["ok", "not ok"], pin: Array.from({ length: 201 }, (_, i) => `r${i}`) },
      { org: ["x".repeat(101)], density: "dense", ci: "2" },
    ];
    for (const input of inputs) {
      const ours = parseTableQuery(input);
      const zod = DocumentedTableQuery.safeParse(input);
      expect(ours.ok, JSON.stringify(input)).toBe(zod.success);
      if (zod.success) expect(ours.query).toEqual(zod.data);
      else if (!ours.ok) {
        const words = zod.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
        expect(ours.issues.map((issue) => issue.replace(/ \(got .*\)$/s, "")).sort()).toEqual(words.sort());
      }
    }
  });
});
