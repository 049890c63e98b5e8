import { z } from "zod";

/**
 * The part of a stored snapshot a release page reads (GET /api/v1/snapshot's JSON, the same for every benchmark):
 * its metadata and its views' records. Parsed, not trusted: a release stored by an older server still renders.
 */
export const ReleaseSnapshot = z.object({
  snapshot: z.looseObject({ scorerVersion: z.string(), generatedAt: z.string(), benchmark: z.string() }),
  views: z.array(
    z.looseObject({
      view: z.string(),
      title: z.string(),
      /** the record fields in order (module snapshots); otherwise the first row's keys */
      fields: z.array(z.string()).optional(),
      rows: z.array(z.record(z.string(), z.unknown())),
      notes: z.array(z.string()).default([]),
    }),
  ),
});
export type ReleaseSnapshot = z.infer<typeof ReleaseSnapshot>;
type ReleaseView = ReleaseSnapshot["views"][number];

export function viewFields(view: ReleaseView): string[] {
  return view.fields ?? Object.keys(view.rows[0] ?? {});
}
