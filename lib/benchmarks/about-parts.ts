import type { ReactNode } from "react";
import type { Db } from "@/lib/db/create-client";
import { hostedBenchmarks } from "./index";

/**
 * The About page's parts: each hosted benchmark's own (its `about` hook), the benchmark at "/" first; the lead is
 * the first declared one. The page (app/about) adds every benchmark's credit after them.
 */
export async function aboutParts(
  db: Db,
): Promise<{ lead: string | undefined; parts: { benchmark: string; title: string; body: ReactNode; contents: { id: string; title: string }[] }[] }> {
  const found = await Promise.all(hostedBenchmarks().map(async (b) => ({ benchmark: b.id, title: b.title, about: (await b.about?.(db)) ?? null })));
  const parts = found.flatMap((f) => (f.about ? [{ benchmark: f.benchmark, title: f.title, body: f.about.body, contents: f.about.contents ?? [] }] : []));
  return { lead: found.find((f) => f.about)?.about?.lead, parts };
}
