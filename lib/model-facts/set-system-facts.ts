import type { Db } from "@/lib/db/create-client";
import { factColumns, ModelFacts } from "./facts";

/**
 * An admin sets (or clears, with null) a system's model facts: the way facts reach reported systems, which no
 * upload describes. Values are checked by the same schema as an upload's; the change is audit-logged.
 */
export async function setSystemFacts(
  db: Db,
  slug: string,
  input: unknown,
  actor: { id: string | null; reason: string },
): Promise<{ ok: true; slug: string; set: string[] } | { ok: false; status: 400 | 404; message: string }> {
  const parsed = ModelFacts.safeParse(input);
  if (!parsed.success) {
    return { ok: false, status: 400, message: parsed.error.issues.map((i) => `${i.path.join(".") || "(facts)"}: ${i.message}`).join("; ") };
  }
  const data = factColumns(parsed.data);
  if (Object.keys(data).length === 0) return { ok: false, status: 400, message: "no fact given (see --help)" };
  return db.$transaction(async (tx) => {
    const system = await tx.system.findUnique({ where: { slug }, select: { id: true, paramsB: true, activeParamsB: true } });
    if (!system) return { ok: false as const, status: 404 as const, message: `no system "${slug}"` };
    const total = data.paramsB !== undefined ? data.paramsB : system.paramsB;
    const active = data.activeParamsB !== undefined ? data.activeParamsB : system.activeParamsB;
    if (total !== null && active !== null && active > total) {
      return { ok: false as const, status: 400 as const, message: `activeParamsB: ${active} cannot exceed the total parameters (${total})` };
    }
    await tx.system.update({ where: { id: system.id }, data });
    await tx.auditLog.create({
      data: { actorId: actor.id, action: "system.facts.set", targetType: "system", targetId: system.id, reason: `${actor.reason}: ${JSON.stringify(parsed.data)}` },
    });
    return { ok: true as const, slug, set: Object.keys(data) };
  });
}
