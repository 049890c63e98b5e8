import { z } from "zod";

/** The query of an AlpsBench upload's breakdown download (`…/breakdown`): checked by the route before it reads anything. */
export const BreakdownQuery = z.strictObject({
  level: z
    .enum(["instance", "dimension"], { error: "must be instance or dimension" })
    .default("instance")
    .describe("`instance`: one row per instance with its metrics; `dimension`: the mean of each metric per stratum, with n."),
  format: z
    .enum(["json", "csv"], { error: "must be json or csv" })
    .default("json")
    .describe("The CSV names metrics as the tables do, at their decimals; the JSON keeps ids and full precision."),
  by: z
    .enum(["domain", "label"], { error: "must be domain or label" })
    .default("domain")
    .describe("`dimension` level: group by the label's domain, or by the full label."),
});
