import type { Command } from "commander";

/**
 * `alpsbench delete-submission --server <url> --token <t> --id <submission id>`: the owner (or an admin) deletes an
 * upload over the API (DELETE /api/v1/submissions/<id>): its file, scores and rows go, audited. The token needs
 * the submit and read scopes, as for any change to a submission.
 */
export function register(program: Command): void {
  program
    .command("delete-submission")
    .description("delete one of your uploads (or, as an admin, any upload) with its scores and rows; it cannot be undone")
    .requiredOption("--server <url>", "the leaderboard's base URL, e.g. http://localhost:3000")
    .requiredOption("--token <token>", "an API token with the submit and read scopes")
    .requiredOption("--id <id>", "the submission's id (as in /submissions/<id>)")
    .action(async (options: { server: string; token: string; id: string }) => {
      const url = new URL(`/api/v1/submissions/${encodeURIComponent(options.id.trim())}`, options.server);
      const response = await fetch(url, { method: "DELETE", headers: { authorization: `Bearer ${options.token}` } });
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
      if (!response.ok) throw new Error(`DELETE ${url.pathname} answered ${response.status}: ${body?.error?.message ?? response.statusText}`);
      process.stderr.write(`Submission ${options.id.trim()} was deleted, with its scores and rows.\n`);
    });
}
