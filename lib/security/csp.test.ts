import { describe, expect, test } from "vitest";
import { contentSecurityPolicy, hashedContentSecurityPolicy } from "./csp";

describe("content security policy", () => {
  test("scripts need the nonce; no inline scripts, no eval in production, no framing", () => {
    const policy = contentSecurityPolicy("abc123", { dev: false });
    const scriptSrc = policy.split("; ").find((d) => d.startsWith("script-src "));
    expect(scriptSrc).toBe("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).not.toContain("unsafe-eval");
    expect(contentSecurityPolicy("n", { dev: true })).toContain("'unsafe-eval'");
  });

  test("a cached page's policy: this origin's scripts and the listed inline hashes, no nonce, no inline scripts otherwise", () => {
    const policy = hashedContentSecurityPolicy(["abc=", "def="]);
    expect(policy.split("; ").find((d) => d.startsWith("script-src "))).toBe("script-src 'self' 'sha256-abc=' 'sha256-def='");
    expect(policy).not.toContain("nonce");
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
