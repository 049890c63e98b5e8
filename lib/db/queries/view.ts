import type { Db } from "@/lib/db/create-client";
import type { Leaderboard } from "@/lib/leaderboard/types";
import type { ViewDef } from "@/lib/leaderboard/views";
import { getMultiTrackLeaderboard, getTrackLeaderboard, type LeaderboardScope } from "./leaderboard";

export async function getView(db: Db, view: ViewDef, scope: LeaderboardScope): Promise<Leaderboard> {
  const board =
    view.kind === "track"
      ? await getTrackLeaderboard(db, view.track, scope)
      : await getMultiTrackLeaderboard(db, view.id, view.title, view.parts, scope, view.rowKey);
  return { ...board, id: view.id, title: view.title };
}
