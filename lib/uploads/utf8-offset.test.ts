import { isUtf8 } from "node:buffer";
import { describe, expect, it } from "vitest";
import { describeInvalidByte, invalidUtf8At } from "./utf8-offset";

describe("invalidUtf8At", () => {
  it.each([
    ["valid ASCII and multi-byte text", Buffer.from("café ✓ 𝄞"), -1],
    ["a Windows-1252 é (0xE9 alone)", Buffer.from("caf\xe9 ok", "latin1"), 3],
    ["an overlong slash (0xC0 0xAF)", Buffer.from([0x61, 0xc0, 0xaf]), 1],
    ["a UTF-16 surrogate encoded as UTF-8", Buffer.from([0xed, 0xa0, 0x80]), 0],
    ["above U+10FFFF", Buffer.from([0xf4, 0x90, 0x80, 0x80]), 0],
    ["a stray continuation byte", Buffer.from([0x41, 0x80]), 1],
  ])("%s", (_name, bytes, at) => {
    expect(invalidUtf8At(bytes)).toBe(at);
    // agrees with the platform's own decoder on validity
    expect(invalidUtf8At(bytes) === -1).toBe(isUtf8(bytes));
  });

  it("a sequence cut at the end is an error at the end of the file, not inside a stream", () => {
    const cut = Buffer.from("ab\xe2\x9c", "latin1");
    expect(invalidUtf8At(cut)).toBe(2);
    expect(invalidUtf8At(cut, true)).toBe(-1);
  });

  it("names the byte from 1, with its hex value", () => {
    expect(describeInvalidByte(Buffer.from("caf\xe9", "latin1"), 3)).toBe("byte 4 (0xE9)");
  });
});
