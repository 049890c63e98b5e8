import { getManyValues, type Many } from "stream-chain/defs.js";
import fun from "stream-chain/fun.js";
import jsonParser from "stream-json/parser.js";
import { formatByteSize } from "./format-byte-size";
import type { PredictionStreamErrorCode, PredictionStreamItem } from "./prediction-stream-types";

type Token = { name: string; value?: unknown };

/**
 * The rows of one top-level JSON array, tokenized by stream-json's parser (fed line by line so every token
 * is known to come from that line) and assembled one element at a time. Elements are built here rather
 * than with stream-json's Assembler so that they are exactly what JSON.parse gives for a JSON Lines row
 * (a "__proto__" key is an own property, not a prototype) and their depth is checked while they are built.
 */
export class ArrayRows {
  stopped = false;
  /**
   * stream-json's parser is a stream-chain `gen` pipeline of synchronous steps; `fun` runs such a pipeline
   * synchronously (documented: "for purely synchronous pipelines it returns a synchronous result"), giving
   * the tokens of each piece of text at once. Packed values only: no per-character chunk tokens.
   */
  private readonly tokenize = fun(jsonParser({ packValues: true, streamValues: false })) as unknown as (text: string) => Many<Token>;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  /** containers being built, innermost last; stack[0] is the top-level array's placeholder */
  private readonly stack: { container: unknown[] | Record<string, unknown>; key: string | null }[] = [];
  private opened = false;
  private closedOnLine: number | null = null;
  private element = 0;
  private elementLine = 0;
  private elementBytes = 0;
  private inElement = false;

  constructor(private readonly limits: { maxRowBytes: number; maxRowDepth: number }) {}

  feed(bytes: Buffer, line: number, out: PredictionStreamItem[]): void {
    let text: string;
    try {
      text = this.decoder.decode(bytes, { stream: true });
    } catch {
      this.fail(out, line, "invalid_utf8", "not valid UTF-8 text");
      return;
    }
    this.tokens(text, line, out);
    if (this.inElement && !this.stopped) {
      this.elementBytes += bytes.length;
      if (this.elementBytes > this.limits.maxRowBytes) {
        this.fail(out, this.elementLine, "row_too_large", `larger than ${formatByteSize(this.limits.maxRowBytes)}, the limit for one row`);
      }
    }
  }

  end(lastLine: number): PredictionStreamItem[] {
    const out: PredictionStreamItem[] = [];
    if (this.stopped) return out;
    let text: string;
    try {
      text = this.decoder.decode();
    } catch {
      this.fail(out, lastLine, "invalid_utf8", "not valid UTF-8 text (the file ends inside a character)");
      return out;
    }
    if (text) this.tokens(text, lastLine, out);
    if (this.stopped) return out;
    if (this.closedOnLine === null) {
      this.stopped = true;
      out.push({
        line: this.inElement ? this.elementLine : lastLine,
        element: this.inElement ? this.element : undefined,
        code: "truncated",
        error: this.inElement
          ? "cut off: the file ends inside it, before the JSON array is closed"
          : "cut off: the file ends before the JSON array is closed with ']'",
      });
      return out;
    }
    this.stopped = true;
    return out;
  }

  private tokens(text: string, line: number, out: PredictionStreamItem[]): void {
    let tokens: Token[];
    try {
      tokens = getManyValues(this.tokenize(text));
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).replace(/^Parser (cannot parse input: )?/, "");
      if (this.closedOnLine !== null) {
        this.fail(
          out,
          line,
          "invalid_json",
          `not valid JSON: text follows the end of the JSON array (closed on line ${this.closedOnLine}); a file holds one array of rows, or one row per line (JSON Lines)`,
          false,
        );
      } else {
        this.fail(out, line, "invalid_json", `not valid JSON (${reason})`);
      }
      return;
    }
    for (const token of tokens) {
      this.token(token, line, out);
      if (this.stopped) return;
    }
  }

  private token(token: Token, line: number, out: PredictionStreamItem[]): void {
    if (!this.opened) {
      // The scanner picked this format because the first character is '['.
      this.opened = true;
      this.stack.push({ container: [], key: null });
      return;
    }
    if (this.stack.length === 1 && !this.inElement) {
      if (token.name === "endArray") {
        this.stack.pop();
        this.closedOnLine = line;
        return;
      }
      this.inElement = true;
      this.element += 1;
      this.elementLine = line;
      this.elementBytes = 0;
    }
    switch (token.name) {
      case "startObject":
      case "startArray": {
        if (this.stack.length > this.limits.maxRowDepth) {
          this.fail(out, this.elementLine, "too_deep", `nested more than ${this.limits.maxRowDepth} levels deep`);
          return;
        }
        this.stack.push({ container: token.name === "startObject" ? {} : [], key: null });
        return;
      }
      case "endObject":
      case "endArray": {
        const done = this.stack.pop();
        if (done) this.save(done.container, out);
        return;
      }
      case "keyValue": {
        const top = this.stack[this.stack.length - 1];
        if (top) top.key = String(token.value);
        return;
      }
      case "stringValue":
        this.save(String(token.value), out);
        return;
      case "numberValue":
        this.save(Number(token.value), out);
        return;
      case "trueValue":
        this.save(true, out);
        return;
      case "falseValue":
        this.save(false, out);
        return;
      case "nullValue":
        this.save(null, out);
        return;
      default:
        return;
    }
  }

  private save(value: unknown, out: PredictionStreamItem[]): void {
    const top = this.stack[this.stack.length - 1];
    if (!top) return;
    if (this.stack.length === 1) {
      // a whole element is built
      out.push({ line: this.elementLine, value, element: this.element });
      this.inElement = false;
      return;
    }
    if (Array.isArray(top.container)) top.container.push(value);
    else {
      const key = top.key ?? "";
      // Plain assignment would set the prototype for "__proto__"; JSON.parse makes it an own property.
      if (key === "__proto__") Object.defineProperty(top.container, key, { value, writable: true, enumerable: true, configurable: true });
      else top.container[key] = value;
      top.key = null;
    }
  }

  /** Ends the array. The error belongs to the element being built, or between elements to the next one. */
  private fail(out: PredictionStreamItem[], line: number, code: PredictionStreamErrorCode, error: string, withElement = true): void {
    this.stopped = true;
    if (!withElement) out.push({ line, code, error });
    else out.push({ line, code, error, element: this.inElement ? this.element : this.element + 1 });
  }
}
