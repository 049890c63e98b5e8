import { createHmac, randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/create-client";
import type { NoiseDraw } from "@/lib/benchmarks/alpsbench/read/test-split-privacy";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

const SECRET_NAME = "test-figure-noise";

/**
 * The server's secret for the noise of uploads' published test figures (lib/benchmarks/alpsbench/read/test-split-privacy.ts),
 * created on first use: 32 random bytes in the ServerSecret table, shared by every process. Two processes that
 * race both insert with ON CONFLICT DO NOTHING and read back the one that won.
 */
export function testFigureSecret(db: Pick<Db, "serverSecret">): Promise<string> {
  return serverSecret(db, SECRET_NAME);
}

/** A named server secret (ServerSecret), created on first use as 32 random bytes; every process reads the same. */
export async function serverSecret(db: Pick<Db, "serverSecret">, name: string): Promise<string> {
  await db.serverSecret.createMany({ data: [{ name, value: randomBytes(32).toString("base64url") }], skipDuplicates: true });
  return (await db.serverSecret.findUniqueOrThrow({ where: { name }, select: { value: true } })).value;
}

/**
 * The uniform draws of one submission's test figures of one track: HMAC-SHA256(secret, submission, track, figure)
 * mapped into (0, 1). Deterministic, so a re-score stores the same figure (a fresh draw per re-score could be
 * averaged); unpredictable without the secret, so the uploader cannot subtract it.
 */
export function testFigureNoise(secret: string, submissionId: string, track: TrackId): NoiseDraw {
  return (label) => {
    const digest = createHmac("sha256", secret).update(`${submissionId}\n${track}\n${label}`).digest();
    // 48 bits: (k + 0.5) / 2^48 is never 0 or 1, where the Laplace inverse CDF is infinite
    return (digest.readUIntBE(0, 6) + 0.5) / 2 ** 48;
  };
}
