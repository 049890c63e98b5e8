import { describe, expect, test } from "vitest";
import { publicOrigin } from "./public-origin";

const base = { HOST: "127.0.0.1", PORT: 4700 } as const;

describe("publicOrigin", () => {
  test("PUBLIC_BASE_URL first, then AUTH_URL, without a trailing slash, a path kept", () => {
    expect(publicOrigin({ ...base, PUBLIC_BASE_URL: "https://board.example/", AUTH_URL: "https://other.example" })).toBe("https://board.example");
    expect(publicOrigin({ ...base, AUTH_URL: "https://auth.example/lb/" })).toBe("https://auth.example/lb");
  });
  test("unset: the listening address, never a guessed localhost:3000", () => {
    expect(publicOrigin(base)).toBe("http://127.0.0.1:4700");
    expect(publicOrigin({ HOST: "::1", PORT: 8080 })).toBe("http://[::1]:8080");
  });
  test("a wildcard interface names no address: links stay relative", () => {
    expect(publicOrigin({ HOST: "0.0.0.0", PORT: 3000 })).toBe("");
    expect(publicOrigin({ HOST: "::", PORT: 3000 })).toBe("");
  });
});
