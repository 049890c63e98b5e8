/**
 * The key an e-mail address's limits are counted under (upload limits, lib/submissions/upload-ledger.ts): one
 * mailbox, however it is spelled. Pure.
 *
 * - lower case (the domain is case-insensitive, and no mail provider we know treats the local part otherwise);
 * - a `+tag` dropped from the local part: `eve+1@` and `eve+2@` reach eve's one mailbox (sub-addressing, which
 *   Gmail, Outlook, Fastmail, iCloud and most self-hosted servers deliver);
 * - for gmail.com and googlemail.com only, dots dropped and the domain folded to gmail.com: Google documents that
 *   dots in a Gmail address are ignored (`e.v.e@gmail.com` is `eve@gmail.com`). Other providers deliver dotted
 *   names to distinct mailboxes, so folding their dots would merge different people's limits.
 *
 * Other aliases (a custom domain's catch-all, a provider's `-tag` convention, throw-away mailboxes) stay
 * separate keys: the bound on new accounts per client address (lib/auth/sign-in-guard.ts, the `signup` bucket) is what limits them.
 */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

export function emailKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

/** The limits key of a user: their normalised address, or the user id for an account without one. */
export function accountKeyOf(user: { id: string; email: string | null }): string {
  return user.email ? `email:${emailKey(user.email)}` : `user:${user.id}`;
}
