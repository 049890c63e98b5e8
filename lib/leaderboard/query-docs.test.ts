import { describe, expect, test } from "vitest";
import { queryParamDocs } from "./query-docs";
import { DocumentedTableQuery } from "./table-query-docs";
import { TABLE_QUERY_PARAMS } from "./table-state";

describe("queryParamDocs", () => {
  test("documents every table-query parameter from the schema, with values and defaults", () => {
    const docs = queryParamDocs(DocumentedTableQuery);
    expect(docs.map((d) => d.name)).toEqual(Object.keys(TABLE_QUERY_PARAMS));
    const byName = Object.fromEntries(docs.map((d) => [d.name, d]));
    expect(byName.split).toMatchObject({ values: "all | full | dev | validation | test", default: "full" });
    expect(byName.kind!.values).toBe("comma-separated list of general_llm | memory_system | retrieval_baseline | baseline");
    expect(byName.kind!.default).toBeNull();
    for (const doc of docs) expect(doc.description, doc.name).not.toBe("");
  });
});
