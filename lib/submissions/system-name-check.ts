import type { Db } from "@/lib/db/create-client";
import { nameSkeleton } from "@/lib/security/name-skeleton";

/**
 * Whether an upload's system name or organisation poses as another's ("GPT-5.2" / "OpenAI", or a look-alike
 * with U+2011, zero-width characters, a Cyrillic "Р" or lower case, shown beside the reported rows). Names are compared by their confusable skeleton (lib/security/name-skeleton.ts):
 *  - a system name reading the same as a system this leaderboard reports or runs itself (no owner), or as another
 *    user's system that the public can see, is refused. Another user's private systems are not compared: a
 *    refusal would tell the uploader that they exist. The uploader's own systems never collide with themselves.
 *  - an organisation is the uploader's claim, shown as "(claimed)" until an admin verifies it
 *    (organisation-label.ts); one that reads like a reported or verified organisation but is spelled otherwise
 *    ("Ореn\u200bAI") is refused, naming the spelling to use, so a claim cannot hide among look-alikes.
 * Returns the refusal's sentence, or null.
 */
export async function systemNameProblem(db: Pick<Db, "system">, ownerId: string, system: { name: string; organisation?: string | null }): Promise<string | null> {
  const name = nameSkeleton(system.name);
  const organisation = system.organisation ? nameSkeleton(system.organisation) : "";
  const others = await db.system.findMany({
    where: {
      OR: [{ ownerId: null }, { ownerId: { not: ownerId }, submissions: { some: { visibility: "public", hiddenAt: null } } }],
    },
    select: { name: true, organisation: true, ownerId: true, organisationVerifiedAt: true },
  });
  if (name !== "") {
    const taken = others.find((other) => nameSkeleton(other.name) === name);
    if (taken) {
      const whose = taken.ownerId === null ? "a system this leaderboard reports" : "another user's system";
      const same = taken.name === system.name ? "is" : `reads the same as "${taken.name}", which is`;
      return `model: the name "${system.name}" ${same} ${whose}; choose a name of your own (nothing was stored).`;
    }
  }
  if (organisation !== "" && system.organisation) {
    const known = others.find(
      (other) =>
        other.organisation !== null &&
        (other.ownerId === null || other.organisationVerifiedAt !== null) &&
        nameSkeleton(other.organisation) === organisation &&
        other.organisation !== system.organisation,
    );
    if (known) {
      return `organisation: "${system.organisation}" reads like "${known.organisation}" but is spelled otherwise; write it exactly as "${known.organisation}" (it is shown as claimed until an admin verifies it) or give another organisation (nothing was stored).`;
    }
  }
  return null;
}
