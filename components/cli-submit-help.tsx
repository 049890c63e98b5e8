import Link from "next/link";
import { cliCommand } from "@/lib/platform/site";

/**
 * The path that works on every server, sign-in configured or not: an operator creates an account and a token
 * with one command (`admin bootstrap`, README "Sign-in, roles and API tokens"), and the researcher submits with
 * the CLI or the API. Shown on /signin and /submit.
 */
export function CliSubmitHelp({ noSignIn }: { noSignIn: boolean }) {
  // wrapped, not scrolled: a phone shows no scroll bar, so a scrolled command looked cut off
  const code = "block rounded bg-surface-muted px-3 py-2 font-mono text-[0.8125rem] leading-relaxed whitespace-pre-wrap text-fg [overflow-wrap:anywhere]";
  return (
    <section aria-labelledby="cli-submit-title" className="space-y-2" data-cli-submit-help>
      <h2 id="cli-submit-title" className="text-base font-semibold text-fg">
        {noSignIn ? "Submit with an API token and the CLI" : "Or submit with an API token and the CLI"}
      </h2>
      <p className="text-sm text-fg-muted">
        {noSignIn ? "Without a sign-in method, uploads go through the API. " : ""}
        The server&apos;s operator creates an account and a token with one command, run where the server runs (the token is printed once):
      </p>
      <code className={code} tabIndex={0}>
        {cliCommand('admin bootstrap --email you@example.org --display-name "Your name"', { silent: true })}
      </code>
      <p className="text-sm text-fg-muted">
        (<code className="font-mono text-[0.8125rem]">token create --email …</code> makes a token for a non-admin user.) Then upload a prediction file and follow its
        scoring:
      </p>
      <code className={code} tabIndex={0}>
        {cliCommand('submit --server <this site\'s URL> --token <token> \\\n  --task task1 --file predictions.jsonl --model "My model" --wait', { silent: true }) +
          "\n# a whole run (task1/, task3/d300/, task4_ability2/ … predictions.jsonl): --dir predictions/ instead of --task and --file"}
      </code>
      <p className="text-sm text-fg-muted">
        Or <code className="font-mono text-[0.8125rem]">POST /api/v1/submissions</code> with{" "}
        <code className="font-mono text-[0.8125rem]">Authorization: Bearer &lt;token&gt;</code>; see{" "}
        <Link href="/api-docs" className="text-accent underline underline-offset-2">
          the API documentation
        </Link>
        .
      </p>
    </section>
  );
}
