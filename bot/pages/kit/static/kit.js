// gamebot pages: what both of our game pages share, loaded before the game's own script
// (bot/pages/kit/static/, served at /<game>/kit/). A page is served at /<game>/ and calls its
// server at /api/<game>/<action> (bot/pages/kit/server.py).
"use strict";

const API = "/api/" + location.pathname.split("/")[1] + "/";
const params = Object.fromEntries(new URLSearchParams(location.search));
const $ = (id) => document.getElementById(id);

function sleep(ms) { return new Promise((done) => setTimeout(done, ms)); }

async function call(action, body) {
  const answer = await fetch(API + action, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await answer.json();
  if (!answer.ok) throw new Error(data.error || `HTTP ${answer.status}`);
  return data;
}

// The game's script keeps `ui` (the server's view of the game and what the page is doing).
function humanToMove() {
  return ui.game && !ui.game.over && !ui.busy && ui.game.turn_kind === "human";
}

function say(text, kind) {
  const box = $("message");
  box.textContent = text || "";
  box.className = "message" + (kind ? " " + kind : "");
}

// The computer's reply to the game in hand, shown no sooner than the page's think time after
// it was asked; null when the call failed (told to `failed`) or a new game started meanwhile.
async function computerReply(failed) {
  const id = ui.game.id;
  const started = performance.now();
  let next;
  try {
    next = await call("reply", { id });
  } catch (error) {
    failed(error);
    return null;
  }
  const left = ui.config.think - (performance.now() - started);
  if (left > 0) await sleep(left);
  return ui.game && ui.game.id === id ? next : null;
}
