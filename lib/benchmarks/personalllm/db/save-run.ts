import type { Db } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ScoreResult } from "../../types";
import type { UserResult } from "../score-users";

interface RunLabel {
  name: string;
  organisation?: string | null;
  setting?: string | null;
  algorithm?: string | null;
  shots?: number | null;
  /** scored on the synthetic evaluation set: the provenance of the data it was scored on */
  syntheticData?: boolean;
}

type Tx = Prisma.TransactionClient | Db;

/** Stores a re-scored run with its per-user figures (one transaction with the caller's other writes). */
export async function saveRun(
  tx: Tx,
  origin: "submission" | "baseline",
  track: "rewards" | "selection",
  label: RunLabel,
  result: ScoreResult<UserResult & { choice?: number; response?: string | null }>,
): Promise<string> {
  const run = await tx.pllmSubmission.create({
    data: {
      origin,
      track,
      name: label.name,
      organisation: label.organisation ?? null,
      setting: label.setting ?? null,
      algorithm: label.algorithm ?? null,
      shots: label.shots ?? null,
      syntheticData: label.syntheticData ?? false,
      n: result.n,
      metrics: result.metrics as unknown as Prisma.InputJsonValue,
    },
  });
  await tx.pllmUserResult.createMany({
    data: result.items.map((u) => ({
      submissionId: run.id,
      personId: u.personId,
      score: u.score,
      z: u.z,
      winVsBest: u.winVsBest,
      winVsGpt4o: u.winVsGpt4o,
      choice: u.choice ?? null,
      response: u.response ?? null,
    })),
  });
  return run.id;
}
