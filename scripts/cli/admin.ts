import { Option, type Command } from "commander";
import { API_TOKEN_SCOPES, createApiToken } from "@/lib/auth/api-token";
import { DisplayName } from "@/lib/auth/display-name";
import { EmailOption, parseOption, withDb } from "./with-db";

/**
 * `admin bootstrap --email <e> [--display-name "Your name"]` (`--name` is the older spelling): the first admin and an API token in ONE command, for a
 * fresh server where no sign-in method is configured yet. Creates the user (or promotes an existing one),
 * sets the display name shown on their submitted rows, and prints a token with every scope once on stdout.
 */
export function register(program: Command): void {
  const admin = program.command("admin").description("operator commands");
  admin
    .command("bootstrap")
    .description("create (or promote) an admin and print an API token once: the way in on a fresh server")
    .requiredOption("--email <email>", "the admin's e-mail address")
    .option("--display-name <name>", "the person's display name, shown on their submitted rows")
    // the older spelling; `token create --name` names a token, so the person's name has its own flag now
    .addOption(new Option("--name <name>", "same as --display-name").hideHelp())
    .action(async (options: { email: string; displayName?: string; name?: string }) => {
      const email = parseOption(EmailOption, options.email);
      if (options.displayName !== undefined && options.name !== undefined && options.displayName !== options.name) {
        throw new Error("--display-name and --name (its older spelling) give two different names; give one");
      }
      const given = options.displayName ?? options.name;
      const name = given === undefined ? undefined : parseOption(DisplayName, given) || undefined;
      const made = await withDb((db) =>
        db.$transaction(async (tx) => {
          const before = await tx.user.findUnique({ where: { email }, select: { role: true } });
          const user = await tx.user.upsert({
            where: { email },
            create: { email, role: "admin", ...(name ? { name } : {}) },
            update: { role: "admin", ...(name ? { name } : {}) },
            select: { id: true },
          });
          if (before?.role !== "admin") {
            await tx.auditLog.create({ data: { actorId: null, action: "role.set.admin", targetType: "user", targetId: user.id, reason: "admin bootstrap (CLI)" } });
          }
          const token = await createApiToken(tx, user.id, { name: "bootstrap", scopes: [...API_TOKEN_SCOPES] });
          return { token, created: before === null, promoted: before !== null && before.role !== "admin" };
        }),
      );
      process.stdout.write(`${made.token.token}\n`);
      const what = made.created ? "created as admin" : made.promoted ? "promoted to admin" : "already an admin";
      process.stderr.write(
        `${email}: ${what}; token ${made.token.prefix}… (scopes ${made.token.scopes.join(", ")}) is shown only now.\n` +
          `Submit with: npm run --silent alpsbench -- submit --server <url> --token <token> --task task1 --file predictions.jsonl --model "My model" --wait\n`,
      );
    });
}
