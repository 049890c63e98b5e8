import type { Command } from "commander";

/**
 * `alpsbench system --server <url> --token <t> --slug <slug> [--name <new name>] [--kind <kind>]`: the owner renames
 * a system or changes its kind over the API (PATCH /api/v1/systems/<slug>). The slug stays; the change is audited
 * and shown in the history on the system's page. The token needs the submit and read scopes.
 */
export function register(program: Command): void {
  program
    .command("system")
    .description("rename one of your systems or change its kind (the slug and every link stay)")
    .requiredOption("--server <url>", "the leaderboard's base URL, e.g. http://127.0.0.1:3000")
    .requiredOption("--token <token>", "an API token with the submit and read scopes")
    .requiredOption("--slug <slug>", "the system's slug (as in /systems/<slug>)")
    .option("--name <name>", "its new name")
    .option("--kind <kind>", "what it is: general_llm, memory_system or retrieval_baseline")
    .action(async (options: { server: string; token: string; slug: string; name?: string; kind?: string }) => {
      if (options.name === undefined && options.kind === undefined) throw new Error("give --name, --kind or both");
      const url = new URL(`/api/v1/systems/${encodeURIComponent(options.slug.trim())}`, options.server);
      const response = await fetch(url, {
        method: "PATCH",
        headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
        body: JSON.stringify({ ...(options.name !== undefined ? { name: options.name } : {}), ...(options.kind !== undefined ? { kind: options.kind } : {}) }),
      });
      const body = (await response.json().catch(() => null)) as { error?: { message?: string }; name?: string; kind?: string; changed?: string[] } | null;
      if (!response.ok) throw new Error(`PATCH ${url.pathname} answered ${response.status}: ${body?.error?.message ?? response.statusText}`);
      const what = body?.changed?.length ? `changed ${body.changed.join(" and ")}` : "nothing to change";
      process.stdout.write(`System ${options.slug.trim()}: "${body?.name}" (${body?.kind}), ${what}.\n`);
    });
}
