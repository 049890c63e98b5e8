import { z } from "zod";

/** The query of an AlpsBench upload's breakdown download (`…/breakdown`): checked by the route before it reads anything. */
export const BreakdownQuery = z.strictObject({
  level: z.enum(["instance", "dimension"], { error: "must be instance or dimension" }).default("instance"),
  format: z.enum(["json", "csv"], { error: "must be json or csv" }).default("json"),
  by: z.enum(["domain", "label"], { error: "must be domain or label" }).default("domain"),
});
