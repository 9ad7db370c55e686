// gamebot Балда: the page side. The server (bot/pages/balda/game.py) keeps the game and checks
// every move; this file shows the position and turns clicks, drags and keys into moves.
"use strict";
// $, params, API, sleep, call, say, humanToMove and computerReply come from kit/kit.js (loaded first).

const ui = {
  game: null,        // the server's view of the game (see Session.view)
  config: null,      // the checked URL parameters
  number: 0,         // games started on this page before the current one
  target: null,      // [r, c] of the empty cell the person is placing into
  letter: null,      // the tentative letter (upper case)
  path: [],          // [[r, c], ...] the word's cells in order
  dragging: false,
  busy: false,       // a call to the server is on its way
  thinking: false,   // the computer is choosing its move
};

// ----- small helpers ----------------------------------------------------------------------
function shown(text) {
  // night theme writes letters in lower case, the others in upper case
  return ui.config && ui.config.theme === "night" ? text.toLowerCase() : text.toUpperCase();
}

function same(a, b) { return a && b && a[0] === b[0] && a[1] === b[1]; }
function adjacent(a, b) { return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1; }
function inPath(cell) { return ui.path.some((p) => same(p, cell)); }
function letterAt(cell) {
  if (same(cell, ui.target)) return ui.letter;
  return ui.game.grid[cell[0]][cell[1]] || null;
}
function touchesLetter(cell) {
  const n = ui.game.size;
  return [[-1, 0], [1, 0], [0, -1], [0, 1]].some(([dr, dc]) => {
    const r = cell[0] + dr, c = cell[1] + dc;
    return r >= 0 && r < n && c >= 0 && c < n && ui.game.grid[r][c];
  });
}
function normalise(key) {
  let letter = key.toUpperCase();
  if (ui.config.lang === "ru" && ui.config.yo !== "letter") letter = letter.replace("Ё", "Е");
  return letter;
}

// ----- messages -----------------------------------------------------------------------------

function clearMove() {
  ui.target = null;
  ui.letter = null;
  ui.path = [];
  ui.dragging = false;
}

// ----- drawing ------------------------------------------------------------------------------
function render() {
  const g = ui.game;
  if (!g) return;
  const hotseat = ui.config.mode === "hotseat";
  for (const i of [0, 1]) {
    const panel = $("panel" + i);
    panel.querySelector(".label").textContent = g.labels[i];
    panel.querySelector(".score").textContent = String(g.scores[i]);
    panel.classList.toggle("active", g.over && ui.config.ending === "silent" ? g.next === i
      : !g.over && g.turn === i);
    const list = $("words" + i);
    list.replaceChildren(...g.words.filter((w) => w.by === i).map((w) => {
      const item = document.createElement("li");
      const word = document.createElement("span");
      word.textContent = shown(w.word);
      const points = document.createElement("span");
      points.className = "points";
      points.textContent = String(w.word.length);
      item.append(word, points);
      return item;
    }));
  }

  const turn = $("turn");
  turn.className = "turn";
  const silent = ui.config.ending === "silent";  // nothing on the page says the game is over
  if (g.over && silent) {
    turn.textContent = hotseat ? `Ход: ${g.labels[g.next]}`
      : g.kinds[g.next] === "computer" ? "Ходит компьютер…" : "Ваш ход";
  } else if (g.over) {
    let text = "Ничья", kind = "draw";
    if (g.winner !== null) {
      if (hotseat) { text = `Победил ${g.labels[g.winner]}`; kind = "won"; }
      else if (g.winner === 0) { text = "Вы победили"; kind = "won"; }
      else { text = "Победил компьютер"; kind = "lost"; }
    }
    turn.classList.add("over", kind);
    const main = document.createElement("span");
    main.textContent = text;
    const score = document.createElement("span");
    score.className = "final";
    score.textContent = `${g.scores[0]} : ${g.scores[1]}`;
    turn.replaceChildren(main, score);
  } else if (g.turn_kind === "computer") {
    turn.textContent = "Ходит компьютер…";
  } else {
    turn.textContent = hotseat ? `Ход: ${g.labels[g.turn]}` : "Ваш ход";
  }

  drawBoard();
  drawPalette();
  const idle = !g.over && !ui.busy && g.turn_kind === "human";
  $("submit").disabled = !idle;
  $("cancel").disabled = !idle;
  $("pass").disabled = !idle;
  $("footer").textContent = canvasTheme() ? `Игра ${g.number + 1}`
    : `Начальное слово: ${shown(g.start_word)} · игра ${g.number + 1}`;
}

function played(who, word) {
  // the line under the board after a move; the canvas theme writes no word in the markup
  return canvasTheme() ? `${who}: +${word.length}` : `${who}: ${shown(word)} (+${word.length})`;
}

function canvasTheme() { return ui.config && ui.config.theme === "canvas"; }

function drawBoard() {
  const g = ui.game;
  const board = $("board");
  if (canvasTheme()) { drawCanvasBoard(board); return; }  // balda-canvas.js
  board.style.setProperty("--n", String(g.size));
  // the opponent's last word (the computer's, or in hot-seat the other person's)
  const last = opponentLast();
  const cells = [];
  for (let r = 0; r < g.size; r++) {
    for (let c = 0; c < g.size; c++) {
      const cell = [r, c];
      const el = document.createElement("div");
      el.className = "cell";
      el.dataset.r = r;
      el.dataset.c = c;
      const letter = g.grid[r][c];
      if (letter) el.classList.add("filled");
      if (last) {
        if (same(cell, g.last.cell)) el.classList.add("last-new");
        else if (g.last.path.some((p) => same(p, cell))) el.classList.add("last");
      }
      if (same(cell, ui.target)) el.classList.add("target");
      if (inPath(cell)) el.classList.add("path");
      const text = letter || (same(cell, ui.target) ? ui.letter : null);
      el.textContent = text ? shown(text) : "";
      cells.push(el);
    }
  }
  board.replaceChildren(...cells);
  if (ui.config.overlay === "path" && g.last && !g.last.pass) drawPathArrows(board, cells);
}

function drawPathArrows(board, cells) {
  // overlay=path: the last word's path as arrows over its letters, until the next move
  // (markup, so the HTML parser gives it the SVG namespace: the page names no URL)
  const g = ui.game;
  const centre = ([r, c]) => {
    const el = cells[r * g.size + c];
    return [el.offsetLeft + el.offsetWidth / 2, el.offsetTop + el.offsetHeight / 2];
  };
  const points = g.last.path.map(centre);
  const pairs = (list) => list.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" ");
  const heads = [];
  const size = board.clientWidth / g.size / 6;
  for (let i = 1; i < points.length; i++) {  // an arrowhead at the middle of each step
    const [[x0, y0], [x1, y1]] = [points[i - 1], points[i]];
    const [mx, my, a] = [(x0 + x1) / 2, (y0 + y1) / 2, Math.atan2(y1 - y0, x1 - x0)];
    const tip = (d, w) => [mx + Math.cos(a) * d - Math.sin(a) * w,
      my + Math.sin(a) * d + Math.cos(a) * w];
    heads.push(`<polygon points="${pairs([tip(size, 0), tip(-size, size * 0.8),
      tip(-size, -size * 0.8)])}"/>`);
  }
  board.insertAdjacentHTML("beforeend",
    `<svg class="arrows" width="${board.clientWidth}" height="${board.clientHeight}">` +
    `<polyline points="${pairs(points)}"/>${heads.join("")}</svg>`);
}

function opponentLast() {
  // the computer's last word is shown on the board; in hot-seat, the last word of either person
  const g = ui.game;
  if (!g.last || g.last.pass) return false;
  return ui.config.mode === "hotseat" || g.kinds[g.last.by] === "computer";
}

function drawPalette() {
  const palette = $("palette");
  if (canvasTheme()) { drawCanvasPalette(palette); return; }  // balda-canvas.js
  const letters = ui.game.alphabet;
  const columns = letters.length > 32 ? 11 : letters.length > 27 ? 8 : 9;
  palette.style.setProperty("--palette-columns", String(columns));
  if (palette.dataset.letters !== letters + ui.config.theme) {
    palette.dataset.letters = letters + ui.config.theme;
    palette.replaceChildren(...[...letters].map((letter) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.letter = letter;
      button.textContent = shown(letter);
      return button;
    }));
  }
  for (const button of palette.children) {
    button.classList.toggle("chosen", button.dataset.letter === ui.letter && ui.target !== null);
    button.disabled = !(ui.game && !ui.game.over && ui.game.turn_kind === "human");
  }
}

// ----- talking to the server -------------------------------------------------------------
async function newGame() {
  clearMove();
  say("");
  ui.busy = true;
  let game;
  try {
    game = await call("new", { ...params, game: ui.number });
  } catch (error) {
    ui.busy = false;
    $("turn").textContent = "Ошибка";
    say(error.message, "error");
    return;
  }
  ui.busy = false;
  ui.game = game;
  ui.config = game.config;
  document.body.className =
    `theme-${ui.config.theme} input-${ui.config.input} size-${ui.config.size}`;
  say("");
  render();
  await computerTurn();
}

async function computerTurn() {
  const g = ui.game;
  if (!g || g.over || g.turn_kind !== "computer") return;
  ui.busy = true;
  ui.thinking = true;
  render();
  const next = await computerReply((error) => {
    ui.busy = ui.thinking = false;
    say("Ошибка: " + error.message, "error");
  });
  if (!next) return;  // said so, or a new game started meanwhile
  ui.busy = ui.thinking = false;
  ui.game = next;
  const last = next.last;
  if (last) {
    if (last.pass) say("Компьютер пропустил ход", "info");
    else say(played("Компьютер", last.word), "info");
  }
  finished();
  render();
}

function finished() {
  const g = ui.game;
  if (!g.over || ui.config.ending === "silent") return;
  say(g.end_reason === "full" ? "Игра окончена: поле заполнено"
    : "Игра окончена: ходы пропущены подряд", "info");
}

function askToAdd(word) {
  // An in-page box over the game, as some sites ask about a word they do not know.
  return new Promise((resolve) => {
    const box = $("ask");
    $("ask-text").textContent = `Такого слова мы не знаем: «${shown(word)}». Добавить его в словарь?`;
    box.hidden = false;
    const answer = (add) => () => { box.hidden = true; resolve(add); };
    $("ask-yes").onclick = answer(true);
    $("ask-no").onclick = answer(false);
  });
}

async function submit() {
  if (!humanToMove()) return;
  if (!ui.target || !ui.letter || ui.path.length === 0) {
    say(!ui.target ? "Выберите пустую клетку рядом с буквой"
      : !ui.letter ? "Выберите букву" : "Выберите клетки слова по порядку", "info");
    return;
  }
  const id = ui.game.id;
  const who = ui.game.turn;
  ui.busy = true;
  render();
  let answer;
  try {
    answer = await call("move", { id, cell: ui.target, letter: ui.letter, path: ui.path });
    if (!answer.ok && answer.ask) {  // unknown=ask: the person decides whether to add it
      ui.busy = false;
      render();
      const add = await askToAdd(answer.word);
      ui.busy = true;
      render();
      if (add) {
        answer = await call("move",
          { id, cell: ui.target, letter: ui.letter, path: ui.path, add: true });
      }
    }
  } catch (error) {
    ui.busy = false;
    say("Ошибка: " + error.message, "error");
    render();
    return;
  }
  ui.busy = false;
  if (!ui.game || ui.game.id !== id) return;
  ui.game = answer.game;
  if (!answer.ok) {
    say(answer.message, "error");  // the letter and the path stay until the person cancels
    render();
    return;
  }
  const word = answer.game.words[answer.game.words.length - 1].word;
  say(played(ui.game.labels[who], word), "info");
  clearMove();
  finished();
  render();
  await computerTurn();
}

async function pass() {
  if (!humanToMove()) return;
  const id = ui.game.id;
  const who = ui.game.turn;
  clearMove();
  ui.busy = true;
  try {
    ui.game = await call("pass", { id });
  } catch (error) {
    ui.busy = false;
    say("Ошибка: " + error.message, "error");
    render();
    return;
  }
  ui.busy = false;
  say(ui.config.mode === "hotseat" ? `${ui.game.labels[who]} пропускает ход`
    : "Вы пропустили ход", "info");
  finished();
  render();
  await computerTurn();
}

function cancel() {
  if (!ui.game || ui.busy) return;
  clearMove();
  say("");
  render();
}

// ----- input: cells ------------------------------------------------------------------------
function cellAt(x, y, inner) {
  // the cell under (x, y); with ``inner`` only its middle part counts, so a drag that grazes a
  // corner on its way does not pick up a neighbour
  if (canvasTheme()) return canvasCellAt(x, y, inner);
  for (const el of $("board").children) {
    const box = el.getBoundingClientRect();
    const mx = inner ? box.width * 0.18 : 0, my = inner ? box.height * 0.18 : 0;
    if (x >= box.left + mx && x < box.right - mx && y >= box.top + my && y < box.bottom - my) {
      return [Number(el.dataset.r), Number(el.dataset.c)];
    }
  }
  return null;
}

function chooseTarget(cell) {
  if (!touchesLetter(cell)) return;
  clearMove();
  ui.target = cell;
  say("");
}

function onBoardDown(event) {
  if (event.button !== 0 || !humanToMove()) return;
  // no preventDefault here: the press must still give the page the keyboard focus
  const cell = cellAt(event.clientX, event.clientY, false);
  if (!cell) return;
  const letter = letterAt(cell);
  if (!letter) {
    if (!same(cell, ui.target)) chooseTarget(cell);
    render();
    return;
  }
  if (ui.config.input === "palette-drag") {
    ui.path = [cell];
    ui.dragging = true;
    say("");
    $("board").setPointerCapture(event.pointerId);
  } else {
    clickPath(cell);
  }
  render();
}

function clickPath(cell) {
  const last = ui.path[ui.path.length - 1];
  if (ui.path.length === 0) ui.path = [cell];
  else if (same(cell, last)) ui.path.pop();
  else if (!inPath(cell) && adjacent(cell, last)) ui.path.push(cell);
  else return;
  say("");
}

function onBoardMove(event) {
  if (!ui.dragging) return;
  const cell = cellAt(event.clientX, event.clientY, true);
  if (!cell) return;
  const last = ui.path[ui.path.length - 1];
  if (same(cell, last)) return;
  if (ui.path.length > 1 && same(cell, ui.path[ui.path.length - 2])) {
    ui.path.pop();  // dragging back undoes a step
  } else if (!inPath(cell) && adjacent(cell, last) && letterAt(cell)) {
    ui.path.push(cell);
  } else {
    return;
  }
  render();
}

function onBoardUp() {
  if (!ui.dragging) return;
  ui.dragging = false;
  if (ui.path.length >= 2) {
    submit();
  } else {
    ui.path = [];
    render();
  }
}

// ----- input: palette, keys, buttons -------------------------------------------------------
function onPalette(event) {
  const letter = canvasTheme() ? canvasKeyAt(event.clientX, event.clientY)
    : event.target.closest("button")?.dataset.letter;
  if (!letter || !humanToMove() || !ui.target) return;
  ui.letter = letter;
  ui.path = [];
  say("");
  render();
}

function onKey(event) {
  if (event.ctrlKey || event.altKey || event.metaKey) return;
  if (event.key === "Escape") { event.preventDefault(); cancel(); return; }
  if (event.key === "Enter") { event.preventDefault(); submit(); return; }
  if (!humanToMove()) return;
  if (event.key === "Backspace") {
    event.preventDefault();
    if (ui.path.length) ui.path.pop();
    else if (ui.config.input === "type-click") ui.letter = null;
    say("");
    render();
    return;
  }
  if (ui.config.input !== "type-click" || event.key.length !== 1) return;
  if (!/\p{L}/u.test(event.key)) return;
  event.preventDefault();
  if (!ui.target) { say("Сначала выберите пустую клетку рядом с буквой", "info"); return; }
  const letter = normalise(event.key);
  if (!ui.game.alphabet.includes(letter)) {
    say(`Буквы «${event.key}» нет в алфавите`, "error");
    return;
  }
  ui.letter = letter;
  ui.path = [];
  say("");
  render();
}

function setUp() {
  const board = $("board");
  board.addEventListener("pointerdown", onBoardDown);
  board.addEventListener("pointermove", onBoardMove);
  board.addEventListener("pointercancel", onBoardUp);
  window.addEventListener("pointerup", onBoardUp);
  $("palette").addEventListener("click", onPalette);
  document.addEventListener("keydown", onKey);
  // buttons never take the keyboard focus, so Enter always means "submit the word"
  for (const button of document.querySelectorAll("button, .palette")) {
    button.addEventListener("mousedown", (event) => event.preventDefault());
  }
  $("submit").addEventListener("click", submit);
  $("cancel").addEventListener("click", cancel);
  $("pass").addEventListener("click", pass);
  $("new").addEventListener("click", () => { ui.number += 1; newGame(); });
  board.addEventListener("contextmenu", (event) => event.preventDefault());
  window.addEventListener("resize", () => render());  // the canvas theme draws to size
  newGame();
}

setUp();
