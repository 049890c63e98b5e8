import type { Command } from "commander";
import { z } from "zod";
import { cutChangedReleases, cutRelease } from "@/lib/releases/cut-release";
import { parseOption, withDb } from "@/lib/cli/with-db";

const NoteOption = z.string().trim().min(1, "--note must not be empty").max(500, "--note is at most 500 characters");

/**
 * `admin release <benchmark> [--note "…"]`: archive the benchmark's boards now (docs/releases.md);
 * `admin release --auto`: the automatic rule, a release of every benchmark whose data or scorer version changed
 * since its last one (the same rule `npm start` runs after its import). Prints the new releases as JSON on stdout.
 */
export function registerRelease(admin: Command): void {
  admin
    .command("release")
    .description("cut a release: store the benchmark's current snapshot, listed on /releases (or --auto: every changed benchmark)")
    .argument("[benchmark]", "a module id (personalllm) or a data version (alpsbench-v1), as /api/v1/snapshot?benchmark= names it")
    .option("--note <text>", "why this release (shown on /releases)")
    .option("--auto", "cut a release of every benchmark whose data or scorer version changed since its last release")
    .action(async (benchmark: string | undefined, options: { note?: string; auto?: boolean }) => {
      if (options.auto ? benchmark !== undefined || options.note !== undefined : benchmark === undefined) {
        throw new Error("give a benchmark (with an optional --note), or --auto alone");
      }
      const note = options.note === undefined ? null : parseOption(NoteOption, options.note);
      const cut = await withDb(async (db) =>
        options.auto
          ? cutChangedReleases(db)
          : [await cutRelease(db, benchmark!, { trigger: "admin", note }).then((r) => ({ benchmark: r.benchmark, id: r.id, reason: "admin" }))],
      );
      process.stdout.write(`${JSON.stringify(cut)}\n`);
      process.stderr.write(
        cut.length === 0
          ? "no benchmark changed since its last release: nothing cut\n"
          : cut.map((c) => `released ${c.benchmark}: /releases/${c.id} (${c.reason})`).join("\n") + "\n",
      );
    });
}
