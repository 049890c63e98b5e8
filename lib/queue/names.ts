/**
 * The scoring queue's names and retry policy. pg-boss keeps its tables in their own schema of the application's
 * database, so a submission row and its first job commit in one transaction (lib/submissions/create-submission.ts).
 */
export const PGBOSS_SCHEMA = "pgboss";

/** One job = one chunk of one submission's scoring (see lib/worker/score-submission.ts). */
export const SCORE_QUEUE = "score-submission";

/** Where pg-boss moves a chunk whose retries are exhausted; its handler marks the submission failed. */
export const SCORE_DEAD_LETTER_QUEUE = "score-submission-failed";

/**
 * Retries after the first attempt, per chunk: 4 retries = 5 attempts, the number the failure message names.
 * A retry waits retryDelay * 2^(n-1) .. 2 * retryDelay * 2^(n-1) seconds (pg-boss backoff with jitter):
 * 1-2 s, 2-4 s, 4-8 s, 8-16 s.
 */
export const SCORE_RETRY_LIMIT = 4;
export const SCORE_ATTEMPTS = SCORE_RETRY_LIMIT + 1;
export const SCORE_RETRY_DELAY_SECONDS = 1;
