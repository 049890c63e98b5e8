import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

/**
 * A local SMTP server for the e2e tests: the web server sends its sign-in e-mails here
 * (EMAIL_SERVER=smtp://127.0.0.1:<port>, set by global-setup.ts), and every message received is decoded and
 * appended as one JSON line to a mailbox file, which the tests read (its path is provided as "mailboxFile").
 * A file, because global setup and the test files run in different processes.
 */
type ReceivedMail = { to: string[]; from: string | null; subject: string; text: string; html: string; receivedAt: string };

export async function startSmtpSink(mailboxFile: string): Promise<{ port: number; close: () => Promise<void> }> {
  writeFileSync(mailboxFile, "");
  const server = new SMTPServer({
    // plain SMTP on loopback: no AUTH, and no STARTTLS (its self-signed certificate would fail nodemailer's check)
    disabledCommands: ["AUTH", "STARTTLS"],
    authOptional: true,
    logger: false,
    async onData(stream, session, callback) {
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        const email = await PostalMime.parse(Buffer.concat(chunks));
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          subject: email.subject ?? "",
          text: email.text ?? "",
          html: email.html ?? "",
          receivedAt: new Date().toISOString(),
        };
        appendFileSync(mailboxFile, `${JSON.stringify(mail)}\n`);
        callback();
      } catch (error) {
        callback(error instanceof Error ? error : new Error(String(error)));
      }
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.server.address();
      if (!address || typeof address === "string") reject(new Error("the SMTP sink has no port"));
      else resolve(address.port);
    });
  });
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export function readMailbox(mailboxFile: string): ReceivedMail[] {
  if (!existsSync(mailboxFile)) return [];
  return readFileSync(mailboxFile, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as ReceivedMail);
}

/** Waits for the first message to `address` received after `since`. */
export async function waitForMail(mailboxFile: string, address: string, since: Date, timeoutMs = 20_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readMailbox(mailboxFile).find((m) => m.to.includes(address.toLowerCase()) && new Date(m.receivedAt) >= since);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address} arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
