import { z } from "zod";

/** The query of GET /api/v1/submissions/{id}/items (parsed by the route, listed on /api-docs). */
export const ModuleItemsQuery = z.strictObject({
  format: z.enum(["json", "csv"], { error: "must be json or csv" }).default("json").describe("`json` (default) or `csv`."),
});
