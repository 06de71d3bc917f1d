// Types of the npm package `fenkit` (index.js).

/** The longest text `parse` reads, in UTF-16 code units; a longer one is a RangeError. */
export const MAX_TEXT_LENGTH: number;

/** How records are read. Every field is optional. */
export interface Options {
  /** The notation: detected per record by default ("auto"); "pgn" reads a game text. */
  notation?: "auto" | "fen" | "epd" | "pdn" | "feen" | "pgn";
  /** The chess variant whose rules apply (see `variants()`): "chess", "chess960", "crazyhouse", ... */
  variant?: string;
  /** The castling rules: "standard" (king and rook on their starting squares) or "chess960". */
  castling?: "standard" | "chess960";
  /** Accept the dialects of real files, each with a warning. */
  lenient?: boolean;
  /** Check that the position can exist, not only its syntax (default true). */
  validate?: boolean;
  /** The draughts board, by name (see `boards()`) or PDN GameType number. */
  board?: string | number;
  /** Report only these codes: full codes, codes without `fenkit::`, last parts or `::` prefixes. */
  select?: string | string[];
  /** Leave these codes out (an error of a record that could not be read is always kept). */
  ignore?: string | string[];
}

/** Where a label or an edit lies. */
export interface Place {
  /** Byte offset in the record's UTF-8 (as in the command line's JSON). */
  offset: number;
  /** Length in bytes. */
  length: number;
  /** The 1-based line of the record in the text. */
  line: number;
  /** The first character of the span, from 1; `end_column` the character after it. */
  column: number;
  end_column: number;
  /** The same in UTF-16 code units, from 1 (what the Language Server Protocol counts). */
  column_utf16: number;
  end_column_utf16: number;
  /** Index into the text given (UTF-16 code units): `text.slice(start, end)` is the span. */
  start: number;
  end: number;
}

export interface Label extends Place {
  /** The words under the span (may be empty). */
  label: string;
}

export interface Edit extends Place {
  /** The replacement. */
  text: string;
}

export interface Fix {
  /** "safe": the record's evident meaning (what `fenkit fix` applies); "guess": to be confirmed. */
  applicability: "safe" | "guess";
  edits: Edit[];
}

/** One problem: the object `fenkit check --format json` writes, with `start` and `end` added. */
export interface Diagnostic {
  /** The stable code, e.g. "fenkit::fen::invalid_side_to_move" (see `explain`). */
  code: string;
  severity: "error" | "warning";
  message: string;
  help: string | null;
  /** The labelled spans, the primary one first. */
  labels: Label[];
  /** The literal change the help states, when there is one. */
  fix?: Fix;
}

export interface ChessValue {
  kind: "chess";
  /** The first field as written canonically (a crazyhouse record's with its `[pockets]`). */
  placement: string;
  side_to_move: "w" | "b";
  castling: string;
  en_passant: string | null;
  halfmove_clock: number | null;
  fullmove_number: number | null;
  /** Pieces by square, from a1 to h8: `{ e1: "K", ... }`. */
  pieces: Record<string, string>;
  /** EPD operations in order: `[["bm", ["Qd1+"]], ["id", ["BK.01"]]]`. */
  operations: [string, string[]][];
  /** Crazyhouse only. */
  pockets?: string;
  /** Three-check only: the checks White and Black still have to give. */
  remaining_checks?: [number, number];
}

export interface DraughtsValue {
  kind: "draughts";
  board: string;
  game_type: number;
  turn: "W" | "B" | "?";
  white_men: string[];
  white_kings: string[];
  black_men: string[];
  black_kings: string[];
  halfmove_clock: number | null;
  fullmove_number: number | null;
}

export interface FeenValue {
  kind: "feen";
  placement: string;
  hands: string;
  style_turn: string;
  side_to_move: string;
  active_style: string;
  inactive_style: string;
}

export type Value = ChessValue | DraughtsValue | FeenValue;

/** The object `fenkit check --format json` writes for a record, with its value. */
export interface ResultJSON {
  source: null;
  line: number;
  notation: string;
  valid: boolean;
  canonical: string | null;
  diagnostics: Diagnostic[];
  omitted?: number;
  value: Value | null;
  records?: ResultJSON[];
}

/** The result of reading a text. */
export class ParseResult {
  private constructor();
  /** The text as given. */
  readonly text: string;
  /** No error (warnings allowed). */
  readonly valid: boolean;
  /** "fen", "epd", "pdn", "feen", or "pgn" for a game text. */
  readonly notation: "fen" | "epd" | "pdn" | "feen" | "pgn";
  /** The record as fenkit writes it, when valid. */
  readonly canonical: string | null;
  /** The typed position, also when only legality failed; null when the syntax was too broken. */
  readonly value: Value | null;
  /** Every diagnostic, in the order of the text. */
  readonly diagnostics: Diagnostic[];
  /** How many diagnostics the cap of 32 per record left out. */
  readonly omitted: number;
  /** A game text's records (its FEN tags and setups). */
  readonly records?: ParseResult[];
  /** A game text's record: its line in the text. */
  readonly line?: number;
  toJSON(): ResultJSON;
}

/** Reads one record (or a game text). Throws TypeError for a text that is not a string, RangeError for an unknown option name or code or a text over MAX_TEXT_LENGTH. */
export function parse(text: string, options?: Options): ParseResult;
/** Reads many records and returns their results in order. */
export function checkMany(records: Iterable<string>, options?: Options): ParseResult[];
/** Every report of a result as `fenkit check` prints it; "" when there is none. */
export function render(result: ParseResult, options?: { width?: number }): string;
/** The SVG picture of a valid result's position; null when there is none. */
export function boardSvg(result: ParseResult): string | null;

export interface Explanation {
  code: string;
  summary: string;
  /** Markdown. */
  text: string | null;
  wrong: string | null;
  right: string | null;
  url: string;
}
/** The explanation of a code (full or its last part); RangeError for an unknown one. */
export function explain(code: string): Explanation;
/** Every diagnostic code. */
export function codes(): string[];
/** The names `variant` takes. */
export function variants(): string[];
/** The names `board` takes. */
export function boards(): string[];
