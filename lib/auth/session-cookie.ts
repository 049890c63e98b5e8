/**
 * The session cookie as Auth.js names it. Shared by the development sign-in and the e2e sign-in helper, which
 * both create Session rows themselves and must hand out the cookie Auth.js will read back.
 * Auth.js adds the `__Secure-` prefix (and the Secure flag) when the site is served over https.
 */
export function sessionCookieName(secure: boolean): string {
  return `${secure ? "__Secure-" : ""}authjs.session-token`;
}

/** How long a session lasts without use (Auth.js extends it on use, at most once a day). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
