import { describe, expect, test } from "vitest";
import { mayReadPredictions, predictionsArePublic } from "./prediction-access";

const owner = { id: "u1", role: "user" as const };
const stranger = { id: "u2", role: "user" as const };
const admin = { id: "a1", role: "admin" as const };

describe("who may read a run's predictions", () => {
  test("the server's own runs publish them; an upload only when its submitter opted in", () => {
    expect(predictionsArePublic({ source: "seed", publishPredictions: false })).toBe(true);
    expect(predictionsArePublic({ source: "upload", publishPredictions: true })).toBe(true);
    expect(predictionsArePublic({ source: "upload", publishPredictions: false })).toBe(false);
  });

  test("an unpublished upload: its owner and admins, nobody else", () => {
    const upload = { source: "upload" as const, publishPredictions: false, ownerId: "u1" };
    expect([null, stranger, owner, admin].map((v) => mayReadPredictions(upload, v))).toEqual([false, false, true, true]);
    // an ownerless upload is nobody's (a user with a null id does not match it)
    expect(mayReadPredictions({ ...upload, ownerId: null }, stranger)).toBe(false);
    expect(mayReadPredictions({ ...upload, publishPredictions: true }, null)).toBe(true);
  });
});
