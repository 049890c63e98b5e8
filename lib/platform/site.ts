/**
 * The platform's name, said once. Page titles and OpenGraph (app/layout.tsx), the header's wordmark, the command
 * line's program name and help, the sign-in e-mail's sender, the API's auth realm and the API documentation read it
 * here; each hosted benchmark is named by its own declaration (lib/benchmarks/index.ts). Plain constants, no I/O:
 * the browser's header reads them too. The defaults are the name the site has always had.
 */

const shortName = "AlpsBench";
const suffix = "Leaderboard";

export const SITE = {
  /** the whole name: page titles ("API · AlpsBench Leaderboard"), e-mails, OpenGraph, the OpenAPI document */
  name: `${shortName} ${suffix}`,
  /** the header's wordmark, set bold, followed by `suffix` in small type */
  shortName,
  suffix,
  /**
   * the command line's name: its program name in help and errors, and the npm script that runs it from a clone
   * (package.json "scripts"; lib/platform/site.test.ts checks the script exists)
   */
  // eslint-disable-next-line boundary/no-benchmark-vocabulary -- the platform's command, named after its first benchmark; this is the one place that says so
  cliName: "alpsbench",
  /** the site's description for search engines and link previews */
  description: "Rankings, downloads and server-side re-scoring for AlpsBench, a benchmark of how well LLMs and memory systems personalize.",
} as const;

/** The command line as pages and messages print it for a clone: `npm run alpsbench -- submit …`. */
export function cliCommand(args: string, options: { silent?: boolean } = {}): string {
  return `npm run ${options.silent ? "--silent " : ""}${SITE.cliName} -- ${args}`;
}
