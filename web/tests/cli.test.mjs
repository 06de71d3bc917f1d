// The package answers as the command line does: for the compliance records of every notation
// and for a PGN game text, `parse(...).toJSON()` equals the line `fenkit check --format json`
// writes (without the package's additions: `value`, and `start`/`end` on labels and edits).
// FENKIT is the command (web/tests/run.sh passes the release build), FENKIT_ROOT the checkout.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { parse } from "fenkit";

const ROOT = process.env.FENKIT_ROOT;
const FENKIT = process.env.FENKIT;

/** The JSON lines of `fenkit check --format json ARGS... FILE` for `text`, summary left out. */
function cli(text, args, name = "records.txt") {
  const folder = mkdtempSync(join(tmpdir(), "fenkit-web-"));
  try {
    const path = join(folder, name);
    writeFileSync(path, text);
    let out;
    try {
      out = execFileSync(FENKIT, ["check", "--format", "json", ...args, path], { encoding: "utf8", maxBuffer: 1 << 28 });
    } catch (error) {
      out = error.stdout; // exit 1: some record is invalid
    }
    return out.split("\n").filter((line) => line.startsWith("{\"source\"")).map((line) => JSON.parse(line));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A result's JSON as the command line writes it for line `line` of its file. */
function asCli(json, source, line) {
  const { value, records, ...record } = json;
  record.source = source;
  record.line = line;
  for (const diagnostic of record.diagnostics) {
    for (const place of [...diagnostic.labels, ...(diagnostic.fix ? diagnostic.fix.edits : [])]) {
      delete place.start;
      delete place.end;
      place.line = line;
    }
  }
  return record;
}

/** A compliance file's cases: options and record, those a JavaScript string and a line of a file can hold. */
function cases(notation) {
  const text = readFileSync(join(ROOT, "tests", "compliance", `${notation}.txt`), "utf8");
  const found = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const bar = line.indexOf("|");
    const options = line.slice(0, bar).trim().split(/\s+/)[0].split(",");
    const record = unescape(line.slice(bar + 2));
    if (record === null || /[\r\n]/.test(record) || record.trim() === "" || /^[#%\ufeff]/.test(record)) continue;
    // `--notation pdn` reads a file as a game file, where a line that is no game text is read
    // in the notation its shape shows: draughts records are compared with the notation
    // detected, tags and setups (game text, covered by the game test) left out.
    if (notation === "pdn" && /^[[/]/.test(record)) continue;
    found.push({ options, record });
  }
  return found;
}

/** A compliance record's text, or null when its bytes are not UTF-8. */
function unescape(written) {
  const bytes = [];
  const encoder = new TextEncoder();
  for (let index = 0; index < written.length; index++) {
    const char = written[index];
    if (char === "\\" && index + 1 < written.length) {
      const next = written[index + 1];
      const simple = { t: 9, r: 13, n: 10, "\\": 92 }[next];
      if (simple !== undefined) {
        bytes.push(simple);
        index += 1;
        continue;
      }
      if (next === "x") {
        bytes.push(parseInt(written.slice(index + 2, index + 4), 16));
        index += 3;
        continue;
      }
    }
    const code = written.codePointAt(index);
    const char_ = String.fromCodePoint(code);
    bytes.push(...encoder.encode(char_));
    index += char_.length - 1;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
}

/** The package's options and the command line's flags of a compliance case's options. */
function reading(notation, options) {
  if (notation === "pdn") notation = "auto";
  const given = { notation, lenient: options.includes("lenient"), validate: options.includes("validated") };
  const flags = ["--notation", notation];
  if (given.lenient) flags.push("--lenient");
  if (!given.validate) flags.push("--syntax-only");
  for (const option of options) {
    const [name, value] = option.split("=");
    if (name === "board" || name === "castling") {
      given[name] = value;
      flags.push(`--${name}`, value);
    }
  }
  return { given, flags };
}

for (const notation of ["fen", "epd", "pdn", "feen"]) {
  test(`the compliance records of ${notation} read as the command line reads them`, () => {
    const groups = new Map();
    for (const { options, record } of cases(notation)) {
      const key = options.join(",");
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(record);
    }
    let compared = 0;
    for (const [key, records] of groups) {
      const { given, flags } = reading(notation, key.split(","));
      const expected = cli(`${records.join("\n")}\n`, flags);
      assert.equal(expected.length, records.length, `${notation} ${key}: one JSON line per record`);
      records.forEach((record, index) => {
        const mine = asCli(parse(record, given).toJSON(), expected[index].source, index + 1);
        assert.deepEqual(mine, expected[index], `${notation} ${key}: ${JSON.stringify(record)}`);
        compared += 1;
      });
    }
    assert.ok(compared >= 20, `${compared} records compared`);
  });
}

test("a PGN game text's records read as the command line reads the file", () => {
  const game = [
    "[Event \"broken\"]",
    "[SetUp \"1\"]",
    "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPPP/RNBQKBNR x KQkq e4 0 1\"]",
    "",
    "1. e4 *",
    "",
    "[Event \"crazyhouse\"]",
    "[Variant \"Crazyhouse\"]",
    "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\"]",
    "",
    "*",
    "",
    "[Event \"fine\"]",
    "[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]",
    "",
    "*",
    "",
  ].join("\n");
  const expected = cli(game, [], "games.pgn");
  const result = parse(game, { notation: "pgn" });
  assert.equal(result.records.length, expected.length);
  assert.ok(expected.length >= 3, JSON.stringify(expected));
  result.records.forEach((record, index) => {
    assert.deepEqual(asCli(record.toJSON(), expected[index].source, expected[index].line), expected[index]);
  });
  assert.equal(result.valid, expected.every((record) => record.valid));
});

test("the game file every front end reads gives the command line's records", () => {
  // tests/front-ends: the files that the command line, Python and the language server are
  // compared on too (python/tests/test_front_ends.py). A text has no maximum record length.
  const game = readFileSync(join(ROOT, "tests", "front-ends", "games.pgn"), "utf8");
  const expected = cli(game, ["--max-record-bytes", "1000000"], "games.pgn");
  const result = parse(game);
  assert.equal(result.records.length, expected.length);
  assert.ok(expected.length >= 5, JSON.stringify(expected));
  result.records.forEach((record, index) => {
    assert.deepEqual(asCli(record.toJSON(), expected[index].source, expected[index].line), expected[index]);
  });
});

test("select and ignore keep the diagnostics the command line keeps", () => {
  const records = cases("fen").filter(({ options }) => options.join(",") === "lenient,validated").map(({ record }) => record);
  const flags = ["--notation", "fen", "--lenient", "--ignore", "surrounding_whitespace,fen::missing_clocks", "--select", "fen"];
  const expected = cli(`${records.join("\n")}\n`, flags);
  assert.equal(expected.length, records.length);
  const options = { notation: "fen", lenient: true, ignore: ["surrounding_whitespace", "fen::missing_clocks"], select: "fen" };
  records.forEach((record, index) => {
    assert.deepEqual(asCli(parse(record, options).toJSON(), expected[index].source, index + 1), expected[index], record);
  });
});
