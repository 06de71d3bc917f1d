// The playground in headless Chromium, as a person uses it with the keyboard: type a bad FEN,
// see its codes and the underline at the right characters, read an explanation, apply a fix,
// see the record valid and its board; then the page on a phone-sized screen. Screenshots go
// to SHOTS (default target/web). CHROMIUM is the browser (default /usr/bin/chromium).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { chromium } from "playwright-core";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const SHOTS = process.env.SHOTS ?? join(ROOT, "target", "web");
const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];
const BAD = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1";
const GOOD = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

let server;
let base;
let profile;
let context;

/** `python3 -m http.server` serving web/ on a free port of 127.0.0.1. */
function serve() {
  return new Promise((resolvePort, reject) => {
    server = spawn("python3", ["-u", "-m", "http.server", "0", "-b", "127.0.0.1", "-d", join(ROOT, "web")], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    server.on("error", reject);
    server.stdout.on("data", (chunk) => {
      const port = /port (\d+)/.exec(String(chunk));
      if (port) resolvePort(`http://127.0.0.1:${port[1]}`);
    });
  });
}

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  base = await serve();
  profile = mkdtempSync(join(tmpdir(), "fenkit-chromium-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: FLAGS,
  });
});

after(async () => {
  await context?.close();
  server?.kill();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** A page of the playground at `query`, ready. */
async function open(query = "", viewport = { width: 1280, height: 900 }) {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error));
  page.on("console", (message) => { if (message.type() === "error") errors.push(message.text()); });
  await page.setViewportSize(viewport);
  await page.goto(`${base}/playground/${query}`);
  await page.waitForSelector("body[data-ready]");
  return { page, errors };
}

test("type a bad FEN, see it underlined, read the explanation, apply the fix with the keyboard", async () => {
  const { page, errors } = await open("?text=");
  await page.focus("#text");
  await page.keyboard.type(BAD);
  const codes = await page.$$eval("#diagnostics > li", (items) => items.map((item) => item.dataset.code));
  assert.deepEqual(codes, ["fenkit::fen::uppercase_side_to_move"]);
  assert.match(await page.textContent("#verdict"), /^Invalid FEN: 1 error/);
  const marks = await page.$$eval("#backdrop mark", (items) => items.map((m) => [m.textContent, +m.dataset.start, +m.dataset.end]));
  assert.deepEqual(marks, [["W", 44, 45]]);
  assert.equal(BAD.slice(44, 45), "W");
  // The underline lies under the W of the textarea: the mark's box is where the character is.
  const box = await page.$eval("#backdrop mark", (m) => m.getBoundingClientRect().toJSON());
  assert.ok(box.width > 4 && box.height > 8, JSON.stringify(box));

  await page.click("#diagnostics button:text('Explain')");
  assert.ok((await page.textContent(".explanation:not([hidden])")).length > 40);
  await page.screenshot({ path: join(SHOTS, "playground-desktop.png"), fullPage: true });

  // Keyboard alone: from the text, Tab reaches the fix; Enter applies it.
  await page.focus("#text");
  let focused = "";
  for (let step = 0; step < 20 && !focused.startsWith("Apply fix"); step++) {
    await page.keyboard.press("Tab");
    focused = await page.evaluate(() => document.activeElement?.textContent ?? "");
  }
  assert.match(focused, /^Apply fix: “w”/);
  await page.keyboard.press("Enter");
  await page.waitForSelector("#verdict.valid");
  assert.equal(await page.inputValue("#text"), GOOD);
  assert.equal(await page.textContent("#verdict"), "Valid FEN");
  assert.equal(await page.$$eval("#diagnostics > li", (items) => items.length), 0);
  assert.equal(await page.$$eval("#backdrop mark", (items) => items.length), 0);
  const board = await page.$eval("#board-image", (img) => ({ src: img.src, width: img.naturalWidth, hidden: img.closest("figure").hidden }));
  assert.equal(board.hidden, false);
  assert.match(board.src, /^data:image\/svg\+xml/);
  assert.ok(board.width > 0, "the board is drawn");
  assert.equal(new URL(page.url()).searchParams.get("text"), GOOD);
  await page.screenshot({ path: join(SHOTS, "playground-fixed.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("a link shows the same: text and options from the address", async () => {
  const record = "W:W31-50:B1-20:X";
  const { page, errors } = await open(`?text=${encodeURIComponent(record)}&notation=pdn&lenient=1`);
  assert.equal(await page.inputValue("#text"), record);
  assert.equal(await page.inputValue("#notation"), "pdn");
  assert.equal(await page.isChecked("#lenient"), true);
  const count = await page.$$eval("#diagnostics > li", (items) => items.length);
  assert.ok(count >= 1);
  await page.selectOption("#notation", "auto");
  assert.equal(new URL(page.url()).searchParams.get("notation"), null);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a PGN game on a phone-sized screen: underlined in its line, nothing wider than the screen", async () => {
  const game = [
    "[Event \"Casual\"]",
    "[SetUp \"1\"]",
    "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPPP/RNBQKBNR x KQkq e4 0 1\"]",
    "",
    "1. e4 e5 *",
  ].join("\n");
  const { page, errors } = await open(`?text=${encodeURIComponent(game)}`, { width: 390, height: 844 });
  assert.match(await page.textContent("#verdict"), /^Invalid PGN game: 3 errors/);
  const marks = await page.$$eval("#backdrop mark", (items) => items.map((m) => m.textContent));
  assert.deepEqual(marks, ["PPPP1PPPP", "x", "4"]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
  await page.screenshot({ path: join(SHOTS, "playground-phone.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});
