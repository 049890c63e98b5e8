-- A module benchmark's own tables are public data like Score and Submission: PersonalLLM's board reads its
-- reported runs, stored runs and per-user results from them, and its upload readiness from its evaluation users
-- and prompts. They bump the leaderboard version (20261122084039_leaderboard_version), so the memoised read
-- models and the anonymous page cache (lib/page-cache) see a seed, an import or a stored run on the next request.
CREATE TRIGGER "pllm_eval_user_bump_leaderboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pllm_eval_user"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();
CREATE TRIGGER "pllm_prompt_bump_leaderboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pllm_prompt"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();
CREATE TRIGGER "pllm_reported_run_bump_leaderboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pllm_reported_run"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();
CREATE TRIGGER "pllm_submission_bump_leaderboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pllm_submission"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();
CREATE TRIGGER "pllm_user_result_bump_leaderboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pllm_user_result"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leaderboard_version"();
