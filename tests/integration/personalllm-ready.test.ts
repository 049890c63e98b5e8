import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, describe, expect, inject, test, vi } from "vitest";
import { UploadForm } from "@/components/upload-form";
import { getBenchmark } from "@/lib/benchmarks";
import { moduleUploadOptions } from "@/lib/benchmarks/module-upload-options";
import { readinessBody } from "@/lib/benchmarks/track-readiness";
import { createSubmission } from "@/lib/submissions/create-submission";
import { SettingsFilter } from "@/lib/benchmarks/personalllm/build-board";
import { loadBoard } from "@/lib/benchmarks/personalllm/db/load-board";
import { LOGGED_FILE, parseLoggedRuns, parsePlottedRuns, PLOTTED_FILE } from "@/lib/benchmarks/personalllm/reported-runs";
import { createPrismaClient } from "@/lib/db/create-client";
import { seed } from "@/lib/pipeline/seed";

// the form is rendered to HTML outside a Next.js app: its router hook (used only on submit) gets an inert stand-in
vi.mock("next/navigation", () => ({ useRouter: () => ({ push() {}, refresh() {}, replace() {} }) }));

const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());
const FIGURES = path.resolve(process.env.PERSONALLLM_FIGURES_DIR ?? path.join(import.meta.dirname, "../../../shared/data/personalllm"));
const noFilter = SettingsFilter.parse({});

describe("PersonalLLM on a plain start", () => {
  test("the seed alone gives the PersonalLLM board the paper's 18 plotted runs, on every start without duplicates", async () => {
    await db.pllmReportedRun.deleteMany();
    await seed(db);
    await seed(db);
    const main = (await loadBoard(db, "", noFilter))!;
    const reported = main.board.rows.filter((r) => r.tier === "reported");
    expect(reported).toHaveLength(18);
    expect(await db.pllmReportedRun.count({ where: { source: "paper" } })).toBe(18);
    const zero = reported.find((r) => r.rowId === "paper-setting1-1")!;
    expect(zero.cells.total_score!.value).toBe(-1.0508);
  });

  test.skipIf(!existsSync(FIGURES))("the seeded runs are the authors' published figures, field for field", async () => {
    const logged = parseLoggedRuns(readFileSync(path.join(FIGURES, LOGGED_FILE), "utf8"));
    const paper = parsePlottedRuns(readFileSync(path.join(FIGURES, PLOTTED_FILE), "utf8"), logged);
    const stored = await db.pllmReportedRun.findMany({ where: { source: "paper" }, orderBy: { id: "asc" } });
    expect(stored.map((r) => ({ ...r, meanZ: r.meanZ }))).toEqual([...paper].sort((a, b) => a.id.localeCompare(b.id)));
  });
});

describe("PersonalLLM without evaluation data: said before any upload", () => {
  const personalLlm = getBenchmark("personalllm")!;
  async function withoutEvaluationData() {
    await db.pllmSubmission.deleteMany();
    await db.pllmPrompt.deleteMany();
    await db.pllmEvalUser.deleteMany();
  }

  test("the readiness listing names the missing files and how an operator imports them", async () => {
    await withoutEvaluationData();
    const body = (await readinessBody(db, personalLlm))!;
    expect(body.ready).toBe(false);
    expect(body.tracks.map((t) => t.track)).toEqual(["rewards", "selection"]);
    for (const t of body.tracks) {
      expect(t.ready).toBe(false);
      expect(t.missing).toContain("PersonalLLM_Eval");
      expect(t.missing).toContain("import --from <folder>");
      expect(t.missing).toContain("BENCHMARK_DATA_DIRS");
    }
    expect(body.tracks[1]!.missing).toContain("test split");
  });

  test("the API refuses the upload with the missing data named, whatever the file holds (it is never parsed)", async () => {
    await withoutEvaluationData();
    const owner = await db.user.create({ data: { email: `pllm-ready-${Date.now()}@example.org` } });
    const before = await db.submission.count();
    async function* body() {
      yield new TextEncoder().encode("not a csv at all\u0000");
    }
    const refused = await createSubmission(db, {
      ownerId: owner.id,
      track: "rewards",
      split: "full",
      benchmark: "personalllm",
      system: { name: "pllm not ready", kind: "general_llm" },
      fileName: "r.csv",
      body: body(),
    });
    expect(refused).toMatchObject({ ok: false, code: "not_found" });
    const message = refused.ok ? "" : refused.message;
    expect(message).toContain("no evaluation data for its rewards track");
    expect(message).toContain("PersonalLLM_Eval");
    expect(message).toContain("import --from <folder>");
    expect(message).toContain("Nothing was stored");
    expect(await db.submission.count()).toBe(before);
  });

  test("the submit form shows the notice and cannot submit to a track without data", async () => {
    await withoutEvaluationData();
    const modules = await moduleUploadOptions(db, [personalLlm]);
    const html = renderToStaticMarkup(
      createElement(UploadForm, {
        tracks: [{ id: "task1", slug: "task1", label: "Extraction", task: "task1" }],
        benchmarks: [],
        modules,
        defaultBenchmark: "personalllm",
      }),
    );
    expect(html).toContain('data-testid="missing-data-notice"');
    expect(html).toContain("PersonalLLM_Eval");
    expect(html).toMatch(/<option[^>]*disabled=""[^>]*>[^<]*\(no evaluation data on this server\)/);
    expect(html).toMatch(/<button type="submit" disabled=""/);
  });
});
