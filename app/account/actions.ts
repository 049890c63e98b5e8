"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { API_TOKEN_SCOPES, createApiToken, revokeApiToken } from "@/lib/auth/api-token";
import { DisplayName, setDisplayName } from "@/lib/auth/display-name";
import { requireSessionUser } from "@/lib/auth/require-session-user";
import { db } from "@/lib/db/client";
import { nameProblem } from "@/lib/security/safe-text";
import { changeSystem, SystemChangeRequest } from "@/lib/systems/change-system";

/** More live tokens than this is a leak waiting to happen; revoke old ones first. */
const MAX_LIVE_TOKENS = 20;

const CreateTokenInput = z.object({
  name: z
    .string({ error: "Give the token a name." })
    .trim()
    .min(1, { message: "Give the token a name, e.g. the machine or script that uses it." })
    .max(60, { message: "The name is longer than 60 characters." })
    .superRefine((name, ctx) => {
      const problem = nameProblem(name);
      if (problem) ctx.addIssue({ code: "custom", message: `The name ${problem}.` });
    }),
  scopes: z.array(z.enum(API_TOKEN_SCOPES, { error: `Scopes are ${API_TOKEN_SCOPES.join(" and ")}.` })).min(1, { message: "Choose at least one scope." }),
});

export type CreateTokenState =
  | { status: "idle" }
  | { status: "error"; message: string; field: "name" | "scopes" | null; name: string; scopes: string[] }
  | { status: "created"; token: string; name: string; prefix: string; scopes: string[] };

/** Creates an API token for the signed-in user; the plaintext is in the answer once and nowhere else. */
export async function createTokenAction(_previous: CreateTokenState, form: FormData): Promise<CreateTokenState> {
  const user = await requireSessionUser("/account");
  const raw = { name: String(form.get("name") ?? ""), scopes: form.getAll("scopes").map(String) };
  const parsed = CreateTokenInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === "name" || issue?.path[0] === "scopes" ? issue.path[0] : null;
    return { status: "error", message: issue?.message ?? "Check the form.", field, ...raw };
  }
  const live = await db().apiToken.count({ where: { userId: user.id, revokedAt: null } });
  if (live >= MAX_LIVE_TOKENS) {
    return { status: "error", message: `You have ${live} live tokens, the most allowed. Revoke one you no longer use first.`, field: null, ...raw };
  }
  const created = await createApiToken(db(), user.id, parsed.data);
  revalidatePath("/account");
  return { status: "created", token: created.token, name: parsed.data.name, prefix: created.prefix, scopes: created.scopes };
}

const RevokeTokenInput = z.object({ tokenId: z.string().trim().min(1).max(64) });

/** Revokes one of the signed-in user's own tokens (another user's id simply matches nothing). */
export async function revokeTokenAction(form: FormData): Promise<void> {
  const user = await requireSessionUser("/account");
  const parsed = RevokeTokenInput.safeParse({ tokenId: form.get("tokenId") });
  if (!parsed.success) return;
  await revokeApiToken(db(), user.id, parsed.data.tokenId);
  revalidatePath("/account");
}

export type DisplayNameState = { status: "idle" | "saved" | "error"; message: string | null; name: string };

/** Sets the signed-in user's display name (shown on their submitted rows); "" clears it. */
export async function setDisplayNameAction(_previous: DisplayNameState, form: FormData): Promise<DisplayNameState> {
  const user = await requireSessionUser("/account");
  const raw = String(form.get("name") ?? "");
  const parsed = DisplayName.safeParse(raw);
  if (!parsed.success) return { status: "error", message: parsed.error.issues[0]?.message ?? "Check the name.", name: raw };
  await setDisplayName(db(), user.id, parsed.data);
  revalidatePath("/account");
  return { status: "saved", message: parsed.data === "" ? "Display name cleared." : "Display name saved.", name: parsed.data };
}

export type SystemChangeState = { status: "idle" | "saved" | "error"; message: string | null; name: string; kind: string };

/** Renames one of the signed-in user's systems or changes its kind (lib/systems/change-system.ts: owner only, audited). */
export async function changeSystemAction(_previous: SystemChangeState, form: FormData): Promise<SystemChangeState> {
  const user = await requireSessionUser("/account");
  const slug = String(form.get("slug") ?? "");
  const raw = { name: String(form.get("name") ?? ""), kind: String(form.get("kind") ?? "") };
  const parsed = SystemChangeRequest.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { status: "error", message: `${String(issue?.path[0] ?? "form")}: ${issue?.message ?? "check the form"}`, ...raw };
  }
  const result = await changeSystem(db(), { slug, viewer: { id: user.id, role: user.role }, change: parsed.data });
  if (!result.ok) return { status: "error", message: result.message, ...raw };
  revalidatePath("/account");
  revalidatePath(`/systems/${slug}`);
  const message = result.changed.length === 0 ? "Nothing to change." : `Saved: ${result.changed.join(" and ")} changed.`;
  return { status: "saved", message, name: result.name, kind: result.kind };
}
