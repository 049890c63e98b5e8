import { z } from "zod";

/**
 * What the contamination check measured on a Task 1 submission (stored in its Contamination row with the flag; shown
 * on its page and, through its board row's flag and extras, on its row).
 */
export const ContaminationFigures = z.object({
  /** distinct normalised predicted values checked */
  values: z.number().int(),
  /** share of them found verbatim in other tracks' public inputs (Task 2 memory pools, Task 3 candidates) */
  publicShare: z.number(),
  task2InputShare: z.number(),
  task3CandidateShare: z.number(),
  /** largest share found in one earlier submission of another system, and which one */
  submissionShare: z.number(),
  submissionId: z.string().nullable(),
  threshold: z.number(),
  flagged: z.boolean(),
  /**
   * The split whose rows alone reach the highest public share, when that is what flagged the file: junk values on
   * the dev rows can dilute a test-row copy of the gold under the whole file's threshold
   */
  split: z
    .object({
      name: z.string(),
      values: z.number().int(),
      publicShare: z.number(),
      /** that split's dialogue figures (see `dialogue`), when they are what reached the threshold */
      matchedShare: z.number().optional(),
      coveredShare: z.number().optional(),
    })
    .optional(),
  /**
   * The rows compared with the memories other tracks show for their own dialogue (Task 2's input pool of the same
   * session), by the scorer's value similarity (lib/benchmarks/alpsbench/contamination/dialogue-match.ts): the share of predicted items
   * that match one, and the share of those public memories some item matches. Absent on figures stored before it.
   */
  dialogue: z
    .object({ items: z.number().int(), matchedShare: z.number(), publicValues: z.number().int(), coveredShare: z.number(), similarity: z.number() })
    .optional(),
  /**
   * The share of the rows' own public memories (Task 2's input pool of the session) that the scorer pairs with a
   * predicted item on label, type and confidence alone, its value similarity below `valueBelow`
   * (lib/benchmarks/alpsbench/contamination/structure-only.ts); `split` names a split whose rows alone reached the threshold. Absent on
   * figures stored before it.
   */
  structureOnly: z.object({ publicValues: z.number().int(), share: z.number(), valueBelow: z.number(), split: z.string().optional() }).optional(),
});
export type ContaminationFigures = z.infer<typeof ContaminationFigures>;
