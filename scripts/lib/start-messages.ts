/**
 * What `npm start` prints for a newcomer, as pure functions of what it found (scripts/start.ts): its phases, where
 * the site is and how to sign in, and each notice in words that say what it means and what to do. next build's
 * route table (~50 lines) is left out of the log: it says nothing a person starting the site needs.
 */

/** Lines of next build's output the start log leaves out: the route table and its legend. */
export function isRouteTableLine(line: string): boolean {
  const text = line.trim();
  return (
    /^[┌├└│]/.test(text) ||
    /^Route \((app|pages)\)/.test(text) ||
    /^\+ First Load JS/.test(text) ||
    /^ƒ Proxy|^ƒ Middleware/.test(text) ||
    /^[○●ƒλ◐]\s+\(/.test(text)
  );
}

/** A module's tracks that take no upload yet: one short line, then what an operator does, on its own line. */
export function notReadyLines(benchmark: { id: string; title: string; importHow?: string }, tracks: readonly string[]): string[] {
  const which = tracks.length === 1 ? `its ${tracks[0]} track takes` : `its ${tracks.slice(0, -1).join(", ")} and ${tracks.at(-1)} tracks take`;
  const lines = [
    `${benchmark.title} (${benchmark.id}): ${which} no uploads yet, since no evaluation data is imported here; its boards and the rest of the site work`,
  ];
  if (benchmark.importHow) lines.push(`  to take uploads: ${benchmark.importHow}`);
  return lines;
}

/** A release cut at start: what a release is, so it does not read as something the import did wrong. */
export function releaseLine(cut: { benchmark: string; id: string; reason: string }): string {
  return `release: ${cut.benchmark}'s boards saved as a citable snapshot at /releases/${cut.id} (${cut.reason}; one is cut whenever a benchmark's data or scorer changes)`;
}

/** The closing lines: where the site is, how to sign in, how to stop. */
export function readyLines(options: { url: string; localSignIn: boolean }): string[] {
  return [
    `the site: ${options.url}`,
    options.localSignIn
      ? `sign in: open ${options.url}/signin on this machine and ask for a local sign-in link; the link is printed here (no e-mail is sent)`
      : `sign in: ${options.url}/signin (e-mail or GitHub, as configured)`,
    "stop: Ctrl+C (the database stops with it; the next start reuses it and skips an unchanged build)",
  ];
}

/**
 * npm ci warns EBADENGINE for @prisma/streams-local (a dependency of prisma's `prisma dev`, which this project never
 * runs) on Node below 22: said here, where a newcomer reads next, instead of only in docs/running.md.
 */
export function engineWarningLine(nodeVersion: string, hasStreamsLocal: boolean): string | null {
  const major = Number(nodeVersion.replace(/^v/, "").split(".")[0]);
  if (!hasStreamsLocal || !(major < 22)) return null;
  return `npm ci's "EBADENGINE" warning (@prisma/streams-local asks for Node 22; this is Node ${nodeVersion.replace(/^v/, "")}) is harmless: nothing here loads that package (docs/running.md)`;
}
