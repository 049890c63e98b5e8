import { z } from "zod";

/** The query of GET …/{id}/instance-input and …/instance-explanation: which listed instance (listed-instance.ts parses it; /api-docs lists it). */
export const ListedInstanceQuery = z.strictObject({
  track: z.string({ error: "is required" }).min(1, "is required").max(40).describe("The track the submission page lists the instance under."),
  benchmark_id: z.string({ error: "is required" }).min(1, "is required").max(200).describe("The instance's id."),
});
