import { describe, expect, inject, test } from "vitest";
import { readMailbox } from "./mailbox";

/**
 * Issue 19 finding 5, over real HTTP with the local mail catcher: the per-address limit on sign-in e-mails (5 an
 * hour) held for the sign-in page, but a direct POST /api/auth/signin/nodemailer with a JSON body was not counted
 * (the guard's formData() read failed) and `email=decoy&email=victim` counted the decoy while Auth.js mailed the
 * victim: 8 of 8 e-mails were sent. Now such bodies are refused (400) and form posts count on the mailed address.
 */

const baseUrl = inject("baseUrl");
const mailboxFile = inject("mailboxFile");
const run = Date.now().toString(36);

/** A CSRF token and its cookie, as a browser holds them before posting the sign-in form. */
async function csrf(headers: Record<string, string>): Promise<{ token: string; cookie: string }> {
  const response = await fetch(`${baseUrl}/api/auth/csrf`, { headers });
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { token: csrfToken, cookie };
}

describe("the sign-in e-mail limit counts the address Auth.js mails, whatever the body", () => {
  test("8 direct requests for one victim in JSON, repeated-field and form bodies: 5 e-mails, the rest refused", async () => {
    const victim = `victim-${run}@example.org`;
    // one client address for the whole burst (the per-address e-mail limit is what is tested, not the per-client one)
    const client = { "x-forwarded-for": "198.51.100.77" };
    const { token, cookie } = await csrf(client);
    const send = (contentType: string, body: string) =>
      fetch(`${baseUrl}/api/auth/signin/nodemailer`, { method: "POST", redirect: "manual", headers: { ...client, cookie, "content-type": contentType }, body });
    const form = (fields: [string, string][]) => new URLSearchParams([...fields, ["csrfToken", token], ["callbackUrl", "/"]]).toString();

    const json = await send("application/json", JSON.stringify({ email: victim, csrfToken: token }));
    expect(json.status).toBe(400);
    expect(((await json.json()) as { error: { message: string } }).error.message).toContain("application/x-www-form-urlencoded");
    const repeated = await send(
      "application/x-www-form-urlencoded",
      form([
        ["email", `decoy-${run}@example.org`],
        ["email", victim],
      ]),
    );
    expect(repeated.status).toBe(400);
    expect(((await repeated.json()) as { error: { message: string } }).error.message).toContain("2 email fields");

    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await send("application/x-www-form-urlencoded", form([["email", i % 2 === 0 ? victim : victim.toUpperCase()]]));
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 302)).toBe(true);
    expect(statuses[5]).toBe(429);

    // the mail catcher received exactly the five counted e-mails for the victim, none for the decoy
    // (Auth.js answers once nodemailer has handed the message over; the poll only waits for the catcher's file)
    let mails = readMailbox(mailboxFile);
    for (let waited = 0; mails.filter((m) => m.to.includes(victim)).length < 5 && waited < 20_000; waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      mails = readMailbox(mailboxFile);
    }
    expect(mails.filter((m) => m.to.includes(victim)).length).toBe(5);
    expect(mails.filter((m) => m.to.includes(`decoy-${run}@example.org`)).length).toBe(0);
  });
});
