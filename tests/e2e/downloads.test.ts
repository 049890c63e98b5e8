import { parse } from "csv-parse/sync";
import { IDENTITY_DECIMALS, IDENTITY_HEADERS } from "@/lib/leaderboard/to-table";
import { CONTAMINATION_FIELDS } from "@/lib/benchmarks/alpsbench/contamination/row-marks";
import { describe, expect, inject, test } from "vitest";

import { VIEW_SLUGS } from "@/lib/benchmarks/alpsbench/read/views";

/**
 * Every leaderboard download, as a spreadsheet user opens it (issues 13, 21): a UTF-8 BOM, parsed with csv-parse,
 * every figure at its metric's decimals, no column empty for every row, readable headers with the judge profile
 * in one column; the JSON beside it keeps the machine ids.
 */
const baseUrl = inject("baseUrl");
/** numeric identity columns (parameters) and AlpsBench's own row fields (contamination shares) by their CSV header, with their decimals */
const identityDecimals = new Map([
  ...Object.entries(IDENTITY_DECIMALS).map(([id, decimals]) => [IDENTITY_HEADERS[id]!, decimals] as const),
  ...CONTAMINATION_FIELDS.map((f) => [f.header, f.decimals ?? 0] as const),
]);

type Column = { id: string; header: string; decimals: number; kind: string; judgeProfiles?: string[] };

describe.each(["alpsbench-v1", "demo"])("downloads of %s", (benchmark) => {
  test.each(VIEW_SLUGS)("%s: CSV readable, rounded, without empty columns; JSON keeps the ids", async (slug) => {
    const json = (await (await fetch(`${baseUrl}/api/v1/leaderboards/${slug}?benchmark=${benchmark}&format=json`)).json()) as {
      columns: Column[];
      rows: Record<string, unknown>[];
    };
    const response = await fetch(`${baseUrl}/api/v1/leaderboards/${slug}?benchmark=${benchmark}&format=csv`);
    expect(response.status).toBe(200);
    // the bytes, not response.text(): a UTF-8 decode drops a leading BOM
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)], `${slug}: a UTF-8 BOM for Excel`).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const records = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(records.length).toBe(json.rows.length);
    if (records.length === 0) return;
    const headers = Object.keys(records[0]!);
    for (const header of headers)
      expect(
        records.some((r) => r[header] !== ""),
        `${slug}: column "${header}" is empty for every row`,
      ).toBe(true);
    // no header is a machine id (task4/ability1:score, f1__ci_low)
    for (const header of headers) expect(header, slug).not.toMatch(/__|:|\/|\[judge/);
    expect(headers, `${slug}: no Pinned column when no row is pinned`).not.toContain("Pinned");
    // the longest column header a CSV header starts with gives its decimals (value, CI bounds; n is an integer)
    const byLength = [...json.columns].sort((a, b) => b.header.length - a.header.length);
    for (const header of headers) {
      const column = byLength.find((c) => header === c.header || header.startsWith(`${c.header} `));
      const allowed = column ? column.decimals : (identityDecimals.get(header) ?? 0);
      for (const record of records) {
        const value = record[header]!;
        if (!/^-?\d+(\.\d+)?(e-?\d+)?$/.test(value)) continue;
        const decimals = value.includes(".") ? value.split(".")[1]!.replace(/e.*$/, "").length : 0;
        expect(decimals, `${slug} "${header}" = ${value}`).toBeLessThanOrEqual(allowed);
      }
    }
    // the judge profile once per row, in its own column; the JSON says it per column
    if (json.columns.some((c) => c.kind === "judge" && (c.judgeProfiles?.length ?? 0) > 0)) expect(headers, slug).toContain("Judge profile");
    for (const column of json.columns.filter((c) => c.kind === "judge" && c.judgeProfiles?.length === 1))
      expect(Object.keys(json.rows[0]!), slug).not.toContain(`${column.id}__judge`);
    for (const column of json.columns) expect(Object.keys(json.rows[0]!), slug).toContain(column.id);
  });
});
