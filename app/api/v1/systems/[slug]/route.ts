import { NextResponse, type NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { withUser } from "@/lib/http/with-user";
import { readJsonBody } from "@/lib/security/read-json-body";
import { changeSystem, SystemChangeRequest } from "@/lib/systems/change-system";
import { SYSTEM_CHANGE_RULE } from "../../submissions/_lib/user-rules";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ slug: string }> };

/**
 * PATCH /api/v1/systems/{slug} {name?, kind?}: the owner renames their system or changes its kind, audited, shown
 * as a history on its page (lib/systems/change-system.ts). The slug stays. Answers 200 {slug, name, kind, changed};
 * 400 a bad body; 401; 403 not the owner (a reported system, another user's), a cross-site session request or a
 * token without the submit and read scopes; 404 unknown, or private to someone else; 409 another system of the owner
 * has that name, or it reads the same as a reported or another user's public system; 422 it reads as a reported
 * row's label.
 */
export const PATCH = withUser<NextRequest, Params>("PATCH /api/v1/systems/{slug}", SYSTEM_CHANGE_RULE, async (request, { params, user }) => {
  const { slug } = await params;
  const body = await readJsonBody(request, SystemChangeRequest);
  if (!body.ok) throw new ApiError("bad_request", body.message);
  const result = await changeSystem(db(), { slug, viewer: { id: user.id, role: user.role }, change: body.value });
  if (!result.ok) throw new ApiError(result.code, result.message);
  return NextResponse.json({ slug: result.slug, name: result.name, kind: result.kind, changed: result.changed }, { headers: { "cache-control": "no-store" } });
});
