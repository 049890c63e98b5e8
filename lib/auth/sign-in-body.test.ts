import { describe, expect, test } from "vitest";
import { normalisedEmail, readSignInRequest, signInProviderOf } from "./sign-in-body";

const post = (path: string, body: string, contentType: string | null) =>
  new Request(`http://localhost:3000${path}`, { method: "POST", body, headers: contentType ? { "content-type": contentType } : {} });
const FORM = "application/x-www-form-urlencoded";

describe("a direct sign-in POST is read as Auth.js reads it (issue 19 finding 5)", () => {
  test("a form post with one email field gives the address Auth.js will mail, normalised as Auth.js does", async () => {
    await expect(readSignInRequest(post("/api/auth/signin/nodemailer", "email=Victim%40Example.org&csrfToken=x", FORM))).resolves.toEqual({
      ok: true,
      provider: "nodemailer",
      email: "victim@example.org",
    });
    // Auth.js cuts the domain at a comma: the mail goes to victim@example.org, so that is what counts
    await expect(readSignInRequest(post("/api/auth/signin/nodemailer", "email=victim%40example.org%2Cdecoy", `${FORM}; charset=utf-8`))).resolves.toMatchObject({
      email: "victim@example.org",
    });
  });

  test("a JSON body (Auth.js would mail body.email; the old guard counted nothing) is refused", async () => {
    const read = await readSignInRequest(post("/api/auth/signin/nodemailer", JSON.stringify({ email: "victim@example.org" }), "application/json"));
    expect(read).toMatchObject({ ok: false, message: expect.stringContaining(FORM) });
    // a form type that also names JSON is read as JSON by Auth.js: refused too
    expect(await readSignInRequest(post("/api/auth/signin/nodemailer", "email=a%40b.org", `${FORM}; x=application/json`))).toMatchObject({ ok: false });
    expect(await readSignInRequest(post("/api/auth/signin/nodemailer", "email=a%40b.org", null))).toMatchObject({ ok: false });
  });

  test("a repeated email field (the old guard counted the first, Auth.js mailed the last) is refused", async () => {
    const read = await readSignInRequest(post("/api/auth/signin/nodemailer", "email=decoy%40example.org&email=victim%40example.org", FORM));
    expect(read).toEqual({ ok: false, message: "The sign-in form has 2 email fields; send exactly one." });
    expect(await readSignInRequest(post("/api/auth/signin/nodemailer", "email=a%40b.org&%65mail=c%40d.org", FORM))).toMatchObject({ ok: false });
  });

  test("the provider is found as Auth.js splits the path; other actions and GitHub are not read", async () => {
    expect(signInProviderOf("/api/auth//signin/nodemailer/")).toBe("nodemailer");
    expect(signInProviderOf("/api/auth/signin/nodemailer")).toBe("nodemailer");
    expect(signInProviderOf("/api/auth/callback/nodemailer")).toBeNull();
    expect(signInProviderOf("/api/auth/signin")).toBeNull();
    await expect(readSignInRequest(post("/api/auth//signin/nodemailer", "{}", "application/json"))).resolves.toMatchObject({ ok: false });
    await expect(readSignInRequest(post("/api/auth/signin/github", "{}", "application/json"))).resolves.toEqual({ ok: true, provider: "github", email: null });
    await expect(readSignInRequest(post("/api/auth/callback/dev-signin", "{}", "application/json"))).resolves.toEqual({ ok: true, provider: null, email: null });
  });

  test("normalisedEmail is Auth.js's defaultNormalizer", () => {
    expect(normalisedEmail("  ＶICTIM@Example.ORG ")).toBe("victim@example.org");
    expect(normalisedEmail('"a"@b.org')).toBeNull();
    expect(normalisedEmail("a@b@c.org")).toBeNull();
  });
});
