import type { Db } from "@/lib/db/create-client";
import type { StarterFile } from "../../types";
import { personalLlmStarterRows } from "../starter-run";
import { readEvalUsers, readPrompts } from "./read-input";

/** PersonalLLM's starter files (`rewards.jsonl`, `selection.jsonl`): one upload each (a module takes one file per upload). */
export async function personalLlmStarterFiles(db: Db): Promise<StarterFile[]> {
  const users = await readEvalUsers(db);
  if (users.length === 0) throw new Error("no PersonalLLM evaluation users on this database: import them first (docs/benchmarks/personalllm.md)");
  const { rewards, selection } = personalLlmStarterRows(users, await readPrompts(db));
  const jsonl = (rows: readonly object[]) => `${rows.map((row) => JSON.stringify(row)).join("\n")}\n`;
  return [
    { path: "rewards.jsonl", track: "rewards", rows: rewards.length, text: jsonl(rewards) },
    { path: "selection.jsonl", track: "selection", rows: selection.length, text: jsonl(selection) },
  ];
}
