import type { ReactNode } from "react";
import type { Db } from "@/lib/db/create-client";
import { inputsVersionFor } from "@/lib/db/queries/inputs-version";
import { knownInputsSizes } from "../../http/inputs-sizes";
import { TASKS, TRACK_IDS } from "../../track-ids";
import { InputsLinks } from "../inputs-links";

/**
 * /submit's downloads of every task's inputs with the sizes this server knows: AlpsBench's own data version, else the
 * synthetic demo's; null without either.
 */
export async function alpsBenchSubmitInputs(db: Db): Promise<ReactNode> {
  const inputs = await inputsVersionFor(db, "alpsbench-v1");
  if (!inputs) return null;
  return (
    <InputsLinks
      tasks={TASKS}
      benchmark={inputs.slug}
      sizes={await knownInputsSizes(db, inputs.slug, TRACK_IDS)}
      note={inputs.fallback ? "No AlpsBench data is imported on this server yet: these are the synthetic demo's inputs (upload to the Demo benchmark)." : undefined}
    />
  );
}
