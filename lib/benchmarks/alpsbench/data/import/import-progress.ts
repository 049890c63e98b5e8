import cliProgress from "cli-progress";

/**
 * Progress of the import's phases (read, pools, compare, write, re-score, BM25). On a terminal: one
 * cli-progress bar per phase with counts and ETA. Elsewhere (CI, the e2e setup, `npm start` logs): plain lines,
 * one when a phase starts, one at most every `everyMs` while it runs (count, percent, ETA) and one when it ends,
 * so the import is never silent for more than a few seconds.
 */
export interface PhaseProgress {
  /** `n` more units done */
  tick(n?: number): void;
  /** the phase is over; prints its count and time */
  done(note?: string): void;
}
export interface ImportProgress {
  phase(name: string, total: number, unit: string): PhaseProgress;
}

/** Progress that prints nothing (library callers that pass no log). */
export const silentProgress: ImportProgress = { phase: () => ({ tick: () => undefined, done: () => undefined }) };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const count = (n: number) => n.toLocaleString("en-US");

/** Plain progress lines through `log`. Pure of terminal tricks: safe for files and pipes. */
export function lineProgress(log: (line: string) => void, options: { everyMs?: number; now?: () => number } = {}): ImportProgress {
  const everyMs = options.everyMs ?? 2000;
  const now = options.now ?? Date.now;
  return {
    phase(name, total, unit) {
      const started = now();
      let last = started;
      let doneCount = 0;
      log(`${name}: ${count(total)} ${unit}`);
      return {
        tick(n = 1) {
          doneCount += n;
          const at = now();
          if (at - last < everyMs || doneCount >= total) return;
          last = at;
          const rate = doneCount / Math.max(1, at - started);
          const eta = rate > 0 ? (total - doneCount) / rate : 0;
          log(`${name}: ${count(doneCount)}/${count(total)} ${unit} (${Math.floor((100 * doneCount) / Math.max(1, total))}%), ETA ${seconds(eta)}`);
        },
        done(note) {
          log(`${name}: ${count(Math.max(doneCount, total))} ${unit} in ${seconds(now() - started)}${note ? ` (${note})` : ""}`);
        },
      };
    },
  };
}

/** A progress bar per phase on `stream` (a TTY), counts and ETA included; the finished bar stays on screen. */
export function barProgress(stream: NodeJS.WriteStream = process.stderr): ImportProgress {
  return {
    phase(name, total, unit) {
      const started = Date.now();
      const bar = new cliProgress.SingleBar(
        {
          stream,
          format: `${name.padEnd(22)} {bar} {value}/{total} ${unit} | {percentage}% | ETA {eta_formatted}`,
          hideCursor: true,
          etaBuffer: 50,
          fps: 5,
        },
        cliProgress.Presets.shades_classic,
      );
      bar.start(Math.max(total, 0), 0);
      return {
        tick(n = 1) {
          bar.increment(n);
        },
        done(note) {
          bar.update(Math.max(total, 0));
          bar.stop();
          stream.write(`${name}: done in ${seconds(Date.now() - started)}${note ? ` (${note})` : ""}\n`);
        },
      };
    },
  };
}

/** Bars on a terminal, plain lines otherwise. */
export function progressFor(log: (line: string) => void, stream: NodeJS.WriteStream = process.stderr): ImportProgress {
  return stream.isTTY ? barProgress(stream) : lineProgress(log);
}
