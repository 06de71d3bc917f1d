// fenkit for JavaScript: FEN, EPD, PDN, FEEN and PGN game texts read with every diagnostic,
// each with its code, its place, a help and a fix, as `fenkit check` reports them.
//
// The WebAssembly module (fenkit.wasm, beside this file) takes a record written into its
// memory and answers with a number: a valid record costs its parse and one call. Details (the
// diagnostics, the canonical text, the value) come as JSON when there are some, or when asked.
// The module is loaded by a top-level await, so `import { parse } from "fenkit"` is ready to
// use in Node 18+ and in a browser's module script alike.

/** The longest text `parse` reads, in UTF-16 code units (16 MiB); a longer one is a RangeError. */
export const MAX_TEXT_LENGTH = 16 * 1024 * 1024;

const VALID = 1;
const DETAILS = 2;
const NOTATION_SHIFT = 4;
const ERROR = 0x80000000;
const NOTATIONS = ["fen", "epd", "pdn", "feen"];
/** How many records `checkMany` hands the module at once. */
const BATCH = 4096;

const wasmUrl = new URL("./fenkit.wasm", import.meta.url);

/** The compiled module: Node reads the file, a browser fetches it (streaming when served as application/wasm). */
async function compile() {
  if (typeof process === "object" && process !== null && process.versions && process.versions.node) {
    const { readFile } = await import("node:fs/promises");
    return WebAssembly.compile(await readFile(wasmUrl));
  }
  if (typeof WebAssembly.compileStreaming === "function") {
    try {
      return await WebAssembly.compileStreaming(fetch(wasmUrl));
    } catch {
      // Served with another MIME type: compile from the bytes below.
    }
  }
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`fenkit: cannot load ${wasmUrl}: ${response.status}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

const module = await compile();
let wasm;
let heap;
let inputAt;
let inputSize;
let configured;

/** A fresh instance (at load, and after an internal error, so that one bug cannot leave the module broken). */
function start() {
  wasm = new WebAssembly.Instance(module, {}).exports;
  heap = new Uint8Array(wasm.memory.buffer);
  inputAt = 0;
  inputSize = 0;
  configured = undefined;
}
start();

/** Calls into the module; a trap (a bug of fenkit, never the input's fault) restarts it and is thrown as an Error. */
function guarded(call) {
  try {
    return call();
  } catch (error) {
    if (error instanceof WebAssembly.RuntimeError) {
      start();
      throw new Error(`fenkit: internal error (${error.message}); please report it with the text that caused it`);
    }
    throw error;
  }
}

/** The module's memory as bytes, renewed when it grew. */
function bytes() {
  if (heap.buffer !== wasm.memory.buffer) heap = new Uint8Array(wasm.memory.buffer);
  return heap;
}

/** Where `size` bytes of input can be written. */
function reserve(size) {
  if (size > inputSize) {
    inputAt = wasm.fk_input(size);
    inputSize = size;
  }
  return inputAt;
}

/** Writes `text` as UTF-8 at `at` (room for 3 bytes per code unit); its length in bytes. Lone surrogates become U+FFFD. */
function encodeAt(text, at, memory) {
  const length = text.length;
  let index = 0;
  for (; index < length; index++) {
    const unit = text.charCodeAt(index);
    if (unit > 0x7f) break;
    memory[at + index] = unit;
  }
  if (index === length) return length;
  const rest = index === 0 ? text : text.slice(index);
  const { written } = encoder.encodeInto(rest, memory.subarray(at + index, at + 3 * length));
  return index + written;
}
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Writes `text` into the input buffer; its length in bytes. */
function write(text) {
  const at = reserve(3 * text.length);
  return encodeAt(text, at, bytes());
}

/** The output buffer's first `length` bytes, as text. */
function output(length) {
  const at = wasm.fk_output();
  return decoder.decode(bytes().subarray(at, at + length));
}

/** `text`, checked: a string no longer than MAX_TEXT_LENGTH. */
function checkedText(text, what = "a record") {
  if (typeof text !== "string") {
    throw new TypeError(`${what} is a string, not ${text === null ? "null" : typeof text}`);
  }
  if (text.length > MAX_TEXT_LENGTH) {
    throw new RangeError(`${what} is at most ${MAX_TEXT_LENGTH} UTF-16 code units long; this one is ${text.length}`);
  }
  return text;
}

const OPTION_NAMES = ["notation", "variant", "castling", "lenient", "validate", "board"];
const NO_OPTIONS = Object.freeze({});
let lastOptions = [undefined, undefined, undefined, undefined, undefined, undefined];
let lastKey = "{}";

/** The options' JSON, the key a result keeps to be read again the same way. */
function optionsKey(options) {
  if (options === undefined || options === null) options = NO_OPTIONS;
  if (typeof options !== "object") {
    throw new TypeError(`options is an object such as { notation: "fen" }, not ${typeof options}`);
  }
  const { notation, variant, castling, lenient, validate, board } = options;
  const last = lastOptions;
  if (notation === last[0] && variant === last[1] && castling === last[2] && lenient === last[3]
      && validate === last[4] && board === last[5]) {
    return lastKey;
  }
  const given = {};
  for (const [name, value] of [["notation", notation], ["variant", variant], ["castling", castling]]) {
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") throw new TypeError(`options.${name} is a string, not ${typeof value}`);
    given[name] = value;
  }
  for (const [name, value] of [["lenient", lenient], ["validate", validate]]) {
    if (value === undefined || value === null) continue;
    if (typeof value !== "boolean") throw new TypeError(`options.${name} is a boolean, not ${typeof value}`);
    given[name] = value;
  }
  if (board !== undefined && board !== null) {
    if (typeof board !== "string" && typeof board !== "number") {
      throw new TypeError(`options.board is a name such as "english" or a GameType number, not ${typeof board}`);
    }
    given.board = String(board);
  }
  const key = JSON.stringify(given);
  configure(key);
  lastOptions = [notation, variant, castling, lenient, validate, board];
  lastKey = key;
  return key;
}

/** Sets the module's options to those of `key`; an unknown name is a RangeError. */
function configure(key) {
  if (key === configured) return;
  const error = wasm.fk_configure(write(key));
  if (error !== 0) throw new RangeError(output(error));
  configured = key;
}

/** The full result of `text` read with the options of `key`, as the module's JSON. */
function details(text, key) {
  configure(key);
  return JSON.parse(output(wasm.fk_result(write(text))));
}

/**
 * The result of reading one text. `valid`, `notation` and `diagnostics` are read at once;
 * `canonical` and `value` when first asked for (a record without diagnostics is not read
 * twice unless they are).
 */
let keyOf;

export class ParseResult {
  #key;

  static {
    keyOf = (result) => result.#key;
  }

  constructor(text, key, status, json) {
    /** The text as given. */
    this.text = text;
    this.#key = key;
    if (json === undefined) {
      /** Whether the text has no error (warnings allowed). */
      this.valid = (status & VALID) !== 0;
      /** "fen", "epd", "pdn", "feen", or "pgn" for a game text. */
      this.notation = NOTATIONS[status >>> NOTATION_SHIFT] ?? "fen";
      /** Every diagnostic, in the order of the text. */
      this.diagnostics = [];
      /** How many diagnostics the cap of 32 per record left out. */
      this.omitted = 0;
      return;
    }
    this.valid = json.valid;
    this.notation = json.notation;
    this.diagnostics = json.diagnostics;
    this.omitted = json.omitted ?? 0;
    this.#settle(json);
    if (json.records !== undefined) {
      /** A game text's records (its FEN tags and setups), each as `parse` gives one. */
      this.records = json.records.map((record) => fromRecord(record, key));
    }
  }

  /** Sets `canonical` and `value` as own properties. */
  #settle(json) {
    Object.defineProperty(this, "canonical", { value: json.canonical, enumerable: true });
    Object.defineProperty(this, "value", { value: json.value, enumerable: true });
  }

  /** The record as fenkit writes it, when valid; else null. */
  get canonical() {
    this.#settle(guarded(() => details(this.text, this.#key)));
    return this.canonical;
  }

  /** The typed position (`kind` "chess", "draughts" or "feen"), or null when the syntax was too broken. */
  get value() {
    this.#settle(guarded(() => details(this.text, this.#key)));
    return this.value;
  }

  /** The object `fenkit check --format json` writes for the record, with the value. */
  toJSON() {
    const object = {
      source: null,
      line: this.line ?? 1,
      notation: this.notation,
      valid: this.valid,
      canonical: this.canonical,
      diagnostics: this.diagnostics,
    };
    if (this.omitted > 0) object.omitted = this.omitted;
    object.value = this.value;
    if (this.records !== undefined) object.records = this.records.map((record) => record.toJSON());
    return object;
  }
}

/** A game text's record from its JSON (it has its `line`; the game text's result holds the text). */
function fromRecord(json, key) {
  const result = new ParseResult("", key, 0, json);
  result.line = json.line;
  return result;
}

/** The result of a text whose verdict came as `status`. */
function resultOf(text, key, status) {
  if ((status & DETAILS) === 0) return new ParseResult(text, key, status, undefined);
  return new ParseResult(text, key, status, details(text, key));
}

/**
 * Reads one record (or a game text) and returns its result.
 *
 * Options: `notation` ("auto", "fen", "epd", "pdn", "feen", "pgn"), `variant` (see
 * `variants()`), `castling` ("standard", "chess960"), `lenient`, `validate` (default true),
 * `board` (see `boards()`, or a PDN GameType number).
 */
export function parse(text, options) {
  checkedText(text);
  const key = optionsKey(options);
  return guarded(() => {
    configure(key);
    return resultOf(text, key, wasm.fk_parse(write(text)));
  });
}

/** Reads many records (an array or any iterable of strings) and returns their results in order. */
export function checkMany(records, options) {
  if (records === null || typeof records !== "object" || typeof records[Symbol.iterator] !== "function") {
    throw new TypeError("records is an array (or an iterable) of strings");
  }
  const list = Array.isArray(records) ? records : Array.from(records);
  list.forEach((record, index) => checkedText(record, `record ${index}`));
  const key = optionsKey(options);
  return guarded(() => {
    configure(key);
    const results = new Array(list.length);
    for (let first = 0; first < list.length; first += BATCH) {
      readBatch(list, first, Math.min(first + BATCH, list.length), key, results);
    }
    return results;
  });
}

/** Reads `list[first..end]` in one call, then the details of those that have some. */
function readBatch(list, first, end, key, results) {
  const count = end - first;
  let size = 0;
  for (let index = first; index < end; index++) size += 3 * list[index].length;
  const lengthsAt = wasm.fk_lengths(count) >>> 2;
  let at = reserve(size);
  const memory = bytes();
  let lengths = new Uint32Array(wasm.memory.buffer);
  for (let index = first; index < end; index++) {
    const length = encodeAt(list[index], at, memory);
    lengths[lengthsAt + index - first] = length;
    at += length;
  }
  wasm.fk_parse_many(count);
  lengths = new Uint32Array(wasm.memory.buffer);
  const statuses = lengths.slice(lengthsAt, lengthsAt + count);
  for (let index = first; index < end; index++) {
    results[index] = resultOf(list[index], key, statuses[index - first]);
  }
}

/** The result given to render and boardSvg, checked. */
function checkedResult(result) {
  if (!(result instanceof ParseResult)) throw new TypeError("expected a result of parse or checkMany");
  return result;
}

/** Every report of a result as `fenkit check` prints it (no colour), each followed by a blank line; "" when it has none. */
export function render(result, { width = 100 } = {}) {
  checkedResult(result);
  if (!Number.isInteger(width) || width < 1) throw new RangeError("width is a positive integer");
  return guarded(() => {
    configure(keyOf(result));
    return output(wasm.fk_render(write(result.text), width));
  });
}

/** The SVG picture of a valid result's position, as `fenkit show --svg` draws it; null when there is none. */
export function boardSvg(result) {
  checkedResult(result);
  if (!result.valid) return null;
  return guarded(() => {
    configure(keyOf(result));
    const length = wasm.fk_svg(write(result.text));
    return length === 0 ? null : output(length);
  });
}

/** The explanation of a code (full, "fenkit::fen::rank_too_long", or its last part): code, summary, text, wrong, right, url. */
export function explain(code) {
  checkedText(code, "a code");
  return guarded(() => {
    const answer = wasm.fk_explain(write(code));
    const text = output((answer & ~ERROR) >>> 0);
    if ((answer & ERROR) !== 0) throw new RangeError(text);
    return JSON.parse(text);
  });
}

/** A list of the module's names. */
function list(which) {
  return guarded(() => JSON.parse(output(wasm.fk_list(which))));
}

/** Every diagnostic code fenkit reports, in the order of the documentation. */
export function codes() {
  return list(0);
}

/** The names `variant` takes. */
export function variants() {
  return list(1);
}

/** The draughts boards `board` takes (a PDN GameType number is taken too). */
export function boards() {
  return list(2);
}
