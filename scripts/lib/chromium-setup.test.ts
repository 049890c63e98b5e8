import { describe, expect, test } from "vitest";
import { chromiumPlan, DEFAULT_CHROMIUM, type ChromiumMachine } from "./chromium-setup";

const machine = (over: Partial<ChromiumMachine> & { files?: string[] }): ChromiumMachine => ({
  configuredPath: undefined,
  isRoot: false,
  hasAptGet: true,
  ...over,
  exists: (file) => (over.files ?? []).includes(file),
});

describe("chromiumPlan: what npm test does about the e2e browser", () => {
  test("present at /usr/bin/chromium: nothing to do", () => {
    expect(chromiumPlan(machine({ files: [DEFAULT_CHROMIUM] }))).toEqual({ action: "ready", path: DEFAULT_CHROMIUM });
  });
  test("missing, root with apt-get: installs Debian's chromium, as .ci/run does", () => {
    const plan = chromiumPlan(machine({ isRoot: true }));
    expect(plan.action).toBe("install");
    expect(plan.action === "install" && plan.commands.at(-1)).toEqual(["apt-get", "install", "-y", "-qq", "chromium"]);
  });
  test("missing, not root: stops at once with the one command to run", () => {
    expect(chromiumPlan(machine({}))).toEqual({
      action: "stop",
      message: "The end-to-end tests drive Chromium at /usr/bin/chromium, which is missing. Run: sudo apt-get install -y chromium",
    });
  });
  test("missing, root without apt-get: stops, saying what to install and set", () => {
    const plan = chromiumPlan(machine({ isRoot: true, hasAptGet: false }));
    expect(plan.action).toBe("stop");
    expect(plan.action === "stop" && plan.message).toMatch(/CHROMIUM_PATH/);
  });
  test("CHROMIUM_PATH set and present: used, whatever /usr/bin holds", () => {
    expect(chromiumPlan(machine({ configuredPath: "/opt/chrome/chrome", files: ["/opt/chrome/chrome"] }))).toEqual({ action: "ready", path: "/opt/chrome/chrome" });
  });
  test("CHROMIUM_PATH set but wrong: stops (an install would not put a browser there), even as root", () => {
    const plan = chromiumPlan(machine({ configuredPath: "/opt/nowhere", isRoot: true, files: [DEFAULT_CHROMIUM] }));
    expect(plan.action).toBe("stop");
    expect(plan.action === "stop" && plan.message).toContain("CHROMIUM_PATH=/opt/nowhere");
  });
});
