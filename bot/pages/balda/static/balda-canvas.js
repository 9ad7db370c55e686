// gamebot Балда, theme=canvas: the grid and the letter palette drawn on <canvas> elements in a
// serif italic (Liberation Serif), letters coloured by who placed them, as some sites draw
// them: no text in the page's markup says which letter a cell holds, and the look is one no
// glyph bank of ours was made from. Loaded after balda.js; uses its `ui`, `same`, `inPath`.
"use strict";

const CANVAS_FONT = '"Liberation Serif", "DejaVu Serif", serif';
const INK = { start: "#2b1a0e", 0: "#1d3c78", 1: "#8a1c1c" };  // letters by who placed them
const PALETTE_COLUMNS = 11;

function canvasIn(holder, width, height) {
  // one canvas filling ``holder``, sharp at any device scale factor (drawn in CSS pixels)
  let canvas = holder.querySelector("canvas");
  if (!canvas) {
    canvas = document.createElement("canvas");
    holder.replaceChildren(canvas);
  }
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
  }
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext("2d");
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  return ctx;
}

function roundedRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function unit() {
  // one design pixel in CSS pixels: the page's --u (balda.css), so the canvas scales alike
  return Math.min(1, window.innerWidth / 920, window.innerHeight / 750);
}

function canvasGeometry() {
  const g = ui.game;
  const u = unit();
  const cell = Math.round((g.size === 5 ? 56 : g.size === 6 ? 48 : 42) * u);
  const frame = Math.round(6 * u);
  const gap = Math.max(1, Math.round(3 * u));
  return { cell, frame, gap, side: frame * 2 + g.size * cell };
}

function owners() {
  // who placed each letter: "start", 0 or 1 (the panels), from the words in play order
  const g = ui.game;
  const by = {};
  for (let c = 0; c < g.size; c++) by[`${(g.size - 1) >> 1},${c}`] = "start";
  for (const placed of g.placed || []) by[`${placed.cell[0]},${placed.cell[1]}`] = placed.by;
  return by;
}

function drawCanvasBoard(board) {
  const g = ui.game;
  const { cell, frame, gap, side } = canvasGeometry();
  board.style.width = `${side}px`;
  board.style.height = `${side}px`;
  const ctx = canvasIn(board, side, side);
  ctx.fillStyle = "#6b4423";  // the wooden frame and the grooves between the cells
  roundedRect(ctx, 0, 0, side, side, frame * 1.5);
  ctx.fill();
  const by = owners();
  const last = opponentLast() ? g.last : null;
  for (let r = 0; r < g.size; r++) {
    for (let c = 0; c < g.size; c++) {
      const here = [r, c];
      const x = frame + c * cell + gap / 2, y = frame + r * cell + gap / 2, w = cell - gap;
      let face = "#f3e6c4";
      if (last && same(here, last.cell)) face = "#cfe0f7";
      else if (last && last.path.some((p) => same(p, here))) face = "#e3ecf7";
      if (same(here, ui.target)) face = inPath(here) ? "#a9dc8c" : "#ffd45a";
      else if (inPath(here)) face = "#c2e8ae";
      ctx.fillStyle = face;
      roundedRect(ctx, x, y, w, w, gap * 1.5);
      ctx.fill();
      const letter = g.grid[r][c] || (same(here, ui.target) ? ui.letter : null);
      if (!letter) continue;
      const owner = by[`${r},${c}`];
      ctx.fillStyle = same(here, ui.target) ? "#5a4a3a" : INK[owner === undefined ? "start" : owner];
      ctx.font = `italic bold ${Math.round(cell * 0.6)}px ${CANVAS_FONT}`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(shown(letter), x + w / 2, y + w / 2 + cell * 0.03);
    }
  }
  if (ui.config.overlay === "path" && g.last && !g.last.pass) {
    const centre = ([r, c]) => [frame + (c + 0.5) * cell, frame + (r + 0.5) * cell];
    drawArrows(ctx, g.last.path.map(centre), cell);
  }
}

function drawArrows(ctx, points, cell) {
  // overlay=path on the canvas: the last word's path, an arrowhead at the middle of each step
  ctx.strokeStyle = "rgba(200, 30, 30, 0.75)";
  ctx.fillStyle = "rgba(200, 30, 30, 0.9)";
  ctx.lineWidth = cell / 11;
  ctx.lineCap = ctx.lineJoin = "round";
  ctx.beginPath();
  points.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
  ctx.stroke();
  const size = cell / 6;
  for (let i = 1; i < points.length; i++) {
    const [[x0, y0], [x1, y1]] = [points[i - 1], points[i]];
    const [mx, my, a] = [(x0 + x1) / 2, (y0 + y1) / 2, Math.atan2(y1 - y0, x1 - x0)];
    const tip = (d, w) => [mx + Math.cos(a) * d - Math.sin(a) * w, my + Math.sin(a) * d + Math.cos(a) * w];
    ctx.beginPath();
    [tip(size, 0), tip(-size, size * 0.8), tip(-size, -size * 0.8)].forEach(([x, y], i) =>
      (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.closePath();
    ctx.fill();
  }
}

function canvasCellAt(x, y, inner) {
  // the cell under the client point (x, y), as cellAt does for the markup board
  const canvas = $("board").querySelector("canvas");
  if (!canvas) return null;
  const box = canvas.getBoundingClientRect();
  const { cell, frame } = canvasGeometry();
  const cx = x - box.left - frame, cy = y - box.top - frame;
  const c = Math.floor(cx / cell), r = Math.floor(cy / cell);
  if (r < 0 || c < 0 || r >= ui.game.size || c >= ui.game.size) return null;
  const m = inner ? cell * 0.18 : 0;
  const fx = cx - c * cell, fy = cy - r * cell;
  if (fx < m || fx >= cell - m || fy < m || fy >= cell - m) return null;
  return [r, c];
}

function paletteGeometry() {
  const u = unit();
  const key = Math.round(38 * u), pitch = Math.round(43 * u);
  const rows = Math.ceil(ui.game.alphabet.length / PALETTE_COLUMNS);
  return { key, pitch, width: PALETTE_COLUMNS * pitch, height: rows * pitch };
}

function drawCanvasPalette(palette) {
  const letters = ui.game.alphabet;
  const { key, pitch, width, height } = paletteGeometry();
  palette.style.width = `${width}px`;
  palette.style.height = `${height}px`;
  const ctx = canvasIn(palette, width, height);
  const enabled = !ui.game.over && ui.game.turn_kind === "human";
  [...letters].forEach((letter, i) => {
    const x = (i % PALETTE_COLUMNS) * pitch + 1, y = Math.floor(i / PALETTE_COLUMNS) * pitch + 1;
    roundedRect(ctx, x, y, key, key, key / 5);
    ctx.fillStyle = letter === ui.letter && ui.target !== null ? "#ffd45a" : "#fbf4e2";
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = "#6b4423";
    ctx.stroke();
    ctx.fillStyle = enabled ? INK.start : "#9b8f80";
    ctx.font = `italic bold ${Math.round(key * 0.6)}px ${CANVAS_FONT}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(shown(letter), x + key / 2, y + key / 2 + key * 0.03);
  });
}

function canvasKeyAt(x, y) {
  // the palette letter under the client point (x, y), or null
  const canvas = $("palette").querySelector("canvas");
  if (!canvas) return null;
  const box = canvas.getBoundingClientRect();
  const { key, pitch } = paletteGeometry();
  const px = x - box.left - 1, py = y - box.top - 1;
  const col = Math.floor(px / pitch), row = Math.floor(py / pitch);
  if (px - col * pitch > key || py - row * pitch > key || col >= PALETTE_COLUMNS) return null;
  return ui.game.alphabet[row * PALETTE_COLUMNS + col] || null;
}
