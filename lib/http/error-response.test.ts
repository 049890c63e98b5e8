import { afterEach, describe, expect, test, vi } from "vitest";
import { z } from "zod";
import { ApiError } from "./api-error";
import { errorResponse, errorStatus, withErrors } from "./error-response";

afterEach(() => vi.restoreAllMocks());

async function answer(response: Response) {
  return { status: response.status, body: await response.json(), headers: Object.fromEntries(response.headers) };
}

describe("errorResponse: the edge's one mapping", () => {
  test.each([
    ["bad_request", 400],
    ["unauthorized", 401],
    ["forbidden", 403],
    ["not_found", 404],
    ["duplicate", 409],
    ["too_large", 413],
    ["unsupported_media_type", 415],
    ["invalid_file", 422],
    ["limit_reached", 429],
    ["rate_limited", 429],
    ["sign_in_refused", 429],
    ["unavailable", 503],
  ] as const)("ApiError %s answers %i with its body", async (code, status) => {
    const response = await answer(errorResponse(new ApiError(code, "why", { file: "a/b.jsonl", line: 3 }), "test"));
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ error: { code, message: "why", file: "a/b.jsonl", line: 3 } });
  });

  test("an ApiError's headers go with it", async () => {
    const response = await answer(errorResponse(new ApiError("limit_reached", "later", {}, { "retry-after": "60" }), "test"));
    expect(response.headers["retry-after"]).toBe("60");
  });

  test("a ZodError answers 400 naming each field", async () => {
    const parsed = z.object({ visibility: z.enum(["public", "private"]), nested: z.object({ n: z.number() }) }).safeParse({ visibility: "x", nested: { n: "1" } });
    const response = await answer(errorResponse(parsed.error, "test"));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("bad_request");
    expect(response.body.error.fields.map((f: { field: string }) => f.field)).toEqual(["visibility", "nested.n"]);
    expect(response.body.error.message).toMatch(/^field "visibility": .*; field "nested.n": /);
  });

  test("anything else is logged and answers a generic 500: no message, no stack", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const secret = new Error("password authentication failed for user app password=hunter2");
    const response = await answer(errorResponse(secret, "GET /x"));
    expect(response).toMatchObject({
      status: 500,
      body: { error: { code: "internal", message: "Something went wrong on our side. Please try again; if it persists, tell the maintainers." } },
    });
    expect(JSON.stringify(response.body)).not.toMatch(/hunter2|password|at /);
    expect(log).toHaveBeenCalledWith("[GET /x]", secret);
  });

  test("PostgreSQL out of reach answers 503 with Retry-After, and says nothing of the address", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.0.0.7:5432 password=hunter2"), { code: "ECONNREFUSED" });
    const raw = errorResponse(new Error("query failed", { cause: refused }), "POST /x");
    expect(Number(raw.headers.get("retry-after"))).toBeGreaterThan(0);
    const response = await answer(raw);
    expect(response).toMatchObject({ status: 503, body: { error: { code: "unavailable" } } });
    expect(JSON.stringify(response.body)).not.toMatch(/hunter2|ECONNREFUSED|10\.0\.0\.7/);
  });

  test.each([
    ["a string", "boom"],
    ["null", null],
    ["an object", { message: "internal detail" }],
  ])("a thrown %s is a generic 500 too", async (_label, thrown) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await answer(errorResponse(thrown, "test"));
    expect(response.status).toBe(500);
    expect(response.body.error.code).toBe("internal");
  });

  test("withErrors answers a handler's throw and passes its answer through", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const ok = withErrors("ok", async () => Response.json({ fine: true }));
    const refused = withErrors("refused", async () => {
      throw new ApiError("not_found", "no such thing");
    });
    const broken = withErrors("broken", async () => {
      throw new TypeError("cannot read properties of undefined");
    });
    const request = new Request("http://test/");
    expect(await answer(await ok(request, {}))).toMatchObject({ status: 200, body: { fine: true } });
    expect(await answer(await refused(request, {}))).toMatchObject({ status: 404, body: { error: { code: "not_found", message: "no such thing" } } });
    expect(await answer(await broken(request, {}))).toMatchObject({ status: 500, body: { error: { code: "internal" } } });
  });

  test.each([
    ["an ApiError", new ApiError("invalid_file", "bad line")],
    ["a ZodError", z.object({ n: z.number() }).safeParse({ n: "1" }).error],
    ["anything else", new Error("boom")],
  ])("errorStatus of %s is the status errorResponse answers it with", (_label, thrown) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(errorStatus(thrown)).toBe(errorResponse(thrown, "test").status);
  });
});
