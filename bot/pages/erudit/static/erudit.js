// gamebot Эрудит / Scrabble: the page side. The server (bot/pages/erudit/game.py) keeps the
// game and checks every move; this file shows the position and turns drags, clicks and keys
// into moves. Every text comes from the server's table (bot/pages/erudit/texts.py).
"use strict";
// $, params, API, sleep, call, say, humanToMove and computerReply come from kit/kit.js (loaded first).

const TITLES = {
  "erudit": "gamebot Эрудит",
  "scrabble-ru": "gamebot Скрэббл",
  "scrabble-en": "gamebot Scrabble",
};
// the window's title is right from the start (a bot finds the window by it)
document.title = TITLES[String(params.rules || "erudit").toLowerCase()] || TITLES.erudit;

// design size of the whole page in CSS pixels at --u = 1px, and of a board square
const DESIGN_W = 1060, DESIGN_H = 850, SQUARE = 38, LINE = 2;
const WILDCARD = "*";
const DRAG_START = 4;   // pixels the pointer moves before a press becomes a drag

const ui = {
  game: null,          // the server's view of the game (see Session.view)
  config: null,        // the checked URL parameters
  texts: null,         // the page's texts in its language
  number: 0,           // games started on this page before the current one
  pending: new Map(),  // "r,c" -> {slot, letter}: tiles laid this turn, not yet played
  selected: null,      // click input: the rack slot picked up
  exchange: null,      // a Set of marked rack slots while exchanging, else null
  dialog: null,        // the "r,c" of a wildcard waiting for its letter
  press: null,         // the pointer press in progress (see onDown)
  busy: false,         // a call to the server is on its way
};

// ----- small helpers ----------------------------------------------------------------------
function t(key, values) {
  let text = (ui.texts && ui.texts[key]) || key;
  for (const [name, value] of Object.entries(values || {})) {
    text = text.split(`{${name}}`).join(String(value));
  }
  return text;
}
function keyOf(r, c) { return `${r},${c}`; }
function rc(key) { return key.split(",").map(Number); }
function isWild(ch) { return ch !== ch.toUpperCase(); }
function signed(n) { return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0"; }

function slotOnBoard(slot) {
  for (const p of ui.pending.values()) if (p.slot === slot) return true;
  return false;
}
function slotDragged(slot) {
  const p = ui.press;
  return p && p.dragging && p.from === null && p.slot === slot;
}
function squareFree(key) {
  const [r, c] = rc(key);
  return ui.game.board[r][c] === "." && !ui.pending.has(key);
}

// ----- sizes: fit the window, keep the squares on whole device pixels ------------------------
function fit() {
  const u = Math.min(1, window.innerWidth / DESIGN_W, window.innerHeight / DESIGN_H);
  const dpr = window.devicePixelRatio || 1;
  const sq = Math.max(12, Math.round(SQUARE * u * dpr)) / dpr;
  const gap = Math.max(1, Math.round(LINE * u * dpr)) / dpr;
  const root = document.documentElement.style;
  root.setProperty("--u", `${u}px`);
  root.setProperty("--sq", `${sq}px`);
  root.setProperty("--gap", `${gap}px`);
}

// ----- messages -----------------------------------------------------------------------------

function clearTurn() {
  ui.pending.clear();
  ui.selected = null;
  ui.dialog = null;
  ui.press = null;
}

// ----- drawing ------------------------------------------------------------------------------
function tileElement(letter, options) {
  // a tile: its letter (upper case; a star for a wildcard not yet given a letter) and, for a
  // real letter, its value in the bottom right corner
  const tile = document.createElement("div");
  tile.className = "tile";
  for (const name of options.classes || []) tile.classList.add(name);
  const shown = document.createElement("span");
  shown.className = "letter";
  shown.textContent = letter === WILDCARD ? "\u2605" : letter.toUpperCase();
  if (letter === WILDCARD) tile.classList.add("blank");
  tile.append(shown);
  if (options.wild) {
    tile.classList.add("wild");
  } else if (letter !== WILDCARD) {
    const value = document.createElement("span");
    value.className = "value";
    value.textContent = String(ui.game.values[letter.toUpperCase()]);
    tile.append(value);
  }
  return tile;
}

function render() {
  const g = ui.game;
  if (!g) return;
  for (const i of [0, 1]) {
    const panel = $("panel" + i);
    panel.querySelector(".label").textContent = i === 0 ? t("you") : t("computer");
    panel.querySelector(".score").textContent = String(g.scores[i]);
    // a silent ending: nothing says the game is over, the page goes on naming who is next
    const active = g.over ? silent() && g.next === i : g.turn === i;
    panel.classList.toggle("active", active);
    drawMoves(i);
  }
  $("bag").textContent = t("bag", { n: g.bag });

  const turn = $("turn");
  turn.className = "turn";
  if (g.over && silent()) {
    turn.textContent = t(g.next === 1 ? "thinking" : "your_turn");
  } else if (g.over) {
    const kind = g.winner === null ? "draw" : g.winner === 0 ? "won" : "lost";
    turn.classList.add("over", kind);
    turn.textContent = `${t(kind)}  ${g.scores[0]} : ${g.scores[1]}`;
  } else if (g.turn_kind === "computer") {
    turn.textContent = t("thinking");
  } else {
    turn.textContent = t("your_turn");
  }

  drawBoard();
  drawRack();
  drawDialog();
  drawButtons();
}

function drawMoves(panel) {
  const g = ui.game;
  const items = [];
  for (const turn of g.history) {
    if (turn.by !== panel) continue;
    const word = turn.kind === "play" ? turn.word
      : turn.kind === "exchange" ? t("list_exchange") : t("list_pass");
    items.push([word, turn.kind === "play" ? String(turn.score) : ""]);
  }
  if (g.over && g.end.adjustments[panel] !== 0) {
    items.push([t("list_tiles"), signed(g.end.adjustments[panel])]);
  }
  $("moves" + panel).replaceChildren(...items.slice(-22).map(([word, points]) => {
    const item = document.createElement("li");
    const w = document.createElement("span");
    w.className = "word";
    w.textContent = word;
    const p = document.createElement("span");
    p.className = "points";
    p.textContent = points;
    item.append(w, p);
    return item;
  }));
}

function drawBoard() {
  const g = ui.game;
  const last = new Set();
  if (g.last_computer && g.last_computer.kind === "play") {
    for (const [r, c] of g.last_computer.squares) last.add(keyOf(r, c));
  }
  const theirs = new Set();  // theirs=bordered: every tile the computer laid shows a border
  if (ui.config.theirs === "bordered") {
    for (const turn of g.history) {
      if (turn.by === 1 && turn.kind === "play") for (const [r, c] of turn.squares) theirs.add(keyOf(r, c));
    }
  }
  const cells = [];
  for (let r = 0; r < 15; r++) {
    for (let c = 0; c < 15; c++) {
      const key = keyOf(r, c);
      const el = document.createElement("div");
      el.className = "sq";
      el.dataset.r = r;
      el.dataset.c = c;
      const premium = g.premiums[r][c];
      if (premium !== ".") el.classList.add("p-" + premium);
      const ch = g.board[r][c];
      const pending = ui.pending.get(key);
      const dragged = ui.press && ui.press.dragging && ui.press.from === key;
      if (ch !== ".") {
        const classes = last.has(key) ? ["last"] : [];
        if (theirs.has(key)) classes.push("theirs");
        el.append(tileElement(ch, { wild: isWild(ch), classes }));
      } else if (pending && !dragged) {
        const wild = g.rack[pending.slot] === WILDCARD;
        el.append(tileElement(pending.letter || WILDCARD, { wild, classes: ["pending"] }));
      } else {
        drawLabel(el, r, c, premium);
      }
      cells.push(el);
    }
  }
  $("board").replaceChildren(...cells);
}

function drawLabel(el, r, c, premium) {
  if (r === ui.game.start[0] && c === ui.game.start[1]) {
    const star = document.createElement("span");
    star.className = "star";
    star.textContent = "\u2605";
    el.append(star);
    return;
  }
  if (premium === ".") return;
  const label = t(`premium_${ui.config.theme}_${premium}`).split("\n");
  if (label.length === 1) {
    const one = document.createElement("span");
    one.className = "one";
    one.textContent = label[0];
    el.append(one);
    return;
  }
  const big = document.createElement("span");
  big.className = "big";
  big.textContent = label[0];
  const small = document.createElement("span");
  small.className = "small";
  small.textContent = label[1];
  el.append(big, small);
}

function drawRack() {
  const g = ui.game;
  const slots = [];
  for (let i = 0; i < g.rack_size; i++) {
    const slot = document.createElement("div");
    slot.className = "slot";
    slot.dataset.slot = i;
    const letter = g.rack[i];
    if (letter && !slotOnBoard(i) && !slotDragged(i)) {
      const classes = [];
      if (ui.selected === i) classes.push("selected");
      if (ui.exchange && ui.exchange.has(i)) classes.push("marked");
      slot.append(tileElement(letter, { wild: false, classes }));
    }
    slots.push(slot);
  }
  $("rack").replaceChildren(...slots);
}

function drawDialog() {
  const dialog = $("dialog");
  dialog.hidden = ui.dialog === null || ui.config.blank === "prompt";
  if (dialog.hidden) return;
  $("dialog-title").textContent = t("choose_letter");
  $("dialog-cancel").textContent = t("cancel");
  const letters = $("letters");
  const alphabet = ui.game.alphabet;
  letters.style.setProperty("--letter-columns", String(alphabet.length > 26 ? 8 : 7));
  if (letters.dataset.alphabet !== alphabet) {
    letters.dataset.alphabet = alphabet;
    letters.replaceChildren(...[...alphabet].map((letter) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.letter = letter;
      button.textContent = letter;
      button.addEventListener("mousedown", (event) => event.preventDefault());
      return button;
    }));
  }
}

function drawButtons() {
  const exchanging = ui.exchange !== null;
  for (const id of ["play", "recall", "exchange", "pass"]) $(id).hidden = exchanging;
  for (const id of ["swap", "cancel"]) $(id).hidden = !exchanging;
  for (const id of ["play", "recall", "exchange", "swap", "cancel", "pass", "new"]) {
    $(id).textContent = t(id);
  }
  const idle = humanToMove() && ui.dialog === null;
  for (const id of ["play", "recall", "exchange", "pass", "swap", "cancel"]) {
    $(id).disabled = !idle;
  }
  $("new").disabled = false;
}

// ----- talking to the server -------------------------------------------------------------
async function newGame() {
  clearTurn();
  ui.exchange = null;
  say("");
  ui.busy = true;
  let game;
  try {
    game = await call("new", { ...params, game: ui.number });
  } catch (error) {
    ui.busy = false;
    $("turn").textContent = ui.texts ? t("error") : "Ошибка / Error";
    say(error.message, "error");
    return;
  }
  ui.busy = false;
  ui.game = game;
  ui.config = game.config;
  ui.texts = game.texts;
  document.body.classList.remove("loading");
  document.title = game.title;
  document.documentElement.lang = game.config.lang;
  document.body.className = `theme-${ui.config.theme} input-${ui.config.input}`;
  render();
  await computerTurn();
}

async function computerTurn() {
  const g = ui.game;
  if (!g || g.over || g.turn_kind !== "computer") return;
  ui.busy = true;
  render();
  const next = await computerReply((error) => {
    ui.busy = false;
    say(`${t("error")}: ${error.message}`, "error");
  });
  if (!next) return;  // said so, or a new game started meanwhile
  ui.busy = false;
  ui.game = next;
  const last = next.last;
  if (last.kind === "play") say(t("computer_played", { word: last.word, score: last.score }), "info");
  else if (last.kind === "exchange") say(t("computer_exchanged", { n: last.count }), "info");
  else say(t("computer_passed"), "info");
  finished();
  render();
}

function silent() {
  return ui.config && ui.config.ending === "silent";
}

function finished() {
  const g = ui.game;
  if (g.over && !silent()) say(t("end_" + g.end.reason), "info");
}

async function send(action, body) {
  // one of the person's moves; answers the new view, or null when the call failed
  const id = ui.game.id;
  ui.busy = true;
  render();
  let answer;
  try {
    answer = await call(action, { id, ...body });
  } catch (error) {
    ui.busy = false;
    say(`${t("error")}: ${error.message}`, "error");
    render();
    return null;
  }
  ui.busy = false;
  if (!ui.game || ui.game.id !== id) return null;
  return answer;
}

async function submit() {
  if (!humanToMove() || ui.dialog !== null || ui.exchange !== null) return;
  if (ui.pending.size === 0) {
    say(t("reject_empty"), "error");
    return;
  }
  const tiles = [...ui.pending].map(([key, p]) => {
    const [row, col] = rc(key);
    return { slot: p.slot, row, col, letter: p.letter };
  });
  const answer = await send("move", { tiles });
  if (!answer) return;
  ui.game = answer.game;
  if (!answer.ok) {
    say(answer.message, "error");  // the tiles stay on the board until the person recalls them
    render();
    return;
  }
  clearTurn();
  const last = ui.game.last;
  say(t("you_played", { word: last.word, score: last.score }), "info");
  finished();
  render();
  await computerTurn();
}

async function swap() {
  if (!humanToMove() || ui.exchange === null) return;
  if (ui.exchange.size === 0) {
    say(t("exchange_none"), "error");
    return;
  }
  const slots = [...ui.exchange].sort((a, b) => a - b);
  const answer = await send("exchange", { slots });
  if (!answer) return;
  ui.game = answer.game;
  if (!answer.ok) {
    ui.exchange = null;
    say(answer.message, "error");
    render();
    return;
  }
  ui.exchange = null;
  clearTurn();
  say(t("you_exchanged", { n: slots.length }), "info");
  finished();
  render();
  await computerTurn();
}

async function pass() {
  if (!humanToMove() || ui.dialog !== null) return;
  clearTurn();
  ui.exchange = null;
  const answer = await send("pass", {});
  if (!answer) return;
  ui.game = answer;
  say(t("you_passed"), "info");
  finished();
  render();
  await computerTurn();
}

function recall() {
  if (!ui.game || ui.busy) return;
  clearTurn();
  say("");
  render();
}

function startExchange() {
  if (!humanToMove() || ui.dialog !== null) return;
  clearTurn();
  if (!ui.game.can_exchange) {
    say(t("reject_exchange", { n: ui.game.min_exchange }), "error");
    render();
    return;
  }
  ui.exchange = new Set();
  say(t("exchange_hint"), "info");
  render();
}

function cancelExchange() {
  if (ui.exchange === null) return;
  ui.exchange = null;
  say("");
  render();
}

// ----- laying tiles ----------------------------------------------------------------------
function lay(slot, key) {
  // put the rack tile of ``slot`` on the free square ``key``; a wildcard asks for its letter
  const tile = ui.game.rack[slot];
  ui.pending.set(key, { slot, letter: tile === WILDCARD ? null : tile });
  ui.selected = null;
  if (tile === WILDCARD) askLetter(key);
  say("");
}

function askLetter(key) {
  // a wildcard's letter: the page's box of letters, or (blank=prompt) the browser's own
  // prompt() box, asked once the tile is drawn on its square
  ui.dialog = key;
  if (!ui.config || ui.config.blank !== "prompt") return;
  setTimeout(() => {
    if (ui.dialog !== key) return;
    const answer = window.prompt(t("choose_letter"), "");
    const letter = (answer || "").trim().toUpperCase().replace("Ё", "Е");
    if (letter.length === 1 && ui.game.alphabet.includes(letter)) chooseLetter(letter);
    else cancelDialog();
  }, 100);
}

function chooseLetter(letter) {
  if (ui.dialog === null) return;
  const p = ui.pending.get(ui.dialog);
  if (p) p.letter = letter;
  ui.dialog = null;
  render();
}

function cancelDialog() {
  if (ui.dialog === null) return;
  ui.pending.delete(ui.dialog);
  ui.dialog = null;
  render();
}

// ----- input: the pointer ----------------------------------------------------------------
function hit(x, y) {
  // what lies under (x, y): a rack slot, a board square, or nothing
  const el = document.elementFromPoint(x, y);
  if (!el) return null;
  const slot = el.closest(".slot");
  if (slot) return { kind: "slot", slot: Number(slot.dataset.slot) };
  const sq = el.closest(".sq");
  if (sq) return { kind: "square", key: keyOf(Number(sq.dataset.r), Number(sq.dataset.c)) };
  return null;
}

function sameHit(a, b) {
  if (!a || !b || a.kind !== b.kind) return false;
  return a.kind === "slot" ? a.slot === b.slot : a.key === b.key;
}

function onDown(event) {
  if (event.button !== 0 || !humanToMove() || ui.dialog !== null) return;
  const where = hit(event.clientX, event.clientY);
  if (!where) return;
  event.preventDefault();
  const press = { where, x: event.clientX, y: event.clientY, dragging: false, slot: null,
                  from: null, canDrag: false };
  if (ui.config.input === "drag" && ui.exchange === null) {
    if (where.kind === "slot" && ui.game.rack[where.slot] && !slotOnBoard(where.slot)) {
      press.canDrag = true;
      press.slot = where.slot;
    } else if (where.kind === "square" && ui.pending.has(where.key)) {
      press.canDrag = true;
      press.slot = ui.pending.get(where.key).slot;
      press.from = where.key;
    }
  }
  ui.press = press;
}

function onMove(event) {
  const press = ui.press;
  if (!press || !press.canDrag) return;
  const far = Math.hypot(event.clientX - press.x, event.clientY - press.y) >= DRAG_START;
  if (!press.dragging && far) {
    press.dragging = true;
    const letter = press.from ? ui.pending.get(press.from).letter : null;
    const tile = ui.game.rack[press.slot];
    $("ghost").replaceChildren(tileElement(letter || tile,
      { wild: tile === WILDCARD && letter !== null, classes: [] }));
    $("ghost").hidden = false;
    render();
  }
  if (press.dragging) {
    const ghost = $("ghost");
    const size = ghost.getBoundingClientRect();
    ghost.style.left = `${event.clientX - size.width / 2}px`;
    ghost.style.top = `${event.clientY - size.height / 2}px`;
  }
}

function onUp(event) {
  const press = ui.press;
  ui.press = null;
  $("ghost").hidden = true;
  if (!press || !humanToMove()) {
    if (press) render();
    return;
  }
  const where = hit(event.clientX, event.clientY);
  const far = Math.hypot(event.clientX - press.x, event.clientY - press.y) >= DRAG_START;
  if (press.dragging || (press.canDrag && far)) {
    drop(press, where);  // a drag, even one whose pointer jumped with no move on the way
  } else if (sameHit(press.where, where)) {
    tap(where);
  }
  render();
}

function drop(press, where) {
  // a drag ends: on a free square the tile lands there; anywhere else a board tile goes back
  if (where && where.kind === "square" && (where.key === press.from || squareFree(where.key))) {
    if (press.from === null) {
      lay(press.slot, where.key);
    } else if (where.key !== press.from) {
      const p = ui.pending.get(press.from);
      ui.pending.delete(press.from);
      ui.pending.set(where.key, p);
      if (p.letter === null) askLetter(where.key);
      say("");
    }
    return;
  }
  if (press.from !== null) {
    ui.pending.delete(press.from);
    say("");
  }
}

function tap(where) {
  // a press and release on the same place without dragging
  if (ui.exchange !== null) {
    if (where.kind === "slot" && ui.game.rack[where.slot]) {
      if (ui.exchange.has(where.slot)) ui.exchange.delete(where.slot);
      else ui.exchange.add(where.slot);
    }
    return;
  }
  if (where.kind === "slot") {
    if (!ui.game.rack[where.slot] || slotOnBoard(where.slot)) return;
    if (ui.config.input === "click") {
      ui.selected = ui.selected === where.slot ? null : where.slot;
      say("");
    } else {
      say(t("drag_hint"), "info");
    }
    return;
  }
  if (ui.pending.has(where.key)) {
    ui.pending.delete(where.key);  // a tile laid this turn goes back to the rack
    say("");
    return;
  }
  if (ui.config.input === "click" && squareFree(where.key)) {
    if (ui.selected === null) say(t("click_hint"), "info");
    else lay(ui.selected, where.key);
  }
}

// ----- input: keys and buttons -------------------------------------------------------------
function onKey(event) {
  if (event.ctrlKey || event.altKey || event.metaKey || !ui.game) return;
  if (ui.dialog !== null) {
    if (event.key === "Escape") { event.preventDefault(); cancelDialog(); return; }
    const letter = event.key.length === 1 ? event.key.toUpperCase().replace("Ё", "Е") : "";
    if (letter && ui.game.alphabet.includes(letter)) {
      event.preventDefault();
      chooseLetter(letter);
    }
    return;
  }
  if (event.key === "Enter") {
    event.preventDefault();
    if (ui.exchange !== null) swap(); else submit();
  } else if (event.key === "Escape") {
    event.preventDefault();
    if (ui.exchange !== null) cancelExchange(); else recall();
  }
}

function setUp() {
  fit();
  // until the first game comes, only the turn line shows (in the page's language)
  if (String(params.rules || "").toLowerCase() === "scrabble-en") $("turn").textContent = "Loading…";
  window.addEventListener("resize", () => { fit(); });
  document.addEventListener("pointerdown", onDown);
  document.addEventListener("pointermove", onMove);
  document.addEventListener("pointerup", onUp);
  document.addEventListener("pointercancel", () => { ui.press = null; $("ghost").hidden = true; render(); });
  document.addEventListener("keydown", onKey);
  document.addEventListener("contextmenu", (event) => event.preventDefault());
  document.addEventListener("dragstart", (event) => event.preventDefault());
  // buttons never take the keyboard focus, so Enter always means "play the move"
  for (const button of document.querySelectorAll("button")) {
    button.addEventListener("mousedown", (event) => event.preventDefault());
  }
  $("letters").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (button) chooseLetter(button.dataset.letter);
  });
  $("dialog-cancel").addEventListener("click", cancelDialog);
  $("play").addEventListener("click", submit);
  $("recall").addEventListener("click", recall);
  $("exchange").addEventListener("click", startExchange);
  $("swap").addEventListener("click", swap);
  $("cancel").addEventListener("click", cancelExchange);
  $("pass").addEventListener("click", pass);
  $("new").addEventListener("click", () => { ui.number += 1; newGame(); });
  newGame();
}

setUp();
