/**
 * Token, cost and call accounting for a run of judge calls. One meter per run (or per worker job);
 * judge() updates it. "calls" are completed provider calls; cache hits cost nothing and are counted apart.
 */
export type JudgeUsage = {
  /** completed provider calls (a cache hit is not a call) */
  calls: number;
  /** HTTP attempts over all calls, failed ones included (calls + retries) */
  attempts: number;
  cacheHits: number;
  callFailures: number;
  /** completed calls, or cache hits, whose text did not parse into a verdict */
  parseFailures: number;
  inputTokens: number;
  outputTokens: number;
  /** calls whose provider reported no token usage (not included in the token totals) */
  callsWithoutUsage: number;
  /** null until a priced profile made a call */
  costUsd: number | null;
  /** sum of call latencies, ms */
  latencyMsTotal: number;
  failuresByCode: Record<string, number>;
};

export class JudgeMeter {
  private usage: JudgeUsage = {
    calls: 0,
    attempts: 0,
    cacheHits: 0,
    callFailures: 0,
    parseFailures: 0,
    inputTokens: 0,
    outputTokens: 0,
    callsWithoutUsage: 0,
    costUsd: null,
    latencyMsTotal: 0,
    failuresByCode: {},
  };

  recordCall(call: { attempts: number; inputTokens: number | null; outputTokens: number | null; costUsd: number | null; latencyMs: number }): void {
    const u = this.usage;
    u.calls += 1;
    u.attempts += call.attempts;
    if (call.inputTokens === null || call.outputTokens === null) u.callsWithoutUsage += 1;
    u.inputTokens += call.inputTokens ?? 0;
    u.outputTokens += call.outputTokens ?? 0;
    if (call.costUsd !== null) u.costUsd = (u.costUsd ?? 0) + call.costUsd;
    u.latencyMsTotal += call.latencyMs;
  }

  recordCacheHit(): void {
    this.usage.cacheHits += 1;
  }

  recordFailure(code: string, attempts: number): void {
    this.usage.callFailures += 1;
    this.usage.attempts += attempts;
    this.usage.failuresByCode[code] = (this.usage.failuresByCode[code] ?? 0) + 1;
  }

  recordParseFailure(): void {
    this.usage.parseFailures += 1;
  }

  snapshot(): JudgeUsage {
    return structuredClone(this.usage);
  }
}
