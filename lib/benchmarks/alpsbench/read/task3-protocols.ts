import type { Leaderboard, LeaderboardColumn, LeaderboardRow } from "@/lib/leaderboard/types";

/**
 * One ranking per protocol on Task 3. The paper's figures were measured on the authors' pools (the released d100
 * pools and their larger ones); the server's on the pools this data version holds (docs/task3-pools.md). A figure
 * is ranked only against figures on the same pools, so a reported row's Task 3 figure moves to a column of its own,
 * "Reported · authors' pools" (the paper's table: judge recall for LLMs, exact-id recall for its retrievers), and
 * the judge and exact-id recall columns hold figures scored here only. A claimed row (a third party's figure an
 * operator imported, lib/benchmarks/alpsbench/eee) was measured outside this server too, on the released data, so it
 * moves with the reported ones: it never ranks against figures on the server's pools, whose draw it never saw.
 * Each column ranks its own rows.
 *
 * On the authors' protocol (server-pools-v4: d100 is the released candidate list, larger sizes drawn as the authors'
 * script draws them) the server's figures and the paper's are one protocol, so they share one column and one rank:
 * "Recall · authors' pools" holds every row's figure (judge recall where a judge scored the picks, else exact-id
 * recall; the paper's LLM figures are judge recall), and the server's judge and exact-id columns stay beside it for
 * the rows scored here. Pure: no I/O.
 */

/** The metric id of the reported column (the column is `${track}:reported` on a multi-track board, `reported` on a track's). */
const REPORTED_TASK3 = "reported";

/** Tiers whose Task 3 figures were measured outside this server: the paper's, and third parties' claims. */
const MEASURED_ELSEWHERE = new Set<LeaderboardRow["tier"]>(["reported", "claimed"]);

const SERVER_COLUMN = /^((?:task3\/d\d+:)?)(judge_recall|recall)$/;

function reportedColumn(prefix: string, like: LeaderboardColumn, oneProtocol: boolean): LeaderboardColumn {
  return {
    id: `${prefix}${REPORTED_TASK3}`,
    label: oneProtocol ? "Recall · authors' pools" : "Reported · authors' pools",
    description: oneProtocol
      ? "Every row's figure on the authors' pools, one ranking: the paper's (judge recall for LLMs, exact-id recall for BM25 and MiniLM) and the ones scored on this server, whose pools are the authors' (d100: the released candidate lists; larger sizes drawn the authors' way). A figure scored here is judge recall where a judge scored the picks (the cell names its judge profile), else exact-id recall, until a judge scores them."
      : "The paper's figure, measured by the authors on their own pools (judge recall for LLMs, exact-id recall for BM25 and MiniLM), beside figures other parties claim (tier claimed), also measured outside this server; ranked only against those, never against figures scored on this server's pools.",
    direction: "higher",
    decimals: like.decimals,
    scale: like.scale,
    kind: "judge",
    ...(like.group !== undefined ? { group: like.group } : {}),
  };
}

const onServerPools = (column: LeaderboardColumn): LeaderboardColumn => ({
  ...column,
  label: `${column.label} · server pools`,
  description: `${column.description} Scored on this server's pools (the pools this data version holds); ranked only against figures on the same pools.`,
});

/**
 * A Task 3 board (the task's view, one pool size's, the overview) with the two protocols apart; `poolsNote` names
 * the pools this data version holds, for the board's notes. Boards without Task 3 columns come back unchanged.
 */
export function separateTask3Protocols(board: Leaderboard, poolsNote: string, options: { trackBoard?: boolean; authorsProtocol?: boolean } = {}): Leaderboard {
  const oneProtocol = options.authorsProtocol === true;
  const matches = (id: string) => {
    const m = SERVER_COLUMN.exec(id);
    return m && (m[1] !== "" || options.trackBoard) ? { prefix: m[1]!, metric: m[2]! } : null;
  };
  if (!board.columns.some((c) => matches(c.id))) return board;
  const columns: LeaderboardColumn[] = [];
  const added = new Set<string>();
  for (const column of board.columns) {
    const m = matches(column.id);
    if (!m) {
      columns.push(column);
      continue;
    }
    if (!added.has(m.prefix)) {
      added.add(m.prefix);
      columns.push(reportedColumn(m.prefix, column, oneProtocol));
    }
    columns.push(onServerPools(column));
  }
  const rows = board.rows.map((row): LeaderboardRow => {
    const elsewhere = MEASURED_ELSEWHERE.has(row.tier);
    if (!elsewhere && !oneProtocol) return row;
    const cells = { ...row.cells };
    for (const prefix of added) {
      const judged = cells[`${prefix}judge_recall`];
      const exact = cells[`${prefix}recall`];
      const figure = judged && judged.value !== null ? judged : exact;
      // a figure measured outside this server leaves the server's columns; one scored here stays there too
      if (elsewhere) {
        delete cells[`${prefix}judge_recall`];
        delete cells[`${prefix}recall`];
      }
      if (figure) cells[`${prefix}${REPORTED_TASK3}`] = figure;
    }
    return { ...row, cells };
  });
  const sorted = matches(board.defaultSort);
  return {
    ...board,
    columns,
    rows,
    // ranked by default on the paper's figures, the column most rows have (on the authors' protocol, every row's);
    // the server's own columns are a click away
    defaultSort: sorted && (oneProtocol || sorted.metric === "judge_recall") ? `${sorted.prefix}${REPORTED_TASK3}` : board.defaultSort,
    notes: [
      ...board.notes,
      oneProtocol
        ? `Task 3 is one protocol here: this server's pools are the authors' (${poolsNote}), so "Recall · authors' pools" ranks the paper's figures and the ones scored here together. The paper's LLM figures are judge recall; a figure scored here is judge recall where a judge scored the picks, else exact-id recall (its "· server pools" columns say which).`
        : `Task 3 has one ranking per protocol: "Reported · authors' pools" holds the paper's figures on the authors' pools, "· server pools" the figures scored here on ${poolsNote}; a figure is ranked only against figures on the same pools.`,
    ],
  };
}
