import type { ItemFigures, ItemRowsDeclaration } from "@/lib/benchmarks/types";
import type { Db } from "@/lib/db/create-client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Viewer } from "./submission-status";

/** Rows a page of an upload's item table shows: the page stays small whatever the benchmark's size. */
export const ITEMS_PAGE_SIZE = 50;

/**
 * Who may read an upload's per-item rows (page and downloads): its owner and admins always; anyone else only
 * when the upload is public and unhidden AND the track declares its items public (a module whose items would
 * reveal hidden gold leaves `public` unset, so they stay with the owner).
 */
export function mayReadModuleItems(
  submission: { visibility: "public" | "private"; hidden: boolean; isOwner: boolean },
  viewer: Viewer,
  decl: Pick<ItemRowsDeclaration, "public">,
): boolean {
  if (viewer?.role === "admin" || submission.isOwner) return true;
  return decl.public === true && submission.visibility === "public" && !submission.hidden;
}

type ItemsQuery = { page: number; sort: string; dir: "asc" | "desc" };
export type ItemsPage = ItemsQuery & { rows: { itemKey: string; figures: ItemFigures }[]; total: number; pages: number };

/**
 * The query of a page URL, made safe: no or an unknown sort reads by item (numbers as numbers: the scorer's order
 * follows the stored text order, 0, 1, 10, 11, 2, which nobody reading the table expects), a page into range.
 */
export function readItemsQuery(decl: ItemRowsDeclaration, search: { page?: string; sort?: string; dir?: string }): ItemsQuery {
  const sortable = new Set(["item", ...decl.columns.filter((c) => c.sortable).map((c) => c.id)]);
  const sort = search.sort && sortable.has(search.sort) ? search.sort : "item";
  const page = Math.max(1, Number.parseInt(search.page ?? "1", 10) || 1);
  return { page, sort, dir: search.dir === "desc" ? "desc" : "asc" };
}

/**
 * One page of an upload's item rows, sorted in the database (by item key, numerically where it is a number, the scorer's order, or a declared
 * sortable figure read from the JSONB), so only ITEMS_PAGE_SIZE rows ever leave it.
 */
export async function moduleItemsPage(db: Db, submissionId: string, query: ItemsQuery): Promise<ItemsPage> {
  const total = await db.moduleItem.count({ where: { submissionId } });
  const pages = Math.max(1, Math.ceil(total / ITEMS_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const dir = Prisma.raw(query.dir === "desc" ? "DESC" : "ASC");
  // the figure's key is a bound parameter (validated against the declaration by readItemsQuery anyway)
  // item keys that are whole numbers (PersonalLLM's person ids) sort as numbers, 2 before 10; the others as text after them
  const order =
    query.sort === "item"
      ? Prisma.sql`CASE WHEN "itemKey" ~ '^[0-9]{1,30}$' THEN "itemKey"::numeric END ${dir} NULLS LAST, "itemKey" ${dir}`
      : query.sort === "position"
        ? Prisma.sql`"position" ${dir}`
        : Prisma.sql`("figures"->>${query.sort})::float8 ${dir} NULLS LAST, "position" ASC`;
  const rows = await db.$queryRaw<{ itemKey: string; figures: ItemFigures }[]>`
    SELECT "itemKey", "figures" FROM "ModuleItem" WHERE "submissionId" = ${submissionId}
    ORDER BY ${order} LIMIT ${ITEMS_PAGE_SIZE} OFFSET ${(page - 1) * ITEMS_PAGE_SIZE}`;
  return { ...query, page, rows, total, pages };
}

/** Every item row of an upload in the scorer's order, for the CSV/JSON download. */
export async function allModuleItems(db: Db, submissionId: string): Promise<{ itemKey: string; figures: ItemFigures; scoreVersion: string }[]> {
  const rows = await db.moduleItem.findMany({ where: { submissionId }, orderBy: { position: "asc" }, select: { itemKey: true, figures: true, scoreVersion: true } });
  return rows.map((r) => ({ itemKey: r.itemKey, figures: r.figures as ItemFigures, scoreVersion: r.scoreVersion }));
}
