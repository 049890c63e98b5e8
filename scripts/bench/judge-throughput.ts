#!/usr/bin/env tsx
/**
 * Judge client throughput: `npx tsx scripts/bench/judge-throughput.ts [--calls 400] [--concurrency 16] [--delay-ms 200]`
 *
 * Starts a local OpenAI-compatible server that answers every request after a fixed delay, runs N judge
 * calls at concurrency C through the generic client's judge() (lib/llm-judge: live provider, in-memory cache,
 * a bench-only verdict schema, so no benchmark's prompts are involved), and reports achieved calls/s
 * against the ideal C / delay (target ratio >= 0.9). Then runs the same N prompts again with the warm
 * cache and reports how many provider calls that made (must be 0). Exits 1 if either target is missed.
 *
 * The server runs in a worker thread (its own event loop), as a real judge endpoint would be another
 * machine: run in the client's event loop, its own request handling competes with the client for one
 * core and the figure would measure that, not the client. max(4C, 100) warm-up calls (JIT, connection
 * pool) run before the timed run and are not counted.
 */
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { z } from "zod";
import { InMemoryJudgeCache } from "@/lib/llm-judge/cache";
import { judge, type JudgePrompt } from "@/lib/llm-judge/judge";
import { JudgeMeter } from "@/lib/llm-judge/meter";
import { createOpenAICompatibleProvider } from "@/lib/llm-judge/openai-provider";
import { defineJudgeProfile } from "@/lib/llm-judge/profile";

const BENCH_TEMPLATE = "bench-usefulness-v1";
const BenchVerdict = z.object({ useful: z.boolean(), score: z.number().min(0).max(1), reason: z.string().optional() });
/** A prompt of a realistic size (a system paragraph and a JSON payload of about 1 KB). */
const benchPrompt = (question: string, memory: string): JudgePrompt => ({
  templateVersion: BENCH_TEMPLATE,
  verdictKind: "bench_usefulness",
  messages: [
    {
      role: "system",
      content:
        "You are grading whether an assistant's answer makes use of a fact the user told it earlier. " +
        'Answer with one JSON object {"useful": boolean, "score": number between 0 and 1, "reason": string} and nothing else. '.repeat(3),
    },
    { role: "user", content: JSON.stringify({ question, memory, answer: "a".repeat(600), reason: "r".repeat(200) }, null, 2) },
  ],
});

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "400" },
    concurrency: { type: "string", default: "16" },
    "delay-ms": { type: "string", default: "200" },
    json: { type: "boolean", default: false },
  },
});
const calls = positiveInt(values.calls, "--calls");
const concurrency = positiveInt(values.concurrency, "--concurrency");
const delayMs = positiveInt(values["delay-ms"], "--delay-ms");

const server = await startServerWorker(delayMs);
try {
  const provider = createOpenAICompatibleProvider({ baseURL: server.baseURL, concurrency, timeoutMs: 30_000, maxRetries: 0 });
  const profile = defineJudgeProfile({
    provider: "openai-compatible",
    baseURL: server.baseURL,
    model: "bench-judge",
    promptTemplateVersion: BENCH_TEMPLATE,
    maxTokens: 128,
    pricing: { inputPerMillionUsd: 0.27, outputPerMillionUsd: 1.1 },
  });
  const prompts = Array.from({ length: calls }, (_, n) => benchPrompt(`bench question ${n}`, `memory ${n}`));
  const cache = new InMemoryJudgeCache();

  // warm-up (not timed, not counted): distinct prompts so nothing is cached for the timed run
  const warmUpCalls = Math.max(4 * concurrency, 100);
  await Promise.all(Array.from({ length: warmUpCalls }, (_, n) => judge({ profile, prompt: benchPrompt(`warm-up ${n}`, "w"), parse: BenchVerdict }, { provider })));

  const coldMeter = new JudgeMeter();
  const coldStart = performance.now();
  const cold = await Promise.all(prompts.map((prompt) => judge({ profile, prompt, parse: BenchVerdict }, { provider, cache, meter: coldMeter })));
  const coldSeconds = (performance.now() - coldStart) / 1000;
  const parsed = cold.filter((o) => o.status === "parsed").length;
  const achieved = calls / coldSeconds;
  const ideal = concurrency / (delayMs / 1000);
  const ratio = achieved / ideal;

  const coldStats = await server.stats();
  const requestsBefore = coldStats.requests;
  const warmMeter = new JudgeMeter();
  const warmStart = performance.now();
  await Promise.all(prompts.map((prompt) => judge({ profile, prompt, parse: BenchVerdict }, { provider, cache, meter: warmMeter })));
  const warmSeconds = (performance.now() - warmStart) / 1000;
  const warm = warmMeter.snapshot();
  const warmStats = await server.stats();

  const result = {
    calls,
    concurrency,
    delayMs,
    warmUpCalls,
    cold: {
      seconds: round(coldSeconds, 3),
      parsed,
      callsPerSecond: round(achieved, 2),
      idealCallsPerSecond: round(ideal, 2),
      ratio: round(ratio, 3),
      peakInFlight: coldStats.peakInFlight,
      usage: coldMeter.snapshot(),
    },
    warm: {
      seconds: round(warmSeconds, 3),
      providerCalls: warm.calls,
      serverRequests: warmStats.requests - requestsBefore,
      cacheHits: warm.cacheHits,
    },
    pass: ratio >= 0.9 && warm.calls === 0 && warmStats.requests === requestsBefore && parsed === calls,
  };
  if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else {
    process.stdout.write(
      [
        `judge throughput: ${calls} calls, concurrency ${concurrency}, server delay ${delayMs} ms (after ${warmUpCalls} untimed warm-up calls)`,
        `  cold: ${result.cold.callsPerSecond} calls/s in ${result.cold.seconds} s (ideal ${result.cold.idealCallsPerSecond}); ratio ${result.cold.ratio} (target >= 0.9); peak in flight ${result.cold.peakInFlight}; parsed ${parsed}/${calls}`,
        `  cold usage: ${result.cold.usage.inputTokens} input + ${result.cold.usage.outputTokens} output tokens, $${(result.cold.usage.costUsd ?? 0).toFixed(6)}`,
        `  warm cache: ${result.warm.providerCalls} provider calls, ${result.warm.serverRequests} server requests, ${result.warm.cacheHits} cache hits in ${result.warm.seconds} s`,
        `  ${result.pass ? "PASS" : "FAIL"}`,
        "",
      ].join("\n"),
    );
  }
  if (!result.pass) process.exitCode = 1;
} finally {
  await server.close();
}

/** A minimal OpenAI-compatible server in a worker thread: every request answered after `delayMs`. */
async function startServerWorker(delayMs: number): Promise<{
  baseURL: string;
  stats(): Promise<{ requests: number; peakInFlight: number }>;
  close(): Promise<void>;
}> {
  const source = `
    const { parentPort, workerData } = require("node:worker_threads");
    const http = require("node:http");
    let requests = 0, inFlight = 0, peakInFlight = 0;
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        requests += 1; inFlight += 1; peakInFlight = Math.max(peakInFlight, inFlight);
        setTimeout(() => {
          const body = JSON.stringify({
            id: "chatcmpl-bench", object: "chat.completion", created: 0, model: "bench-judge",
            choices: [{ index: 0, message: { role: "assistant", content: '{"useful": true, "score": 1, "reason": "bench"}' }, finish_reason: "stop" }],
            usage: { prompt_tokens: 300, completion_tokens: 20, total_tokens: 320 },
          });
          res.writeHead(200, { "content-type": "application/json" });
          res.end(body, () => { inFlight -= 1; });
        }, workerData.delayMs);
      });
    });
    server.listen(0, "127.0.0.1", () => parentPort.postMessage({ type: "ready", port: server.address().port }));
    parentPort.on("message", (m) => {
      if (m === "stats") parentPort.postMessage({ type: "stats", requests, peakInFlight });
      if (m === "close") { server.closeAllConnections(); server.close(() => process.exit(0)); }
    });
  `;
  const worker = new Worker(source, { eval: true, workerData: { delayMs } });
  const next = (type: string) =>
    new Promise<Record<string, number>>((resolve) => {
      const listener = (message: { type: string } & Record<string, number>) => {
        if (message.type === type) {
          worker.off("message", listener);
          resolve(message);
        }
      };
      worker.on("message", listener);
    });
  const ready = await next("ready");
  return {
    baseURL: `http://127.0.0.1:${ready.port}/v1`,
    async stats() {
      const reply = next("stats");
      worker.postMessage("stats");
      const message = await reply;
      return { requests: message.requests ?? 0, peakInFlight: message.peakInFlight ?? 0 };
    },
    async close() {
      const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
      worker.postMessage("close");
      await exited;
    },
  };
}

function positiveInt(value: string | undefined, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer (got ${value})`);
  return n;
}

function round(x: number, digits: number): number {
  return Number(x.toFixed(digits));
}
