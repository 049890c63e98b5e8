import path from "node:path";
import { describe, expect, test } from "vitest";
import { sourceFiles } from "./comment-paths";
import { errorStyleViolations, handBuiltErrorBodies, productionFiles, unwrappedHandlers } from "./error-style";
import { WHOLE_TREE } from "./whole-tree";

/**
 * One error style (tests/lint/error-style.ts): every route handler under app/ is a wrapper's result, and no file but
 * lib/http/api-error.ts builds an `{error: {code, …}}` body.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

test("every route handler is wrapped and every error body is built in one place", WHOLE_TREE, () => {
  const files = sourceFiles(ROOT);
  // the check covers the routes, not an empty selection
  const routes = productionFiles(files).filter((f) => /^app\/.*\/route\.ts$/.test(f));
  expect(routes.length).toBeGreaterThan(20);
  expect(routes).toEqual(expect.arrayContaining(["app/api/v1/snapshot/route.ts", "app/api/auth/[...nextauth]/route.ts"]));
  expect(errorStyleViolations(ROOT, files)).toEqual({ unwrapped: [], handBuilt: [] });
});

describe("what counts as an unwrapped handler", () => {
  test.each([
    ["a function declaration", "export async function GET() { return new Response(); }", ["r.ts:1 GET"]],
    ["a const that is not a wrapper's result", "export const POST = handler;", ["r.ts:1 POST"]],
    ["another function's result", "export const GET = listedRoute('x');", ["r.ts:1 GET"]],
    ["a re-export", "const h = withErrors('x', f);\nexport { h as PATCH };", ["r.ts:2 PATCH"]],
    ["withErrors", "export const GET = withErrors('GET /x', async () => new Response());", []],
    ["withUser", "export const DELETE = withUser<Request, object>('DELETE /x', RULE, async () => new Response());", []],
    ["a route setting, not a handler", "export const dynamic = 'force-dynamic';\nexport function helper() {}", []],
  ])("%s", (_label, code, expected) => {
    expect(unwrappedHandlers("r.ts", code)).toEqual(expected);
  });
});

describe("what counts as an error body built by hand", () => {
  test.each([
    ["NextResponse.json's body", 'return NextResponse.json({ error: { code: "not_found", message } }, { status: 404 });', ["f.ts:1"]],
    ["a shorthand code, another order", "const body = { ok: false, error: { message, code } };", ["f.ts:1"]],
    ["an ApiError thrown", 'throw new ApiError("not_found", message);', []],
    ["a type, a comment or a string", '// {error: {code}}\ntype B = { error: { code: string } };\nconst s = "{ error: { code } }";', []],
    ["an error without a code", "return { ok: false, error: { message } };", []],
  ])("%s", (_label, code, expected) => {
    expect(handBuiltErrorBodies("f.ts", code)).toEqual(expected);
  });
});
