/** The settings a server without a judge lacks, named wherever a figure waits for one (pure: pages and the worker read it). */
export const JUDGE_SETTINGS = "JUDGE_BASE_URL and JUDGE_MODEL (and JUDGE_API_KEY if the endpoint needs one)";
