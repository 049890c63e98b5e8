import { Option, type Command } from "commander";
import { z } from "zod";
import { API_TOKEN_SCOPES, createApiToken, revokeApiToken } from "@/lib/auth/api-token";
import { nameProblem } from "@/lib/security/safe-text";
import { EmailOption as Email, parseOption as parse, withDb } from "@/lib/cli/with-db";

const Scopes = z
  .string()
  .transform((s) =>
    s
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(API_TOKEN_SCOPES, { error: `--scopes must be a comma-separated list of ${API_TOKEN_SCOPES.join(", ")}` })).min(1));

/**
 * `token create --email <e> [--admin] [--token-name n] [--scopes submit,read]` (`--name` is the older spelling): an API token for a user (created when
 * missing), printed once on stdout; `token list --email <e>`; `token revoke --email <e> --id <token id>`.
 * This command, run by whoever holds the database, is the only way to make an admin: no request can.
 */
export function register(program: Command): void {
  const token = program.command("token").description("create, list and revoke API tokens (for the API and `submit`)");

  token
    .command("create")
    .description("create an API token for a user (the user is created when missing); prints the token once on stdout")
    .requiredOption("--email <email>", "the user's e-mail address")
    .option("--admin", "make the user an admin (also promotes an existing user)")
    .option("--token-name <name>", "a name to recognise the token by (not the person's name: see admin bootstrap --display-name)")
    // the older spelling, kept for scripts that use it
    .addOption(new Option("--name <name>", "same as --token-name").hideHelp())
    .option("--scopes <list>", `comma-separated scopes (${API_TOKEN_SCOPES.join(", ")})`, API_TOKEN_SCOPES.join(","))
    .action(async (options: { email: string; admin?: boolean; tokenName?: string; name?: string; scopes: string }) => {
      const email = parse(Email, options.email);
      const scopes = parse(Scopes, options.scopes);
      if (options.tokenName !== undefined && options.name !== undefined && options.tokenName !== options.name) {
        process.stderr.write("--token-name and --name (its older spelling) give two different names; give one\n");
        process.exit(2);
      }
      const tokenName = options.tokenName ?? options.name ?? "cli";
      const problem = nameProblem(tokenName.trim());
      if (problem) {
        process.stderr.write(`--token-name: the token name ${problem}\n`);
        process.exit(2);
      }
      const created = await withDb(async (db) => {
        const user = await db.user.upsert({
          where: { email },
          create: { email, role: options.admin ? "admin" : "user" },
          update: options.admin ? { role: "admin" } : {},
          select: { id: true, role: true },
        });
        const made = await createApiToken(db, user.id, { name: tokenName, scopes });
        return { ...made, role: user.role };
      });
      // the note first, on stderr; the token last, alone on stdout: the last line a terminal shows is the token
      process.stderr.write(`token ${created.id} (${created.prefix}…, scopes ${created.scopes.join(", ")}) for ${email} (${created.role}); it is shown only now:\n`);
      process.stdout.write(`${created.token}\n`);
    });

  token
    .command("list")
    .description("list a user's tokens (prefix, scopes, last use; never the token)")
    .requiredOption("--email <email>", "the user's e-mail address")
    .option("--json", "print JSON")
    .action(async (options: { email: string; json?: boolean }) => {
      const email = parse(Email, options.email);
      const tokens = await withDb((db) =>
        db.apiToken.findMany({
          where: { user: { email } },
          orderBy: { createdAt: "asc" },
          select: { id: true, name: true, prefix: true, scopes: true, createdAt: true, lastUsedAt: true, revokedAt: true },
        }),
      );
      if (options.json) {
        process.stdout.write(`${JSON.stringify(tokens)}\n`);
        return;
      }
      for (const t of tokens) {
        const state = t.revokedAt ? `revoked ${t.revokedAt.toISOString()}` : `last used ${t.lastUsedAt?.toISOString() ?? "never"}`;
        process.stdout.write(`${t.id}  ${t.prefix}…  ${t.name}  [${t.scopes.join(",")}]  ${state}\n`);
      }
      if (tokens.length === 0) process.stderr.write(`no tokens for ${email}\n`);
    });

  token
    .command("revoke")
    .description("revoke one of a user's tokens")
    .requiredOption("--email <email>", "the user's e-mail address")
    .requiredOption("--id <id>", "the token id (see `token list`)")
    .action(async (options: { email: string; id: string }) => {
      const email = parse(Email, options.email);
      const revoked = await withDb(async (db) => {
        const user = await db.user.findUnique({ where: { email }, select: { id: true } });
        return user ? revokeApiToken(db, user.id, options.id) : false;
      });
      if (!revoked) throw new Error(`${email} has no live token ${options.id}`);
      process.stderr.write(`revoked ${options.id}\n`);
    });
}
