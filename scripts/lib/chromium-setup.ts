/**
 * What `npm test` does about the browser its e2e lane drives (tests/e2e/browser.ts: CHROMIUM_PATH, else
 * /usr/bin/chromium) before it starts: nothing when it is there; install Debian's chromium when it is missing and
 * this user may (root, with apt-get: what .ci/run does); else stop at once with the one command to run, rather
 * than fail every e2e file minutes later. Pure: the caller looks at the machine and runs the plan.
 */
export const DEFAULT_CHROMIUM = "/usr/bin/chromium";

export interface ChromiumMachine {
  /** CHROMIUM_PATH, when set */
  configuredPath: string | undefined;
  /** whether a file exists at a path */
  exists: (file: string) => boolean;
  /** process.getuid() === 0 */
  isRoot: boolean;
  /** apt-get is on the PATH */
  hasAptGet: boolean;
}

type ChromiumPlan = { action: "ready"; path: string } | { action: "install"; path: string; commands: string[][] } | { action: "stop"; message: string };

const INSTALL: string[][] = [
  ["apt-get", "update", "-qq"],
  ["apt-get", "install", "-y", "-qq", "chromium"],
];

export function chromiumPlan(machine: ChromiumMachine): ChromiumPlan {
  const wanted = machine.configuredPath ?? DEFAULT_CHROMIUM;
  if (machine.exists(wanted)) return { action: "ready", path: wanted };
  // a path the user chose is theirs to fix: installing Debian's package would not put a browser there
  if (machine.configuredPath !== undefined) {
    return { action: "stop", message: `CHROMIUM_PATH=${wanted}: no file there. Point it at a Chromium binary, or unset it to use ${DEFAULT_CHROMIUM}.` };
  }
  if (machine.isRoot && machine.hasAptGet) return { action: "install", path: wanted, commands: INSTALL };
  const command = machine.hasAptGet ? "sudo apt-get install -y chromium" : "install Chromium and set CHROMIUM_PATH=<its binary>";
  return { action: "stop", message: `The end-to-end tests drive Chromium at ${wanted}, which is missing. Run: ${command}` };
}
