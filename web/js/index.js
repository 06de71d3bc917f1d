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
/** The notations by their number in a status: the rows of the library's table, in order. */
const NOTATIONS = ["fen", "epd", "feen", "pdn"];
/** How many records `checkMany` hands the module at once. */
const BATCH = 4096;

const wasmUrl = new URL("./fenkit.wasm", import.meta.url);
const explanationsUrl = new URL("./explanations.json", import.meta.url);
const inNode = typeof process === "object" && process !== null && Boolean(process.versions && process.versions.node);

/** The compiled module: Node reads the file, a browser fetches it (streaming when served as application/wasm). */
async function compile() {
  if (inNode) {
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

/** The explanations of the codes, by code: Node reads them when first asked for, a browser fetches them with the module. */
async function loadExplanations() {
  if (inNode) {
    const { readFileSync } = await import("node:fs");
    return () => JSON.parse(readFileSync(explanationsUrl, "utf8"));
  }
  const response = await fetch(explanationsUrl);
  if (!response.ok) throw new Error(`fenkit: cannot load ${explanationsUrl}: ${response.status}`);
  const list = await response.json();
  return () => list;
}

const [module, readExplanations] = await Promise.all([compile(), loadExplanations()]);
let explanations;
let wasm;
let heap;
let inputAt;
let inputSize;
let inputView;
let configured;

/** A fresh instance (at load, and after an internal error, so that one bug cannot leave the module broken). */
function start() {
  wasm = new WebAssembly.Instance(module, {}).exports;
  heap = new Uint8Array(wasm.memory.buffer);
  inputAt = 0;
  inputSize = 0;
  inputView = heap.subarray(0, 0);
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

/** The input buffer, room for `size` bytes at least (its view renewed when the memory grew). */
function reserve(size) {
  if (size > inputSize) {
    inputAt = wasm.fk_input(size);
    inputSize = size;
    inputView = bytes().subarray(inputAt, inputAt + inputSize);
  } else if (inputView.byteLength === 0 && inputSize > 0) {
    inputView = bytes().subarray(inputAt, inputAt + inputSize);
  }
  return inputView;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Writes `text` into the input buffer as UTF-8 (lone surrogates become U+FFFD); its length in bytes. */
function write(text) {
  return encoder.encodeInto(text, reserve(3 * text.length)).written;
}

/** The output buffer's first `length` bytes as text: `same` itself when they spell it in ASCII (no decoding then). */
function outputOr(same, length) {
  if (length === same.length) {
    const at = wasm.fk_output();
    const memory = bytes();
    let index = 0;
    while (index < length && memory[at + index] === same.charCodeAt(index)) index += 1;
    if (index === length) return same;
  }
  return output(length);
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

const NO_OPTIONS = Object.freeze({});
let lastOptions = [undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined];
let lastKey = "";

/** A list of code names (`select`, `ignore`): an array of strings or one string, commas allowed; as one string. */
function codeList(name, value) {
  if (value === undefined || value === null) return undefined;
  const names = typeof value === "string" ? [value] : value;
  if (!Array.isArray(names) || !names.every((item) => typeof item === "string")) {
    throw new TypeError(`options.${name} is an array of code names (or one string)`);
  }
  const list = names.join(",");
  if (/[\r\n]/.test(list)) throw new RangeError(`options.${name} holds a line break`);
  return list;
}

/** The options as the module reads them (`name=value` lines): the key a result keeps to be read again the same way. */
function optionsKey(options) {
  if (options === undefined || options === null) options = NO_OPTIONS;
  if (typeof options !== "object") {
    throw new TypeError(`options is an object such as { notation: "fen" }, not ${typeof options}`);
  }
  const { notation, variant, castling, lenient, validate, board } = options;
  const select = codeList("select", options.select);
  const ignore = codeList("ignore", options.ignore);
  const last = lastOptions;
  if (notation === last[0] && variant === last[1] && castling === last[2] && lenient === last[3]
      && validate === last[4] && board === last[5] && select === last[6] && ignore === last[7]) {
    return lastKey;
  }
  let key = "";
  for (const [name, value] of [["notation", notation], ["variant", variant], ["castling", castling]]) {
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") throw new TypeError(`options.${name} is a string, not ${typeof value}`);
    if (/[\r\n]/.test(value)) throw new RangeError(`options.${name} holds a line break`);
    key += `${name}=${value}\n`;
  }
  for (const [name, value] of [["lenient", lenient], ["validate", validate]]) {
    if (value === undefined || value === null) continue;
    if (typeof value !== "boolean") throw new TypeError(`options.${name} is a boolean, not ${typeof value}`);
    key += `${name}=${value}\n`;
  }
  if (board !== undefined && board !== null) {
    if (typeof board !== "string" && typeof board !== "number") {
      throw new TypeError(`options.board is a name such as "english" or a GameType number, not ${typeof board}`);
    }
    if (/[\r\n]/.test(String(board))) throw new RangeError("options.board holds a line break");
    key += `board=${board}\n`;
  }
  if (select !== undefined) key += `select=${select}\n`;
  if (ignore !== undefined) key += `ignore=${ignore}\n`;
  configure(key);
  lastOptions = [notation, variant, castling, lenient, validate, board, select, ignore];
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
  const json = JSON.parse(output(wasm.fk_result(write(text))));
  placeAll(json, text);
  return json;
}

/**
 * Adds `start` and `end` to every label and edit: indices into `text` in UTF-16 code units,
 * from the line and UTF-16 columns of the JSON (a game text's lines end at LF, CRLF or CR).
 */
function placeAll(json, text) {
  const starts = [0];
  if (json.records !== undefined) {
    for (let index = 0; index < text.length; index++) {
      const unit = text.charCodeAt(index);
      if (unit === 13 && text.charCodeAt(index + 1) === 10) index += 1;
      if (unit === 13 || unit === 10) starts.push(index + 1);
    }
  }
  const game = json.records !== undefined;
  const place = (at) => {
    const lineStart = game ? (starts[at.line - 1] ?? 0) : 0;
    at.start = lineStart + at.column_utf16 - 1;
    at.end = lineStart + at.end_column_utf16 - 1;
  };
  for (const record of [json, ...(json.records ?? [])]) {
    for (const diagnostic of record.diagnostics) {
      diagnostic.labels.forEach(place);
      if (diagnostic.fix) diagnostic.fix.edits.forEach(place);
    }
  }
}

/** How many records `fk_parse` read: a result whose serial is the last can ask for its canonical text without a second read. */
let serial = 0;

let keyOf;

/**
 * The result of reading one text. `valid`, `notation` and `diagnostics` are read at once;
 * `canonical` and `value` of a record without diagnostics when first asked for.
 */
export class ParseResult {
  #key;
  #serial;

  static {
    keyOf = (result) => result.#key;
  }

  constructor(text, key, status, json, read = 0) {
    /** The text as given. */
    this.text = text;
    this.#key = key;
    this.#serial = read;
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
    this.#own("canonical", json.canonical);
    this.#own("value", json.value);
    if (json.records !== undefined) {
      /** A game text's records (its FEN tags and setups), each as `parse` gives one. */
      this.records = json.records.map((record) => fromRecord(record, key));
    }
  }

  /** Sets `name` as an own property, so that it is read once. */
  #own(name, value) {
    Object.defineProperty(this, name, { value, enumerable: true });
  }

  /** The record as fenkit writes it, when valid; else null. */
  get canonical() {
    const answer = guarded(() => {
      if (this.#serial === serial && configured === this.#key) return wasm.fk_last_canonical();
      configure(this.#key);
      return wasm.fk_canonical(write(this.text));
    });
    this.#own("canonical", (answer & ERROR) !== 0 ? null : outputOr(this.text, answer));
    return this.canonical;
  }

  /** The typed position (`kind` "chess", "draughts" or "feen"), or null when the syntax was too broken. */
  get value() {
    const json = guarded(() => {
      configure(this.#key);
      return output(wasm.fk_value(write(this.text)));
    });
    this.#own("value", JSON.parse(json));
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

/** The result of a text whose verdict came as `status` (`read`: its serial, for a single parse). */
function resultOf(text, key, status, read) {
  if ((status & DETAILS) === 0) return new ParseResult(text, key, status, undefined, read);
  return new ParseResult(text, key, status, details(text, key));
}

/**
 * Reads one record (or a game text) and returns its result.
 *
 * Options: `notation` ("auto", "fen", "epd", "pdn", "feen", "pgn"), `variant` (see
 * `variants()`), `castling` ("standard", "chess960"), `lenient`, `validate` (default true),
 * `board` (see `boards()`, or a PDN GameType number), `select` and `ignore` (code names, as
 * `fenkit check --select/--ignore` takes them).
 */
export function parse(text, options) {
  checkedText(text);
  const key = optionsKey(options);
  return guarded(() => {
    configure(key);
    const status = wasm.fk_parse(write(text));
    serial += 1;
    return resultOf(text, key, status, serial);
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
  const view = reserve(size);
  const lengths = new Uint32Array(wasm.memory.buffer, lengthsAt * 4, count);
  let at = 0;
  for (let index = first; index < end; index++) {
    const length = encoder.encodeInto(list[index], view.subarray(at)).written;
    lengths[index - first] = length;
    at += length;
  }
  wasm.fk_parse_many(count);
  const statuses = new Uint32Array(wasm.memory.buffer, lengthsAt * 4, count).slice();
  for (let index = first; index < end; index++) {
    results[index] = resultOf(list[index], key, statuses[index - first], 0);
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
  const full = guarded(() => {
    const answer = wasm.fk_explain(write(code));
    const text = output((answer & ~ERROR) >>> 0);
    if ((answer & ERROR) !== 0) throw new RangeError(text);
    return text;
  });
  if (explanations === undefined) {
    explanations = new Map(readExplanations().map((explanation) => [explanation.code, explanation]));
  }
  const found = explanations.get(full);
  if (found === undefined) throw new RangeError(`no explanation of ${full}`);
  return structuredClone(found);
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
