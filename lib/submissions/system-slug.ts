import { createHash } from "node:crypto";
import type { Db } from "@/lib/db/create-client";

function slugify(name: string): string {
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
 * The short suffix of an uploaded system's slug: a hash of its owner and its name's slug. It depends on nothing
 * but the uploader's own account and the name, so a slug says nothing about any other user's systems. A counter
 * (the first X at `x`, the next uploader's X at `x-2`) would let a public upload of a private system's name reveal
 * that the private system exists.
 */
export function ownerSuffix(ownerId: string, base: string): string {
  return createHash("sha256").update(`${ownerId}\n${base}`, "utf8").digest("hex").slice(0, 6);
}

/**
 * The slug of the submitter's system called `name`: `<name>-<ownerSuffix>`, the same on every upload of theirs
 * under that name (so uploads gather under one system, and two parallel uploads upsert the same row). A system
 * with an older counter slug, `<name>` or `<name>-<n>`, is still theirs and keeps its slug. Reported and
 * re-scored systems (seeded, never uploaded) keep their plain slugs. A system its owner renamed
 * (lib/systems/change-system.ts) keeps its slug, so the owner's system of exactly that name comes first.
 */
export async function systemSlugFor(db: Pick<Db, "system">, name: string, ownerId: string): Promise<string> {
  const renamed = await db.system.findFirst({ where: { ownerId, name }, orderBy: { createdAt: "asc" }, select: { slug: true } });
  if (renamed) return renamed.slug;
  const base = slugify(name);
  // theirs from before the rule: the plain slug or a numbered one, walked as the old rule allocated them
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const existing = await db.system.findUnique({ where: { slug }, select: { ownerId: true } });
    if (!existing) break;
    if (existing.ownerId === ownerId) return slug;
  }
  const slug = `${base.slice(0, 53)}-${ownerSuffix(ownerId, base)}`;
  // another owner's system at exactly that slug (a legacy slug or a name that slugifies to it) is never taken over
  const existing = await db.system.findUnique({ where: { slug }, select: { ownerId: true } });
  if (!existing || existing.ownerId === ownerId) return slug;
  for (let n = 2; n < 1000; n++) {
    const next = `${slug}-${n}`;
    const taken = await db.system.findUnique({ where: { slug: next }, select: { ownerId: true } });
    if (!taken || taken.ownerId === ownerId) return next;
  }
  throw new Error(`no free system slug for "${name}"`);
}
