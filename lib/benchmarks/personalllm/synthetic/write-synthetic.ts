import { mkdirSync } from "node:fs";
import path from "node:path";
import { parquetWriteFile } from "hyparquet-writer";
import { REWARD_ALIASES } from "../reward-models";
import { CANDIDATE_INDEXES } from "../schemas";
import { syntheticRows, type Row, type SyntheticOptions } from "./synthetic-rows";

/**
 * Writes synthetic PersonalLLM parquet files laid out as the Hugging Face repos serve them:
 *   <out>/PersonalLLM_Eval/data/test-00000-of-00001.parquet
 *   <out>/PersonalLLM/data/{train,test}-00000-of-00001.parquet
 * Column types follow pyarrow's output for pandas frames: optional UTF8 strings, INT64 ids, DOUBLE rewards,
 * person_weight a 3-level LIST of DOUBLE (what hyparquet reads back as an array).
 */

type Schema = { name: string; type?: string; repetition_type?: string; converted_type?: string; num_children?: number }[];

const str = (name: string) => ({ name, type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" });
const dbl = (name: string) => ({ name, type: "DOUBLE", repetition_type: "OPTIONAL" });

/** Writes rows with one of the schemas below (tests write hand-made users in the evaluation set's layout). */
export function writeParquetRows(file: string, rows: Row[], schema: Schema): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const names = schema
    .slice(1)
    .filter((e) => e.name !== "list" && e.name !== "element")
    .map((e) => e.name);
  parquetWriteFile({
    filename: file,
    columnData: names.map((name) => ({ name, data: rows.map((r) => r[name] ?? null) })),
    schema: [{ name: "schema", num_children: names.length }, ...schema.slice(1)] as never,
  });
}

function promptSchema(): Schema {
  const schema: Schema = [{ name: "schema" }, str("prompt"), str("subset"), str("prompt_id")];
  for (const i of CANDIDATE_INDEXES) {
    schema.push(str(`response_${i}`), str(`response_${i}_model`));
    for (const a of REWARD_ALIASES) schema.push(dbl(`response_${i}_${a}`));
  }
  return schema;
}

export function evalSchema(): Schema {
  return [
    { name: "schema" },
    { name: "person_id", type: "INT64", repetition_type: "OPTIONAL" },
    { name: "person_weight", repetition_type: "OPTIONAL", converted_type: "LIST", num_children: 1 },
    { name: "list", repetition_type: "REPEATED", num_children: 1 },
    { name: "element", type: "DOUBLE", repetition_type: "OPTIONAL" },
    str("test_prompt"),
    str("best_response"),
    dbl("best_response_reward"),
    str("gpt4o_response"),
    dbl("gpt4o_reward"),
    str("history_prompt_1"),
    str("history_response_1"),
  ];
}

export function writeSynthetic(out: string, options: SyntheticOptions = {}): { eval: string; test: string; train: string } {
  const { evalRows, testRows, trainRows } = syntheticRows(options);
  const files = {
    eval: path.join(out, "PersonalLLM_Eval/data/test-00000-of-00001.parquet"),
    test: path.join(out, "PersonalLLM/data/test-00000-of-00001.parquet"),
    train: path.join(out, "PersonalLLM/data/train-00000-of-00001.parquet"),
  };
  writeParquetRows(files.eval, evalRows, evalSchema());
  writeParquetRows(files.test, testRows, promptSchema());
  writeParquetRows(files.train, trainRows, promptSchema());
  return files;
}
