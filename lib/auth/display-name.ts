import { z } from "zod";
import type { Db } from "@/lib/db/create-client";
import { nameProblem } from "@/lib/security/safe-text";

/** The longest display name: it heads every submitted row of the person. */
const DISPLAY_NAME_MAX = 100;

/**
 * A person's display name (User.name), shown as "by <name>" on their submitted rows: set on /account by anyone
 * signed in (however they signed in), or by `admin bootstrap --display-name`. Trimmed; no control or bidi
 * characters and at least one visible one (nameProblem); "" clears it.
 */
export const DisplayName = z
  .string()
  .trim()
  .max(DISPLAY_NAME_MAX, { message: `The display name is longer than ${DISPLAY_NAME_MAX} characters.` })
  .superRefine((name, ctx) => {
    const problem = name === "" ? null : nameProblem(name);
    if (problem) ctx.addIssue({ code: "custom", message: `The display name ${problem}.` });
  });

/** Sets (or, with "", clears) a user's display name; the name must already have passed DisplayName. */
export async function setDisplayName(db: Db, userId: string, name: string): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { name: name === "" ? null : name } });
}
