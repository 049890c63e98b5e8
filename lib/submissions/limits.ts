/**
 * Which submissions count against a user's upload limits (lib/submissions/upload-limits.ts, where a run counts
 * once): all uploads except those that failed through our fault (worker crashes, our bugs), which are refunded.
 * Refused uploads (duplicates included) are never stored, so never counted.
 */
export const countsAgainstLimits = {
  NOT: { status: "failed" as const, failureIsOurs: true },
};

/** problems one refused file reports at most (each with line and field); the count says how many there were */
export const MAX_REPORTED_PROBLEMS = 50;
