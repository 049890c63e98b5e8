import { Option, type Command } from "commander";
import { z } from "zod";
import { API_TOKEN_SCOPES, createApiToken } from "@/lib/auth/api-token";
import { DisplayName } from "@/lib/auth/display-name";
import { registerRelease } from "./release";
import { EmailOption, parseOption, withDb } from "@/lib/cli/with-db";
import { OPERATOR_TRANSACTION } from "@/lib/db/operator-transaction";
import { cliCommand } from "@/lib/platform/site";

const SystemSlugOption = z.string().trim().min(1, "--system must be a system's slug (its /systems/<slug> address)");

/**
 * `admin bootstrap --email <e> [--display-name "Your name"]` (`--name` is the older spelling): the first admin and an API token in ONE command, for a
 * fresh server where no sign-in method is configured yet. Creates the user (or promotes an existing one),
 * sets the display name shown on their submitted rows, and prints a token with every scope once on stdout.
 */
export function register(program: Command): void {
  const admin = program.command("admin").description("operator commands");
  registerRelease(admin);
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
      // the refusal names the flag the operator typed: "--name contains the control character U+0007."
      const flag = options.displayName !== undefined ? "--display-name" : "--name";
      const checked = given === undefined ? null : DisplayName.safeParse(given);
      if (checked && !checked.success) throw new Error(checked.error.issues.map((i) => i.message.replace(/^The display name/, flag)).join("; "));
      const name = checked?.success ? checked.data || undefined : undefined;
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
        }, OPERATOR_TRANSACTION),
      );
      const what = made.created ? "created as admin" : made.promoted ? "promoted to admin" : "already an admin";
      // the notes first, on stderr; the token last, alone on stdout: the last line a terminal shows is the token
      process.stderr.write(
        `${email}: ${what}; token ${made.token.prefix}… (scopes ${made.token.scopes.join(", ")}) is shown only now.\n` +
          `Submit with: ${cliCommand('submit --server <url> --token <token> --task task1 --file predictions.jsonl --model "My model" --wait', { silent: true })}\n`,
      );
      process.stdout.write(`${made.token.token}\n`);
    });

  admin
    .command("rehash-content")
    .description("re-compute every stored upload's content hash (the duplicate rule's) from its file; once after upgrading")
    .action(async () => {
      const { rehashStoredContent } = await import("@/lib/submissions/rehash-content");
      const result = await withDb((db) => rehashStoredContent(db, (line) => process.stderr.write(`${line}\n`)));
      process.stderr.write(`${result.checked} stored upload(s) read, ${result.changed} content hash(es) re-computed.\n`);
    });

  admin
    .command("verify-organisation")
    .description('mark an uploaded system\'s organisation as verified (pages show it without "(claimed)"), or --undo')
    .requiredOption("--system <slug>", "the system's slug, as in /systems/<slug>")
    .requiredOption("--actor <email>", "the admin who checked the claim (recorded in the audit log)")
    .option("--undo", "withdraw the verification")
    .action(async (options: { system: string; actor: string; undo?: boolean }) => {
      const slug = parseOption(SystemSlugOption, options.system);
      const actorEmail = parseOption(EmailOption, options.actor);
      const result = await withDb((db) => verifyOrganisation(db, { slug, actorEmail, undo: options.undo === true }));
      if (!result.ok) throw new Error(result.message);
      process.stderr.write(`${result.message}\n`);
    });
}

/**
 * An admin vouches for (or withdraws) the organisation an uploader gave their system, audited. The organisation
 * is named in the audit row, since a later upload may change it (which clears the verification).
 */
export async function verifyOrganisation(
  db: Parameters<Parameters<typeof withDb>[0]>[0],
  input: { slug: string; actorEmail: string; undo: boolean },
): Promise<{ ok: boolean; message: string }> {
  return db.$transaction(async (tx) => {
    const actor = await tx.user.findUnique({ where: { email: input.actorEmail }, select: { id: true, role: true } });
    if (!actor || actor.role !== "admin") return { ok: false, message: `--actor ${input.actorEmail} is not an admin.` };
    const system = await tx.system.findUnique({
      where: { slug: input.slug },
      select: { id: true, organisation: true, ownerId: true, organisationVerifiedAt: true },
    });
    if (!system) return { ok: false, message: `No system "${input.slug}".` };
    if (system.ownerId === null) return { ok: false, message: `"${input.slug}" is the server's own (reported or seeded): its organisation is not a claim.` };
    if (!system.organisation) return { ok: false, message: `"${input.slug}" gives no organisation.` };
    if ((system.organisationVerifiedAt !== null) !== input.undo) {
      return { ok: true, message: `"${input.slug}": the organisation "${system.organisation}" is already ${input.undo ? "unverified" : "verified"}.` };
    }
    await tx.system.update({ where: { id: system.id }, data: { organisationVerifiedAt: input.undo ? null : new Date() } });
    await tx.auditLog.create({
      data: {
        actorId: actor.id,
        action: input.undo ? "system.organisation.unverify" : "system.organisation.verify",
        targetType: "system",
        targetId: system.id,
        reason: system.organisation,
      },
    });
    return { ok: true, message: `"${input.slug}": the organisation "${system.organisation}" is now ${input.undo ? "a claim again" : "verified"}.` };
  }, OPERATOR_TRANSACTION);
}
