import type { Db } from "@/lib/db/create-client";

export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return slug || "system";
}

/**
 * The slug of the submitter's system called `name`: their own existing system with that name's slug, or a
 * fresh one. Another user's system (or a reported one) is never taken over: the slug gets a numeric suffix.
 */
export async function systemSlugFor(db: Pick<Db, "system">, name: string, ownerId: string): Promise<string> {
  const base = slugify(name);
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const existing = await db.system.findUnique({ where: { slug }, select: { ownerId: true } });
    if (!existing || existing.ownerId === ownerId) return slug;
  }
  throw new Error(`no free system slug for "${name}"`);
}
