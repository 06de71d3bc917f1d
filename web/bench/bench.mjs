// fenkit's npm package against chess.js and chessops, in one Node process, on the same 20,000
// FENs: the first 20,000 positions of tests/data/chess/generated/random-games-100k.fen (legal
// positions of games, as the Python benchmark reads them). Each contender reads every FEN and
// its verdict is counted; the rounds alternate between contenders and the best round counts.
// Run: web/build.sh && (cd web/bench && npm ci && node bench.mjs)
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { validateFen } from "chess.js";
import { Chess } from "chessops/chess";
import { parseFen } from "chessops/fen";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { checkMany, parse } = await import(join(ROOT, "web", "pkg", "index.js"));
const COUNT = 20000;
const ROUNDS = Number(process.env.ROUNDS ?? 15);

const fens = readFileSync(join(ROOT, "tests", "data", "chess", "generated", "random-games-100k.fen"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "" && !line.startsWith("#"))
  .slice(0, COUNT);
if (fens.length !== COUNT) throw new Error(`${fens.length} FENs, not ${COUNT}`);

const contenders = {
  "fenkit parse(fen).valid": () => fens.reduce((valid, fen) => valid + (parse(fen).valid ? 1 : 0), 0),
  "fenkit checkMany(fens)": () => checkMany(fens).reduce((valid, result) => valid + (result.valid ? 1 : 0), 0),
  "fenkit parse(fen).canonical": () => fens.reduce((valid, fen) => valid + (parse(fen).canonical !== null ? 1 : 0), 0),
  "chess.js validateFen(fen).ok": () => fens.reduce((valid, fen) => valid + (validateFen(fen).ok ? 1 : 0), 0),
  "chessops parseFen + Chess.fromSetup": () => fens.reduce((valid, fen) => {
    const setup = parseFen(fen);
    return valid + (setup.isOk && Chess.fromSetup(setup.value).isOk ? 1 : 0);
  }, 0),
};

const best = {};
const verdicts = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of Object.entries(contenders)) {
    const start = process.hrtime.bigint();
    verdicts[name] = run();
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    best[name] = Math.min(best[name] ?? Infinity, seconds);
  }
}

const wasm = readFileSync(join(ROOT, "web", "pkg", "fenkit.wasm"));
const micro = (name) => (best[name] / COUNT) * 1e6;
const chessjs = micro("chess.js validateFen(fen).ok");
const chessops = micro("chessops parseFen + Chess.fromSetup");
console.log(`Node ${process.version}, ${COUNT} FENs, best of ${ROUNDS} rounds`);
console.log("| what | µs per FEN | FENs per second | valid | vs. chess.js | vs. chessops |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const name of Object.keys(contenders)) {
  const us = micro(name);
  const perSecond = Math.round(COUNT / best[name]).toLocaleString("en-US");
  console.log(`| ${name} | ${us.toFixed(2)} | ${perSecond} | ${verdicts[name]} | ${(chessjs / us).toFixed(1)}× | ${(chessops / us).toFixed(1)}× |`);
}
console.log(`fenkit.wasm: ${wasm.length.toLocaleString("en-US")} bytes, ${gzipSync(wasm, { level: 9 }).length.toLocaleString("en-US")} gzipped (level 9)`);
