/**
 * What Auth.js's error codes (`?error=…` on /signin and /signin/error) mean to the person signing in.
 * Unknown codes get the generic text: the code comes from the URL, so it is never echoed.
 */
const TEXTS: Record<string, { title: string; message: string }> = {
  Verification: {
    title: "This sign-in link has expired or was already used",
    message: "Sign-in links work once and for 24 hours. Request a new one from the sign-in page.",
  },
  LocalLink: {
    title: "This local sign-in link has expired or was already used",
    message: "Local sign-in links work once and for 15 minutes. Ask for a new one below: it appears in the server's log.",
  },
  Configuration: { title: "Sign-in is not configured correctly", message: "The server's sign-in configuration has a problem. Tell the site's operator." },
  AccessDenied: { title: "Access denied", message: "You are not allowed to sign in with this account." },
  OAuthAccountNotLinked: {
    title: "This e-mail address already has an account",
    message: "Sign in the way you did the first time (for example with an e-mail link) for this address.",
  },
  EmailSignin: { title: "The sign-in e-mail could not be sent", message: "Check the address and try again in a minute." },
  OAuthSignin: { title: "Sign-in with GitHub failed", message: "GitHub could not be reached or refused the request. Try again." },
  OAuthCallback: { title: "Sign-in with GitHub failed", message: "GitHub's answer could not be verified. Try again." },
  OAuthCallbackError: { title: "Sign-in with GitHub failed", message: "GitHub's answer could not be verified. Try again." },
};

const GENERIC = { title: "Sign-in failed", message: "Something went wrong while signing you in. Try again." };

export function signInErrorText(code: string | undefined): { title: string; message: string } {
  return (code && Object.hasOwn(TEXTS, code) ? TEXTS[code] : undefined) ?? GENERIC;
}
