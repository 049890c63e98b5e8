import { describe, expect, it } from "vitest";
import { isLoopbackAddress, isLoopbackHost, localSignInGate } from "./local-sign-in";

const none = { github: false, email: false };

describe("the local sign-in link's gate", () => {
  it("is open for a loopback request to a loopback host when no real sign-in method is configured", () => {
    for (const [clientAddress, host] of [
      ["127.0.0.1", "127.0.0.1:3000"],
      ["::1", "localhost:3000"],
      ["::ffff:127.0.0.1", "[::1]:3000"],
      ["127.1.2.3", "localhost"],
    ] as const) {
      expect(localSignInGate({ methods: none, clientAddress, host })).toEqual({ ok: true });
    }
  });

  it("is off as soon as e-mail or GitHub sign-in is configured", () => {
    for (const methods of [
      { github: true, email: false },
      { github: false, email: true },
    ]) {
      const gate = localSignInGate({ methods, clientAddress: "127.0.0.1", host: "127.0.0.1:3000" });
      expect(gate).toEqual({ ok: false, reason: "a real sign-in method (e-mail or GitHub) is configured" });
    }
  });

  it("is not served to a client on another machine, whatever Host it sends", () => {
    for (const clientAddress of ["192.168.1.20", "10.0.0.1", "::ffff:10.0.0.1", "2001:db8::1", "unknown", null]) {
      const gate = localSignInGate({ methods: none, clientAddress, host: "127.0.0.1:3000" });
      expect(gate.ok).toBe(false);
    }
  });

  it("is not served under a non-loopback Host (a reverse proxy's public name, DNS rebinding)", () => {
    for (const host of ["leaderboard.example.org", "evil.example:3000", "127.0.0.1.evil.example", "localhost.evil.example", null]) {
      const gate = localSignInGate({ methods: none, clientAddress: "127.0.0.1", host });
      expect(gate).toMatchObject({ ok: false, reason: expect.stringMatching(/loopback address/) });
    }
  });

  it("reads addresses and hosts strictly", () => {
    expect(isLoopbackAddress("127.0.0.1")).toBe(true);
    expect(isLoopbackAddress("127.0.0.1.nip.io")).toBe(false);
    expect(isLoopbackAddress("::ffff:8.8.8.8")).toBe(false);
    expect(isLoopbackHost("[::1]:3000")).toBe(true);
    expect(isLoopbackHost("[::2]:3000")).toBe(false);
  });
});
