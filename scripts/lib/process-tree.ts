import { spawnSync } from "node:child_process";

interface ProcessEntry {
  pid: number;
  ppid: number;
  pgid: number;
}

/** Parses `ps -A -o pid=,ppid=,pgid=` (three numbers a line). */
export function parsePs(text: string): ProcessEntry[] {
  return text.split("\n").flatMap((line) => {
    const [pid, ppid, pgid] = line.trim().split(/\s+/).map(Number);
    return pid && ppid !== undefined && pgid ? [{ pid, ppid, pgid }] : [];
  });
}

/**
 * The process groups of `roots` and of every process below them. A test's server is started `detached` (a group
 * of its own, so its tests can end it whole), which takes it out of its vitest's group: ending the vitest's group
 * alone would leave it running, re-parented to init. `except`: a group never to name (the caller's own).
 */
export function groupsBelow(table: readonly ProcessEntry[], roots: readonly number[], except: number): number[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table) children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), entry]);
  const groups = new Set<number>();
  const seen = new Set<number>();
  const queue = table.filter((e) => roots.includes(e.pid));
  while (queue.length > 0) {
    const entry = queue.pop()!;
    if (seen.has(entry.pid)) continue;
    seen.add(entry.pid);
    if (entry.pgid !== except) groups.add(entry.pgid);
    queue.push(...(children.get(entry.pid) ?? []));
  }
  return [...groups];
}

/** The machine's processes now (an empty list where `ps` cannot run: only the direct children's groups are then known). */
export function processTable(): ProcessEntry[] {
  const result = spawnSync("ps", ["-A", "-o", "pid=,ppid=,pgid="], { encoding: "utf8" });
  return result.status === 0 ? parsePs(result.stdout) : [];
}

/** Sends `signal` to a whole process group; a group that is gone already is no error. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: every process of the group has ended
  }
}
