import { z } from "zod";
import type { Db } from "@/lib/db/create-client";
import { nameProblem } from "@/lib/security/safe-text";
import { systemNameProblem } from "@/lib/submissions/system-name-check";
import { USER_SYSTEM_KINDS } from "./kinds";

/**
 * The owner renames their system or changes its kind (a memory system left at the upload form's default "LLM").
 * What holds, and why:
 *  - owner only. A system this leaderboard reports or runs (no owner: the paper's, the references) is the server's
 *    own and is not changed here; another user's system neither. Someone who cannot see the system (another
 *    user's, with no public submission) learns nothing of it: 404, as for an unknown slug.
 *  - the new name passes the uploads' checks (lib/submissions/system-name-check.ts): no control or bidi
 *    characters, a visible character, no look-alike of a reference or another user's public system, no reference
 *    name plus tier or source words ("GPT-5.2 (reported)"); and it is not the name of another system of the same
 *    owner (two rows reading the same). The kind is one an upload may give (never `baseline`: reference rows are
 *    the server's).
 *  - the slug stays as it was: every link to the system, its rows and its packs keeps working (a pack names its
 *    submission, not the system's name), and an upload under the new name goes to the same system
 *    (lib/submissions/system-slug.ts looks up the owner's system by name first).
 *  - at most CHANGES_PER_DAY changes per system per 24 hours (the history is public).
 *  - each change is one audit row (`system.rename`, `system.kind`; lib/systems/system-history.ts reads them for the
 *    system page's history), written in the same transaction as the change; the System row's trigger bumps the
 *    leaderboard version, so cached boards and pages show the new name on the next request.
 */

export const SystemChangeRequest = z
  .strictObject(
    {
      name: z
        .string({ error: "must be a string" })
        .trim()
        .min(1, "is required (the system's name)")
        .max(120, "at most 120 characters")
        .superRefine((name, ctx) => {
          const problem = nameProblem(name);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        })
        .optional()
        .describe("The system's new name, as its rows show it."),
      kind: z
        .enum(USER_SYSTEM_KINDS, { error: `must be ${USER_SYSTEM_KINDS.join(", ")}` })
        .optional()
        .describe("What the system is."),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys.join(", ")}` : undefined) },
  )
  .refine((body) => body.name !== undefined || body.kind !== undefined, { message: "give name, kind or both" });
type SystemChangeRequest = z.infer<typeof SystemChangeRequest>;

type SystemChangeResult =
  | { ok: true; slug: string; name: string; kind: string; changed: string[] }
  | { ok: false; code: "not_found" | "forbidden" | "conflict" | "name_taken" | "name_misleading" | "limit_reached"; message: string };

/** changes (audit rows) per system per 24 hours */
const CHANGES_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

export const SYSTEM_AUDIT = { rename: "system.rename", kind: "system.kind" } as const;

export async function changeSystem(
  db: Db,
  input: { slug: string; viewer: { id: string; role: "user" | "admin" }; change: SystemChangeRequest },
): Promise<SystemChangeResult> {
  return db.$transaction(async (tx): Promise<SystemChangeResult> => {
    const system = await tx.system.findUnique({
      where: { slug: input.slug },
      select: {
        id: true,
        slug: true,
        name: true,
        kind: true,
        ownerId: true,
        submissions: { where: { visibility: "public", hiddenAt: null }, select: { id: true }, take: 1 },
      },
    });
    const visible =
      system !== null && (system.ownerId === null || system.ownerId === input.viewer.id || input.viewer.role === "admin" || system.submissions.length > 0);
    if (!system || !visible) return { ok: false, code: "not_found", message: `No system "${input.slug}" (or it is private).` };
    if (system.ownerId !== input.viewer.id) {
      const whose = system.ownerId === null ? "it is one this leaderboard reports or runs itself" : "it is another user's";
      return { ok: false, code: "forbidden", message: `Only the system's owner can rename it or change its kind; ${whose}.` };
    }
    const name = input.change.name ?? system.name;
    const kind = input.change.kind ?? system.kind;
    const changed = [...(name !== system.name ? ["name"] : []), ...(kind !== system.kind ? ["kind"] : [])];
    if (changed.length === 0) return { ok: true, slug: system.slug, name, kind, changed };
    // the history is public: a name changed every minute would make it a channel of its own
    const recent = await tx.auditLog.count({
      where: { targetType: "system", targetId: system.id, action: { in: Object.values(SYSTEM_AUDIT) }, createdAt: { gt: new Date(Date.now() - DAY_MS) } },
    });
    if (recent >= CHANGES_PER_DAY)
      return { ok: false, code: "limit_reached", message: `This system was changed ${recent} times in the last 24 hours, the most allowed; try again tomorrow.` };
    if (name !== system.name) {
      // one rename at a time on the whole site: two owners cannot both take one new name
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('system-names'))`;
      const own = await tx.system.findFirst({ where: { ownerId: system.ownerId, name, id: { not: system.id } }, select: { slug: true } });
      if (own)
        return {
          ok: false,
          code: "conflict",
          message: `name: you have a system named "${name}" already (/systems/${own.slug}); choose another name (nothing was changed).`,
        };
      const posing = await systemNameProblem(tx, system.ownerId, { name });
      if (posing)
        return { ok: false, code: posing.code, message: posing.message.replace(/^model: /, "name: ").replace("nothing was stored", "nothing was changed") };
    }
    await tx.system.update({ where: { id: system.id }, data: { name, kind } });
    const audit = (action: string, reason: string) => ({ actorId: input.viewer.id, action, targetType: "system", targetId: system.id, reason });
    await tx.auditLog.createMany({
      data: [
        ...(name !== system.name ? [audit(SYSTEM_AUDIT.rename, `"${system.name}" → "${name}"`)] : []),
        ...(kind !== system.kind ? [audit(SYSTEM_AUDIT.kind, `${system.kind} → ${kind}`)] : []),
      ],
    });
    return { ok: true, slug: system.slug, name, kind, changed };
  });
}
