import { z } from "zod";
import { describe, expect, test } from "vitest";
import { DocumentedTableQuery } from "@/lib/leaderboard/table-query-docs";
import { TABLE_QUERY_PARAMS } from "@/lib/leaderboard/table-state";
import { schemaFields } from "./schema-fields";

describe("schemaFields", () => {
  test("documents every table-query parameter from the schema, with values and defaults", () => {
    const docs = schemaFields(DocumentedTableQuery);
    expect(docs.map((d) => d.name)).toEqual(Object.keys(TABLE_QUERY_PARAMS));
    const byName = Object.fromEntries(docs.map((d) => [d.name, d]));
    expect(byName.split).toMatchObject({ values: "all | full | dev | validation | test", default: "full", required: false });
    expect(byName.kind!.values).toBe("comma-separated list of general_llm | memory_system | retrieval_baseline | baseline");
    expect(byName.kind!.default).toBeNull();
    for (const doc of docs) expect(doc.description, doc.name).not.toBe("");
  });

  test.each([
    ["a required field", z.object({ model: z.string().describe("the system's name") }), { required: true, values: "string", description: "the system's name" }],
    ["an optional one", z.object({ model: z.string().optional().describe("the system's name") }), { required: false, description: "the system's name" }],
    ["one with a default", z.object({ split: z.enum(["dev", "test"]).default("dev") }), { required: false, default: "dev", values: "dev | test" }],
    ["a URL", z.object({ paper_url: z.url().optional() }), { values: "URL" }],
    ["a nullable answer", z.object({ note: z.string().nullable() }), { values: "string | null", required: true }],
  ] as const)("%s", (_label, schema, expected) => {
    expect(schemaFields(schema)[0]).toMatchObject(expected);
  });
});
