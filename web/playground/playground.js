// The playground: the text is read on every change; each diagnostic is listed with its help,
// its explanation on demand and its fix as a button, and underlined in the text (a backdrop
// behind the transparent textarea, with the same font and wrapping, holds the marks).
import { boardSvg, explain, parse, variants } from "../pkg/index.js";

const $ = (id) => document.getElementById(id);
const text = $("text");
const backdrop = $("backdrop");
const notation = $("notation");
const variant = $("variant");
const castling = $("castling");
const lenient = $("lenient");
const verdict = $("verdict");
const canonical = $("canonical");
const list = $("diagnostics");
const board = $("board");
const EXAMPLE = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPPP/RNBQKBNR x KQkq e4 0 1";
const NAMES = { fen: "FEN", epd: "EPD", pdn: "draughts FEN", feen: "FEEN", pgn: "PGN game" };

for (const name of variants()) {
  if (name === "chess") continue;
  variant.append(new Option(name, name));
}

/** The options of the selectors. */
function options() {
  const chosen = { notation: notation.value, lenient: lenient.checked };
  if (variant.value) chosen.variant = variant.value;
  if (castling.value) chosen.castling = castling.value;
  return chosen;
}

/** Restores the text and the options from the address. */
function fromAddress() {
  const query = new URLSearchParams(location.search);
  text.value = query.has("text") ? query.get("text") : EXAMPLE;
  for (const [select, name] of [[notation, "notation"], [variant, "variant"], [castling, "castling"]]) {
    const value = query.get(name);
    if (value !== null && [...select.options].some((option) => option.value === value)) select.value = value;
  }
  lenient.checked = query.get("lenient") === "1";
}

/** Keeps the text and the options in the address, so that a link shows the same. */
function toAddress() {
  const query = new URLSearchParams();
  query.set("text", text.value);
  if (notation.value !== "auto") query.set("notation", notation.value);
  if (variant.value) query.set("variant", variant.value);
  if (castling.value) query.set("castling", castling.value);
  if (lenient.checked) query.set("lenient", "1");
  history.replaceState(null, "", `${location.pathname}?${query}`);
}

/** The text with each labelled span marked, built from text nodes (never HTML). */
function drawMarks(value, diagnostics) {
  const places = [];
  for (const diagnostic of diagnostics) {
    for (const label of diagnostic.labels) {
      places.push({ start: label.start, end: label.end, severity: diagnostic.severity, title: diagnostic.message });
    }
  }
  const cuts = new Set([0, value.length]);
  for (const place of places) {
    cuts.add(place.start);
    cuts.add(place.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  backdrop.replaceChildren();
  for (const point of points) {
    for (const place of places) {
      if (place.start === point && place.end === point) backdrop.append(mark("", place, true));
    }
    const next = points.find((p) => p > point);
    if (next === undefined) break;
    const piece = value.slice(point, next);
    const covering = places.filter((place) => place.start <= point && place.end >= next && place.end > place.start);
    if (covering.length === 0) {
      backdrop.append(document.createTextNode(piece));
    } else {
      const worst = covering.find((place) => place.severity === "error") ?? covering[0];
      backdrop.append(mark(piece, worst, false));
    }
  }
  // A final newline needs a character after it to keep its line in the backdrop.
  backdrop.append(document.createTextNode("\u200b"));
  backdrop.scrollTop = text.scrollTop;
}

/** One mark of the backdrop. */
function mark(piece, place, point) {
  const element = document.createElement("mark");
  element.className = `${place.severity}${point ? " point" : ""}`;
  element.dataset.start = String(place.start);
  element.dataset.end = String(place.end);
  element.textContent = piece;
  return element;
}

/** A paragraph of text in which `code` spans are shown as code. */
function prose(className, words) {
  const paragraph = document.createElement("p");
  paragraph.className = className;
  words.split(/(`[^`]*`)/).forEach((part) => {
    if (part.startsWith("`") && part.endsWith("`") && part.length > 1) {
      const code = document.createElement("code");
      code.textContent = part.slice(1, -1);
      paragraph.append(code);
    } else {
      paragraph.append(document.createTextNode(part));
    }
  });
  return paragraph;
}

/** A button. */
function button(label, className, action) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = label;
  if (className) element.className = className;
  element.addEventListener("click", action);
  return element;
}

/** Applies a fix's edits (from the last, so that the earlier places hold) and reads again. */
function applyFix(fix) {
  let value = text.value;
  const edits = [...fix.edits].sort((a, b) => b.start - a.start);
  for (const edit of edits) value = value.slice(0, edit.start) + edit.text + value.slice(edit.end);
  text.value = value;
  update();
  text.focus();
}

/** The list item of one diagnostic. */
function item(diagnostic, index) {
  const element = document.createElement("li");
  element.className = `diagnostic ${diagnostic.severity}`;
  element.dataset.code = diagnostic.code;
  const head = document.createElement("div");
  head.className = "code";
  const severity = document.createElement("span");
  severity.className = "severity";
  severity.textContent = diagnostic.severity;
  head.append(severity, document.createTextNode(diagnostic.code));
  element.append(head, prose("message", diagnostic.message));
  const labels = document.createElement("ul");
  labels.className = "labels";
  for (const label of diagnostic.labels) {
    const where = label.line > 1 ? `line ${label.line}, ` : "";
    const entry = prose("", `${where}column ${label.column}${label.label ? `: ${label.label}` : ""}`);
    const listed = document.createElement("li");
    listed.append(...entry.childNodes);
    labels.append(listed);
  }
  if (diagnostic.labels.length > 0) element.append(labels);
  if (diagnostic.help) element.append(prose("help", `help: ${diagnostic.help}`));
  const actions = document.createElement("div");
  actions.className = "actions";
  if (diagnostic.fix) {
    const replacement = diagnostic.fix.edits.map((edit) => (edit.text === "" ? "remove" : `“${edit.text}”`)).join(", ");
    actions.append(button(`Apply fix: ${replacement}`, "fix", () => applyFix(diagnostic.fix)));
  }
  if (diagnostic.labels.length > 0) {
    const { start, end } = diagnostic.labels[0];
    actions.append(button("Select in text", "", () => {
      text.focus();
      text.setSelectionRange(start, end);
    }));
  }
  const details = document.createElement("div");
  details.className = "explanation";
  details.id = `explanation-${index}`;
  details.hidden = true;
  const toggle = button("Explain", "", () => {
    if (details.hidden && details.textContent === "") {
      try {
        const explanation = explain(diagnostic.code);
        details.textContent = explanation.text ?? explanation.summary;
      } catch (error) {
        details.textContent = String(error.message);
      }
    }
    details.hidden = !details.hidden;
    toggle.setAttribute("aria-expanded", String(!details.hidden));
  });
  toggle.setAttribute("aria-controls", details.id);
  toggle.setAttribute("aria-expanded", "false");
  actions.append(toggle);
  element.append(actions, details);
  return element;
}

/** Reads the text and shows everything about it. */
function update() {
  toAddress();
  let result;
  try {
    result = parse(text.value, options());
  } catch (error) {
    verdict.textContent = error.message;
    verdict.className = "verdict invalid";
    return;
  }
  const errors = result.diagnostics.filter((d) => d.severity === "error").length;
  const warnings = result.diagnostics.length - errors;
  const name = NAMES[result.notation] ?? result.notation;
  const counts = [errors && `${errors} error${errors > 1 ? "s" : ""}`, warnings && `${warnings} warning${warnings > 1 ? "s" : ""}`]
    .filter(Boolean).join(", ");
  if (text.value.trim() === "") {
    verdict.textContent = "Type or paste a record.";
    verdict.className = "verdict";
  } else if (result.valid) {
    verdict.textContent = `Valid ${name}${counts ? ` (${counts})` : ""}`;
    verdict.className = "verdict valid";
  } else {
    verdict.textContent = `Invalid ${name}: ${counts}${result.omitted ? `, and ${result.omitted} more` : ""}`;
    verdict.className = "verdict invalid";
  }
  canonical.hidden = !(result.valid && result.canonical);
  canonical.textContent = result.valid && result.canonical ? `canonical: ${result.canonical}` : "";
  drawMarks(text.value, result.diagnostics);
  list.replaceChildren(...result.diagnostics.map(item));
  const svg = result.valid ? boardSvg(result) : null;
  board.hidden = svg === null;
  if (svg !== null) {
    $("board-image").src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    $("board-image").alt = `the position of the ${name}`;
    $("board-caption").textContent = `The position, as fenkit show --svg draws it.`;
  }
}

text.addEventListener("input", update);
text.addEventListener("scroll", () => { backdrop.scrollTop = text.scrollTop; });
for (const control of [notation, variant, castling, lenient]) control.addEventListener("change", update);
new ResizeObserver(() => { backdrop.style.height = `${text.offsetHeight}px`; }).observe(text);
fromAddress();
update();
document.body.dataset.ready = "true";
