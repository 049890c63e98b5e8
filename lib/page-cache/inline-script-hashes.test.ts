import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { inlineScriptHashes } from "./inline-script-hashes";

const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

describe("the hashes of a page's inline scripts", () => {
  test("each runnable inline script once, in order; external scripts and data blocks are left out", () => {
    const html = `<head><script>a()</script><script src="/_next/static/x.js" async=""></script></head>
      <body><script type="application/json">{"no":1}</script><script>self.__next_f.push([1,"é"])</script><script>a()</script>
      <script type="module">b()</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha('self.__next_f.push([1,"é"])'), sha("b()")]);
  });
});
