/** Where a row's reproducibility pack is served (app/api/v1/submissions/[id]/pack/route.ts). */
export const packUrl = (submissionId: string): string => `/api/v1/submissions/${encodeURIComponent(submissionId)}/pack`;

/** Where a row whose predictions are public browses them, with gold and verdicts (the submission page's list). */
export const itemsUrl = (submissionId: string): string => `/submissions/${encodeURIComponent(submissionId)}#instances-title`;

/** One line of `verify`: a published figure beside the recomputed one, or an integrity or scope check. */
export type VerifyLine = {
  /** match / mismatch: compared; server-only: the pack cannot decide it offline (hidden test gold, noised figures) */
  status: "match" | "mismatch" | "server-only" | "info";
  label: string;
  published?: string;
  recomputed?: string;
  note?: string;
};
