import type { UserRule } from "@/lib/http/with-user";

/**
 * Uploading: a token with the submit scope, or a signed-in session from the site's own pages. proxy.ts does not see
 * this route (it would buffer the upload), so the API rate limit is taken here.
 */
export const UPLOAD_RULE: UserRule = {
  rateLimit: "api",
  scopes: ["submit"],
  lacksScope: () => "This API token does not have the submit scope.",
  crossSite: "A signed-in upload must come from this site's own pages; scripts use an API token.",
};

/**
 * Changing an existing submission: both the submit and the read scope, since changing one acts on what the token
 * can see (making a private submission public, or unhiding one, would let a token without `read` read it). Role and
 * ownership checks stay with the action.
 */
export const CHANGE_RULE: UserRule = {
  scopes: ["submit", "read"],
  lacksScope: (lacking) => `Changing a submission needs a token with the submit and read scopes; this one lacks ${lacking.join(" and ")}.`,
  crossSite: "A signed-in request must come from this site's own pages.",
};

/** Renaming a system or changing its kind (PATCH /api/v1/systems/{slug}): the same scopes as changing a submission. */
export const SYSTEM_CHANGE_RULE: UserRule = {
  ...CHANGE_RULE,
  lacksScope: (lacking) => `Changing a system needs a token with the submit and read scopes; this one lacks ${lacking.join(" and ")}.`,
};

/** Moderating: CHANGE_RULE, by an admin. */
export const MODERATE_RULE: UserRule = { ...CHANGE_RULE, admin: { message: "Only admins can moderate submissions." } };
