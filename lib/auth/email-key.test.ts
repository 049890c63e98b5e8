import { describe, expect, test } from "vitest";
import { accountKeyOf, emailKey } from "./email-key";

describe("emailKey: one mailbox, one key", () => {
  test("case and +tags fold", () => {
    expect(emailKey("Eve+1@Example.org")).toBe("eve@example.org");
    expect(emailKey("eve+2@example.org")).toBe("eve@example.org");
    expect(emailKey("eve@example.org")).toBe("eve@example.org");
  });
  test("Gmail dots and googlemail fold; other providers' dots do not", () => {
    expect(emailKey("E.v.e+x@googlemail.com")).toBe("eve@gmail.com");
    expect(emailKey("e.ve@example.org")).toBe("e.ve@example.org");
  });
  test("a leading + is not a tag, and an address without @ is kept whole", () => {
    expect(emailKey("+eve@example.org")).toBe("+eve@example.org");
    expect(emailKey("local")).toBe("local");
  });
  test("an account without an address is keyed by its id", () => {
    expect(accountKeyOf({ id: "u1", email: null })).toBe("user:u1");
    expect(accountKeyOf({ id: "u1", email: "Eve+a@x.org" })).toBe("email:eve@x.org");
  });
});
