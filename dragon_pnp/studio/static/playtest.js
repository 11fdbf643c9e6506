// dragon-pnp studio, Playtest tab: deals and plays the studio's game through the engine's own
// interface (the server offers the legal actions; the page only shows them and sends clicks).
"use strict";

let play = null;   // the latest playtest state from the server

async function playRequest(path, body) {
  const options = body === undefined ? {} :
    { method: "POST", headers: { "Content-Type": "application/json", "X-Studio": "1" }, body: JSON.stringify(body) };
  const response = await fetch(path, options);
  const answer = await response.json();
  const error = $("play-error");
  error.hidden = !answer.error;
  error.textContent = answer.error || "";
  if (!answer.error) showPlay(answer);
  return answer;
}

function showPlay(state) {
  play = state;
  $("play-why").hidden = state.playable !== false;
  $("play-why").textContent = state.why || "";
  $("play-setup").hidden = state.playable === false;
  if (state.playable === false) { $("play-game").hidden = true; return; }
  fillSetup(state);
  $("play-undo").disabled = !state.can_undo;
  $("play-save").hidden = !state.started;
  $("play-game").hidden = !state.started;
  document.body.dataset.playMoves = state.started ? String(state.moves) : "";
  if (!state.started) return;
  $("play-board").innerHTML = state.board || "";
  if (!state.board) $("play-board").append(el("pre", "play-view", JSON.stringify(state.view, null, 1)));
  showTurn(state);
  showActions(state);
  $("play-log").replaceChildren(...state.log.map((entry) => {
    const li = el("li", "", entry.text);
    if (entry.events.length) li.append(el("div", "play-events", entry.events.join(" · ")));
    return li;
  }));
  $("play-log").scrollTop = $("play-log").scrollHeight;
}

function fillSetup(state) {
  const players = $("play-players");
  if (!players.options.length) {
    for (const n of state.player_counts) players.append(new Option(String(n), String(n), false, n === state.players));
    players.addEventListener("change", () => seatChoices(play));
    $("play-players-label").hidden = state.player_counts.length < 2;
    const setups = $("play-setup-choice");
    for (const s of state.setups) setups.append(new Option(s, s));
    $("play-setup-label").hidden = state.setups.length === 0;
    seatChoices(state);
  }
}

function seatChoices(state) {
  const count = Number($("play-players").value);
  const names = state.seat_names[count] || [];
  const box = $("play-seats");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren(...names.map((name, i) => {
    const label = el("label", "", `${i + 1} ${name} `);
    const select = el("select");
    select.dataset.seat = String(i + 1);
    for (const p of state.policies) select.append(new Option(p, p));
    select.value = before[i] || (i === 0 ? "person" : state.policies[state.policies.length - 1]);
    label.append(select);
    return label;
  }));
}

function showTurn(state) {
  const turn = $("play-turn");
  const hidden = $("play-hidden");
  if (state.result) {
    const winners = state.result.winners.map((s) => `${state.seat_noun} ${s} (${state.names[s - 1]})`).join(" and ");
    turn.textContent = `Game over after ${state.result.rounds} rounds (${state.result.reason}): ` + (winners ? `${winners} won` : "a draw");
    turn.dataset.over = "true";
  } else {
    turn.textContent = `${state.seat_noun} ${state.decider} (${state.decider_name}) decides: ${state.decision}` +
      (state.controllers[state.decider - 1] !== "person" ? ` (played by ${state.controllers[state.decider - 1]})` : "");
    turn.dataset.over = "false";
  }
  const others = state.committed.filter((s) => s !== state.decider);
  hidden.hidden = others.length === 0;
  hidden.textContent = others.length ? `${others.map((s) => `${state.seat_noun} ${s}`).join(", ")} has chosen; the choice stays hidden until every deciding seat has chosen.` : "";
  if (state.note) { hidden.hidden = false; hidden.textContent = state.note; }
  if (state.stale) { hidden.hidden = false; hidden.textContent += " The data changed since this game was dealt: deal a new game to play it."; }
}

function showActions(state) {
  $("play-actions").replaceChildren(...state.legal.map((action) => {
    const button = el("button", "play-action", action);
    button.type = "button";
    button.dataset.action = action;
    button.addEventListener("click", () => playRequest("/api/play/act", { action }));
    return button;
  }));
}

function newGame() {
  const controllers = [...$("play-seats").querySelectorAll("select")].map((s) => s.value);
  const body = { seed: Number($("play-seed").value || 0), controllers };
  if (!$("play-players-label").hidden) body.players = Number($("play-players").value);
  if (!$("play-setup-label").hidden) body.setup = $("play-setup-choice").value;
  return playRequest("/api/play/new", body);
}

$("play-new").addEventListener("click", newGame);
$("play-undo").addEventListener("click", () => playRequest("/api/play/undo", {}));
for (const b of document.querySelectorAll('.tabs button[data-tab="play"]')) b.addEventListener("click", () => playRequest("/api/play"));
if (location.hash === "#play") playRequest("/api/play");
