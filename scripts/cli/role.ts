import type { Command } from "commander";
import { z } from "zod";
import { listUsersByRole, ROLES, setRole } from "@/lib/auth/roles";
import { EmailOption, parseOption, withDb } from "@/lib/cli/with-db";

const RoleOption = z.enum(ROLES, { error: `--role must be one of ${ROLES.join(", ")}` });

/**
 * `role set --email <e> --role admin|user [--create]` and `role list [--all] [--json]`. The only way to make
 * (or unmake) an admin: roles are never set by a web request.
 */
export function register(program: Command): void {
  const role = program.command("role").description("make users admins (or plain users again); list admins");

  role
    .command("set")
    .description("set a user's role (the user must have signed in once, unless --create)")
    .requiredOption("--email <email>", "the user's e-mail address")
    .requiredOption("--role <role>", `the new role (${ROLES.join(", ")})`)
    .option("--create", "create the user when no one has this address yet")
    .action(async (options: { email: string; role: string; create?: boolean }) => {
      const email = parseOption(EmailOption, options.email);
      const newRole = parseOption(RoleOption, options.role);
      const change = await withDb((db) => setRole(db, email, newRole, { create: options.create }));
      const what = change.created ? "created with role" : change.before === change.after ? "already had role" : `changed from ${change.before} to`;
      process.stderr.write(`${email}: ${what} ${change.after}\n`);
    });

  role
    .command("list")
    .description("list admins (or every user with --all)")
    .option("--all", "every user, not only admins")
    .option("--json", "print JSON")
    .action(async (options: { all?: boolean; json?: boolean }) => {
      const users = await withDb((db) => listUsersByRole(db, { all: options.all }));
      if (options.json) {
        process.stdout.write(`${JSON.stringify(users)}\n`);
        return;
      }
      for (const u of users) process.stdout.write(`${u.role.padEnd(5)}  ${u.email ?? "(no e-mail)"}  ${u.id}  since ${u.createdAt.toISOString()}\n`);
      if (users.length === 0) process.stderr.write(options.all ? "no users\n" : "no admins (make one with `role set --email <e> --role admin`)\n");
    });
}
