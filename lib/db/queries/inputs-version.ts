import type { Db } from "@/lib/db/create-client";

/**
 * The data version whose inputs a page links: the one asked for when this server holds its instances, else the
 * synthetic demo (a fresh `npm start` has the real data only after an import), else null.
 */
export async function inputsVersionFor(db: Db, wanted: string): Promise<{ slug: string; fallback: boolean } | null> {
  for (const [slug, fallback] of [
    [wanted, false],
    ["demo", true],
  ] as const) {
    const found = await db.instance.findFirst({ where: { benchmarkVersion: { slug } }, select: { id: true } });
    if (found) return { slug, fallback: fallback && slug !== wanted };
  }
  return null;
}
