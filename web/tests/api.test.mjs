// The package's API, as a user calls it: installed from its tarball (web/tests/run.sh).
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  MAX_TEXT_LENGTH, ParseResult, boardSvg, boards, checkMany, codes, explain, parse, render, variants,
} from "fenkit";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const BROKEN = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPPP/RNBQKBNR x KQkq e4 0 1";

test("a valid record: verdict, canonical text, value", () => {
  const result = parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  assert.ok(result instanceof ParseResult);
  assert.equal(result.valid, true);
  assert.equal(result.notation, "fen");
  assert.deepEqual(result.diagnostics, []);
  assert.equal(result.canonical, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  const value = result.value;
  assert.equal(value.kind, "chess");
  assert.equal(value.side_to_move, "b");
  assert.equal(value.en_passant, "e3");
  assert.equal(value.pieces.e4, "P");
  assert.equal(value.fullmove_number, 1);
});

test("every problem of a broken record, each at its characters", () => {
  const result = parse(BROKEN);
  assert.equal(result.valid, false);
  assert.equal(result.canonical, null);
  const found = result.diagnostics.map((d) => [d.code, result.text.slice(d.labels[0].start, d.labels[0].end)]);
  assert.deepEqual(found, [
    ["fenkit::fen::rank_too_long", "PPPP1PPPP"],
    ["fenkit::fen::invalid_side_to_move", "x"],
    ["fenkit::fen::en_passant_rank", "4"],
  ]);
  const side = result.diagnostics[1];
  assert.equal(side.severity, "error");
  assert.equal(side.message, "`x` is not a side to move");
  assert.match(side.help, /`w`/);
});

test("positions index the string given, past characters of several bytes and code units", () => {
  const record = "8/8/8/8/8/8/8/k1Ké😀 x - - 0 1";
  const result = parse(record, { notation: "fen", validate: false });
  const side = result.diagnostics.find((d) => d.code === "fenkit::fen::invalid_side_to_move");
  const label = side.labels[0];
  assert.equal(record.slice(label.start, label.end), "x");
  assert.equal(label.offset, 24);
  assert.equal(label.column, 21);
  assert.equal(label.column_utf16, 22);
  assert.equal(label.start, 21);
});

test("a fix applied at its UTF-16 places gives a valid record", () => {
  const result = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1");
  const fixable = result.diagnostics.find((d) => d.fix);
  assert.ok(fixable, JSON.stringify(result.diagnostics));
  let text = result.text;
  for (const edit of [...fixable.fix.edits].reverse()) {
    text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  }
  assert.equal(parse(text).valid, true, text);
});

test("options: notation, variant, castling, lenient, validate, board", () => {
  assert.equal(parse("W:W31-50:B1-20").notation, "pdn");
  assert.equal(parse("W:W21-32:B1-12", { board: "english" }).value.board, "english");
  assert.equal(parse("W:W21-32:B1-12", { board: 21 }).value.game_type, 21);
  const lenient = parse(`${START} `, { lenient: true });
  assert.equal(lenient.valid, true);
  assert.equal(lenient.diagnostics[0].severity, "warning");
  assert.equal(parse(`${START} `).valid, false);
  const kings = "8/8/8/8/8/8/8/8 w - - 0 1";
  assert.equal(parse(kings).valid, false);
  assert.equal(parse(kings, { validate: false }).valid, true);
  const shredder = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
  assert.equal(parse(shredder, { castling: "chess960" }).valid, true);
  const crazyhouse = parse(`${START.replace(" w", "[] w")}`, { variant: "crazyhouse" });
  assert.equal(crazyhouse.valid, true, JSON.stringify(crazyhouse.diagnostics));
  assert.equal(crazyhouse.value.pockets, "");
  assert.ok(variants().includes("crazyhouse"));
  const noClocks = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
  assert.equal(parse(noClocks, { notation: "fen", lenient: true }).diagnostics[0].code, "fenkit::fen::missing_clocks");
  const ignored = parse(noClocks, { notation: "fen", lenient: true, ignore: ["missing_clocks"] });
  assert.deepEqual(ignored.diagnostics, []);
  assert.equal(ignored.canonical, START);
  const two = parse(`${noClocks} `, { notation: "fen", lenient: true });
  assert.equal(two.diagnostics.length, 2, JSON.stringify(two.diagnostics));
  assert.deepEqual(parse(`${noClocks} `, { notation: "fen", lenient: true, select: "fen::missing_clocks" }).diagnostics.map((d) => d.code),
    ["fenkit::fen::missing_clocks"]);
  assert.throws(() => parse(START, { ignore: ["no_such_code"] }), { name: "RangeError", message: /unknown code `no_such_code`/ });
  assert.throws(() => parse(START, { ignore: 3 }), TypeError);
  assert.ok(boards().includes("english"));
});

test("wrong arguments throw TypeError or RangeError, and the module keeps working", () => {
  for (const bad of [undefined, null, 42, {}, ["a"], Symbol("x")]) {
    assert.throws(() => parse(bad), TypeError);
  }
  assert.throws(() => parse(START, "fen"), TypeError);
  assert.throws(() => parse(START, { lenient: "yes" }), TypeError);
  assert.throws(() => parse(START, { notation: "xfen" }), { name: "RangeError", message: /unknown notation "xfen": use one of auto, fen/ });
  assert.throws(() => parse(START, { variant: "chess2" }), RangeError);
  assert.throws(() => parse(START, { castling: "both" }), RangeError);
  assert.throws(() => parse(START, { board: "hexagonal" }), RangeError);
  assert.throws(() => parse("x".repeat(MAX_TEXT_LENGTH + 1)), RangeError);
  assert.throws(() => checkMany("abc"), TypeError);
  assert.throws(() => checkMany([START, 3]), TypeError);
  assert.throws(() => render({}), TypeError);
  assert.throws(() => explain("no_such_code"), RangeError);
  assert.equal(parse(START).valid, true);
});

test("hostile strings get diagnostics, never a crash", () => {
  const texts = [
    "", " ", "\0", "\ud800", "8/8/8/8/8/8/8/8 w - - 0 1\udfff", "\ud83d\ude00".repeat(1000),
    "/".repeat(1 << 20), "k".repeat(3 << 20), "[FEN \"", "[Event \"x\"]\n[FEN \"\ud800\"]\n", "\r\n\r",
  ];
  for (const text of texts) {
    const result = parse(text);
    assert.equal(typeof result.valid, "boolean");
    for (const diagnostic of result.diagnostics) {
      for (const label of diagnostic.labels) {
        assert.ok(label.start >= 0 && label.start <= label.end && label.end <= text.length, JSON.stringify(label));
      }
    }
    render(result);
  }
  const lone = parse("8/8/8/8/8/8/8/k1K\ud800 x - - 0 1", { validate: false });
  const side = lone.diagnostics.find((d) => d.code === "fenkit::fen::invalid_side_to_move");
  assert.equal(lone.text.slice(side.labels[0].start, side.labels[0].end), "x");
});

test("checkMany gives parse's results, in order, across batches", () => {
  const records = [];
  for (let index = 0; index < 10000; index++) {
    records.push(index % 3 === 0 ? BROKEN : index % 3 === 1 ? START : "W:W31-50:B1-20");
  }
  const results = checkMany(records);
  assert.equal(results.length, records.length);
  for (const index of [0, 1, 2, 4095, 4096, 4097, 9999]) {
    assert.deepEqual(results[index].toJSON(), parse(records[index]).toJSON());
  }
  assert.deepEqual(checkMany(new Set([START])).map((r) => r.valid), [true]);
  assert.deepEqual(checkMany([]), []);
});

test("a game text: each FEN tag a record, placed in the whole text", () => {
  const game = [
    "[Event \"x\"]",
    "[SetUp \"1\"]",
    "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1\"]",
    "",
    "1. e4 *",
    "",
  ].join("\n");
  const result = parse(game);
  assert.equal(result.notation, "pgn");
  assert.equal(result.valid, false);
  assert.equal(result.records.length, 1);
  assert.equal(result.records[0].line, 3);
  const side = result.diagnostics.find((d) => d.code === "fenkit::fen::invalid_side_to_move");
  assert.ok(side, JSON.stringify(result.diagnostics));
  assert.equal(side.labels[0].line, 3);
  assert.equal(game.slice(side.labels[0].start, side.labels[0].end), "x");
  const fixed = parse(game.replace(" x ", " w "), { notation: "pgn" });
  assert.equal(fixed.valid, true);
  assert.equal(fixed.canonical, START);
  assert.match(boardSvg(fixed), /^<svg/);
});

test("render, boardSvg, explain and codes", () => {
  const shown = render(parse(BROKEN));
  assert.match(shown, /fenkit::fen::rank_too_long/);
  assert.match(shown, /rank 2 `PPPP1PPPP` covers 9 squares, not 8/);
  assert.equal(render(parse(START)), "");
  assert.match(boardSvg(parse(START)), /^<svg[^>]*>/);
  assert.equal(boardSvg(parse(BROKEN)), null);
  const explanation = explain("rank_too_long");
  assert.equal(explanation.code, "fenkit::fen::rank_too_long");
  assert.equal(typeof explanation.summary, "string");
  assert.ok(explanation.text.length > 0);
  assert.ok(codes().includes("fenkit::fen::rank_too_long"));
  assert.throws(() => explain(42), TypeError);
});
