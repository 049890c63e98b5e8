import type { Db } from "@/lib/db/create-client";
import { nameSkeleton } from "@/lib/security/name-skeleton";
import { labelFreeSkeleton, sourceWordsOf } from "./row-label-name";

type NameProblem = { code: "name_taken" | "name_misleading"; message: string };

/**
 * Whether an upload's system name or organisation poses as another's ("GPT-5.2" / "OpenAI", or a look-alike
 * with U+2011, zero-width characters, a Cyrillic "Р" or lower case, shown beside the reported rows). Names are compared by their confusable skeleton (lib/security/name-skeleton.ts):
 *  - a system name reading the same as a system this leaderboard reports or runs itself (no owner), or as another
 *    user's system that the public can see, is refused. Another user's private systems are not compared: a
 *    refusal would tell the uploader that they exist. The uploader's own systems never collide with themselves.
 *  - an organisation is the uploader's claim, shown as "(claimed)" until an admin verifies it
 *    (organisation-label.ts); one that reads like a reported or verified organisation but is spelled otherwise
 *    ("Ореn\u200bAI") is refused, naming the spelling to use, so a claim cannot hide among look-alikes.
 *  - a system name that is a reference system's (one with no owner: reported, re-scored, baseline) plus words naming
 *    a row's tier or source ("GPT-5.2 (reported)", "Gemini-3 Flash rescored", "GPT-5.2 (<benchmark> paper)", "Copy
 *    the input" beside "Copy the input (baseline)") reads on a board as that system's row: refused (422
 *    `name_misleading`), naming the system. The source words are the generic ones of row-label-name.ts plus those
 *    of the reference rows' source labels and the data versions' names, read from the database. A name with a
 *    word of its own ("GPT-5.2 + my memory") says what it adds and is accepted.
 * `ownerId` null: the server's own import (lib/eee), compared with every reference and public system.
 * Returns the refusal (code and sentence), or null.
 */
export async function systemNameProblem(
  db: Pick<Db, "system" | "submission" | "benchmarkVersion">,
  ownerId: string | null,
  system: { name: string; organisation?: string | null },
): Promise<NameProblem | null> {
  const name = nameSkeleton(system.name);
  const organisation = system.organisation ? nameSkeleton(system.organisation) : "";
  const others = await db.system.findMany({
    where: {
      OR: [
        { ownerId: null },
        { ...(ownerId === null ? { ownerId: { not: null } } : { ownerId: { not: ownerId } }), submissions: { some: { visibility: "public", hiddenAt: null } } },
      ],
    },
    select: { name: true, organisation: true, ownerId: true, organisationVerifiedAt: true },
  });
  if (name !== "") {
    const taken = others.find((other) => nameSkeleton(other.name) === name);
    if (taken) {
      const whose = taken.ownerId === null ? "a system this leaderboard reports" : "another user's system";
      const same = taken.name === system.name ? "is" : `reads the same as "${taken.name}", which is`;
      return { code: "name_taken", message: `model: the name "${system.name}" ${same} ${whose}; choose a name of your own (nothing was stored).` };
    }
    const labelled = await rowLabelOf(
      db,
      system.name,
      others.filter((other) => other.ownerId === null),
    );
    if (labelled) {
      return {
        code: "name_misleading",
        message: `model: the name "${system.name}" reads as a row label of "${labelled}", a system this leaderboard reports (words such as "reported", "re-scored", "paper", "baseline" or a source's name say which row it is, not which system); add what your system is ("${labelled} + my memory") or choose another name (nothing was stored).`,
      };
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
      return {
        code: "name_taken",
        message: `organisation: "${system.organisation}" reads like "${known.organisation}" but is spelled otherwise; write it exactly as "${known.organisation}" (it is shown as claimed until an admin verifies it) or give another organisation (nothing was stored).`,
      };
    }
  }
  return null;
}

/** The reference system whose name `name` is, once tier and source words are taken out of both; null: none. */
async function rowLabelOf(db: Pick<Db, "submission" | "benchmarkVersion">, name: string, references: readonly { name: string }[]): Promise<string | null> {
  const [labels, versions] = await Promise.all([
    db.submission.findMany({ where: { system: { ownerId: null }, sourceLabel: { not: null } }, distinct: ["sourceLabel"], select: { sourceLabel: true } }),
    db.benchmarkVersion.findMany({ select: { name: true } }),
  ]);
  const words = sourceWordsOf([...labels.map((l) => l.sourceLabel), ...versions.map((v) => v.name)]);
  const stripped = labelFreeSkeleton(name, words);
  if (stripped === "") return null;
  // a reference's own name loses the generic tier words only: stripped of the database's source words too, two
  // honest names could fold into one word they share with a data version's name ("Third test system" and an
  // ownerless "Test system" both into "system" on a data version named "third-test")
  return references.find((reference) => labelFreeSkeleton(reference.name) === stripped)?.name ?? null;
}
