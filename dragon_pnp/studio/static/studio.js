// dragon-pnp studio: shows the state the server pushes (server-sent events) and sends the few
// actions a designer takes. No framework, nothing fetched from outside this machine.
"use strict";

const $ = (id) => document.getElementById(id);
let preview = null;      // the latest preview state
let balance = null;      // the latest balance state
let viewerIndex = -1;    // page shown large, as an index into allPages()

// --- talking to the server ------------------------------------------------------------------

function connect() {
  const events = new EventSource("/api/events");
  events.addEventListener("state", (e) => showPreview(JSON.parse(e.data)));
  events.addEventListener("balance", (e) => showBalance(JSON.parse(e.data)));
  events.addEventListener("tune", (e) => showTune(JSON.parse(e.data)));
  events.addEventListener("since", (e) => showSince(JSON.parse(e.data)));
  events.onerror = () => setStatus("starting", "Reconnecting to the studio…");
}

async function act(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json", "X-Studio": "1" }, body: JSON.stringify(body || {}),
  });
  return response.json();
}

// --- the preview -----------------------------------------------------------------------------

function showPreview(state) {
  preview = state;
  document.title = `${state.game.name || "dragon-pnp"} · studio`;
  $("game-name").textContent = state.game.name || "Studio";
  for (const b of document.querySelectorAll("[data-paper]")) b.setAttribute("aria-pressed", String(b.dataset.paper === state.settings.paper));
  for (const b of document.querySelectorAll("[data-duplex]")) b.setAttribute("aria-pressed", String(b.dataset.duplex === String(state.settings.duplex)));
  showStatus(state);
  showLanguage(state.language || {}, state.settings.language || "");
  showProblems(state.problems);
  showDocuments(state.documents);
  showGallery(state.cards);
  showFiles(state.output);
  const pages = state.documents.reduce((n, d) => n + d.pages.length, 0);
  $("count-pages").textContent = pages ? `(${pages})` : "";
  $("count-cards").textContent = state.cards.length ? `(${state.cards.length})` : "";
  const changed = state.changed.length;
  $("changes").innerHTML = state.status === "error" ? "" :
    changed ? `<strong>${changed} changed</strong> in the last rebuild` : (state.rebuild > 1 ? "nothing changed in the last rebuild" : "");
  document.body.dataset.rebuild = state.rebuild;
  document.body.dataset.status = state.status;
}

// The language menu lists the game's lang/ files; the chosen one's problems and fit table show
// above the pages and follow each save of lang/<code>.yaml.
function showLanguage(language, chosen) {
  const codes = language.languages || [];
  $("language-pick").hidden = codes.length === 0;
  const select = $("language");
  const wanted = ["", ...codes].join(",");
  if (select.dataset.codes !== wanted) {
    select.replaceChildren(...["", ...codes].map(code => {
      const option = document.createElement("option");
      option.value = code;
      option.textContent = code || "game's own";
      return option;
    }));
    select.dataset.codes = wanted;
  }
  select.value = chosen;
  const section = $("translation");
  section.hidden = !chosen || language.code !== chosen;
  if (section.hidden) return;
  $("translation-code").textContent = chosen;
  const problems = language.problems || [], fit = language.fit || [];
  const overflowing = fit.filter(row => row.state !== "fits").length;
  $("translation-note").textContent = `· ${problems.length} key problem${problems.length === 1 ? "" : "s"}, ` +
    `${fit.length - overflowing} of ${fit.length} cards fit` + (language.machine_unreviewed ? " · machine-unreviewed" : "");
  $("translation-problems").replaceChildren(...problems.map(p => {
    const item = document.createElement("li");
    item.textContent = p.text;
    return item;
  }));
  $("fit-table").tBodies[0].replaceChildren(...fit.map(row => {
    const line = document.createElement("tr");
    line.dataset.state = row.state;
    for (const text of [row.card, row.cell, row.where]) {
      const cell = document.createElement("td");
      cell.textContent = text;
      line.append(cell);
    }
    return line;
  }));
}

function showStatus(state) {
  const t = state.timings;
  if (state.status === "error") return setStatus("error", `${state.problems.length} problem${state.problems.length === 1 ? "" : "s"} in the data`);
  if (state.status === "building") {
    const stage = { cards: "cards", pieces: "tiles, board and extras", rulebook: "rulebook" }[state.stage] || (state.stage || "").replace(/^output: /, "writing the kit: ");
    return setStatus("building", `Rebuilding: ${stage}…`);
  }
  if (state.status === "ready") {
    const parts = [];
    if (t.cards !== undefined) parts.push(`cards in ${t.cards.toFixed(2)} s`);
    if (t.pieces !== undefined) parts.push(`all pages in ${t.pieces.toFixed(2)} s`);
    return setStatus("ready", `Up to date${parts.length ? " · " + parts.join(", ") : ""}`);
  }
  setStatus("starting", "Starting…");
}

function setStatus(kind, text) {
  $("status").dataset.status = kind;
  $("status-text").textContent = text;
}

function showProblems(problems) {
  const box = $("problems");
  box.hidden = problems.length === 0;
  const list = $("problem-list");
  list.replaceChildren(...problems.map((p) => {
    const li = el("li", "problem");
    const where = el("div", "where");
    if (p.file) {
      where.append(text(p.file + (p.line ? `:${p.line}` : "") + (p.column ? `:${p.column}` : "")));
      if (p.field) { where.append(text(" · ")); where.append(el("span", "field", p.field)); }
      li.append(where);
    }
    li.append(el("div", "problem-text", p.message));
    if (p.excerpt !== null && p.excerpt !== undefined) {
      const pre = el("pre", "excerpt");
      pre.append(text(`${String(p.line).padStart(4)} | ${p.excerpt}`));
      if (p.column) pre.append(text("\n     | " + " ".repeat(p.column - 1)), el("span", "caret", "^"));
      li.append(pre);
    }
    return li;
  }));
}

function showDocuments(documents) {
  const root = $("documents");
  if (!documents.length) return;
  const empty = root.querySelector(".empty");
  if (empty) empty.remove();
  const wanted = new Set(documents.map((d) => d.name));
  for (const section of [...root.children]) if (!wanted.has(section.dataset.document)) section.remove();
  documents.forEach((doc, index) => {
    let section = root.querySelector(`section[data-document="${CSS.escape(doc.name)}"]`);
    if (!section) {
      section = el("section", "document");
      section.dataset.document = doc.name;
      section.append(el("h2"), el("div", "pages"));
    }
    if (root.children[index] !== section) root.insertBefore(section, root.children[index] || null);
    const heading = section.querySelector("h2");
    heading.replaceChildren(text(doc.title), el("span", "file", `${doc.name} · ${doc.pages.length} page${doc.pages.length === 1 ? "" : "s"}`));
    reconcile(section.querySelector(".pages"), doc.pages, makePage, updatePage);
  });
}

function makePage(page) {
  const figure = el("figure", "page");
  const img = document.createElement("img");
  img.alt = page.id;
  figure.append(img, el("figcaption"));
  figure.addEventListener("click", () => openViewer(figure.dataset.id));
  return figure;
}

function updatePage(figure, page) {
  figure.dataset.id = page.id;
  figure.classList.toggle("changed", page.changed);
  figure.querySelector("figcaption").textContent = `page ${page.number}`;
  swapImage(figure.querySelector("img"), page);
}

function showGallery(cards) {
  reconcile($("gallery"), cards, makeCard, updateCard);
}

function makeCard(card) {
  const figure = el("figure", "card");
  const trim = el("div", "trim");
  const img = document.createElement("img");
  img.alt = card.key;
  trim.append(img);
  figure.append(trim, el("figcaption"));
  return figure;
}

function updateCard(figure, card) {
  figure.dataset.id = card.id;
  figure.classList.toggle("changed", card.changed);
  const [bx, by] = card.bleed;
  const trim = figure.querySelector(".trim");
  const img = trim.querySelector("img");
  // Show the card as cut: the image scaled so its trim fills the box, the bleed hidden.
  trim.style.aspectRatio = `${card.width * (1 - 2 * bx)} / ${card.height * (1 - 2 * by)}`;
  img.style.width = `${100 / (1 - 2 * bx)}%`;
  img.style.left = `${-100 * bx / (1 - 2 * bx)}%`;
  img.style.top = `${-100 * by / (1 - 2 * by)}%`;
  const [deck, ...name] = card.key.split("-");
  figure.querySelector("figcaption").replaceChildren(el("strong", "", name.join(" ") || card.key), text(` · ${deck} · ×${card.copies}`));
  swapImage(img, card);
}

// Keep children keyed by data-id: existing ones are updated in place, so unchanged images never reload.
function reconcile(container, items, make, update) {
  const existing = new Map([...container.children].map((child) => [child.dataset.id, child]));
  items.forEach((item, index) => {
    let node = existing.get(item.id);
    if (!node) node = make(item);
    existing.delete(item.id);
    update(node, item);
    if (container.children[index] !== node) container.insertBefore(node, container.children[index] || null);
  });
  for (const stale of existing.values()) stale.remove();
}

// Load the new image before showing it, so a changed page swaps without a blank flash.
function swapImage(img, item) {
  img.width = item.width;
  img.height = item.height;
  if (img.dataset.src === item.src) return;
  img.dataset.src = item.src;
  if (!img.getAttribute("src")) { img.src = item.src; return; }
  const next = new Image();
  next.onload = () => { if (img.dataset.src === item.src) img.src = item.src; };
  next.src = item.src;
}

function showFiles(output) {
  $("out-folder").textContent = output.folder || "(not written yet)";
  $("files").replaceChildren(...(output.files || []).filter((f) => !f.includes("/")).map((f) => {
    const li = el("li");
    const a = el("a", "", f);
    a.href = "/output/" + f.split("/").map(encodeURIComponent).join("/");
    a.target = "_blank";
    li.append(a);
    return li;
  }));
  const folders = new Map();
  for (const f of output.files || []) if (f.includes("/")) folders.set(f.split("/")[0], (folders.get(f.split("/")[0]) || 0) + 1);
  for (const [folder, n] of folders) $("files").append(el("li", "", `${folder}/ · ${n} files`));
}

// --- the page viewer ---------------------------------------------------------------------------

function allPages() {
  return preview ? preview.documents.flatMap((d) => d.pages.map((p) => ({ ...p, title: d.title }))) : [];
}

function openViewer(id) {
  viewerIndex = allPages().findIndex((p) => p.id === id);
  showViewer();
}

function showViewer() {
  const pages = allPages();
  if (viewerIndex < 0 || viewerIndex >= pages.length) return closeViewer();
  const page = pages[viewerIndex];
  $("viewer-image").src = page.src;
  $("viewer-caption").textContent = `${page.title} · page ${page.number}`;
  $("viewer").hidden = false;
}

function closeViewer() { $("viewer").hidden = true; viewerIndex = -1; }

// --- the balance panel ---------------------------------------------------------------------------

function showBalance(state) {
  balance = state;
  const running = state.status === "running";
  $("run-check").disabled = running;
  $("run-check").textContent = state.status === "done" ? "Run the quick rules check again" : "Run the quick rules check";
  $("balance-what").textContent = `${state.games} games per configuration, every player count, ${state.setup_noun || "setup"} and policy`;
  $("balance-progress").hidden = !running;
  const fraction = state.total ? state.done / state.total : 0;
  $("balance-fill").style.width = `${(100 * fraction).toFixed(1)}%`;
  $("balance-count").textContent = state.total ? `${state.done} of ${state.total} batches` : "starting…";
  $("balance-stale").hidden = !state.stale;
  $("balance-error").hidden = !state.error;
  $("balance-error").textContent = state.error || "";
  const badge = $("balance-badge");
  badge.hidden = !(running || state.stale);
  badge.textContent = running ? `${Math.round(100 * fraction)}%` : "out of date";
  const results = $("balance-results");
  document.body.dataset.balance = state.status + (state.stale ? "-stale" : "");
  if (!state.summary) { results.replaceChildren(); return; }
  if (results.dataset.shown === JSON.stringify(state.summary.subtitle) + state.summary.charts.length && results.children.length) return;
  results.dataset.shown = JSON.stringify(state.summary.subtitle) + state.summary.charts.length;
  results.replaceChildren(summaryView(state.summary));
}

function summaryView(s) {
  const box = el("div", "results");
  box.append(el("h3", "", s.title), el("p", "hint", s.subtitle));
  if (s.attention.length) {
    box.append(el("h3", "", "Needs your attention"));
    const ol = el("ol", "attention");
    s.attention.forEach((t) => ol.append(el("li", "", t)));
    box.append(ol);
  }
  if (s.notes.length) {
    box.append(el("h3", "", "Worth knowing"));
    const ul = el("ul");
    s.notes.forEach((t) => ul.append(el("li", "", t)));
    box.append(ul);
  }
  const charts = el("div", "charts");
  for (const chart of s.charts) {
    const holder = el("div", "chart");
    // The SVG is drawn by the report's own chart code (svgwrite escapes every text it holds).
    holder.innerHTML = chart.svg;
    charts.append(holder);
  }
  box.append(charts);
  for (const table of [s.duel, s.overview]) if (table) box.append(el("h3", "", table.title), tableView(table));
  return box;
}

function tableView(t) {
  const table = el("table", "figures");
  const head = el("tr");
  t.header.forEach((h, i) => head.append(el("th", i ? "num" : "", h)));
  table.append(head);
  for (const row of t.rows) {
    const tr = el("tr");
    row.forEach((cell, i) => tr.append(el("td", i ? "num" : "", cell)));
    table.append(tr);
  }
  return table;
}

// --- the tune panel (beside the balance figures) -------------------------------------------------

function showTune(state) {
  const running = state.status === "running";
  $("tune-run").disabled = running;
  document.body.dataset.tune = state.status;
  $("tune-status").textContent = running ? "Searching: candidates play the same seeds as the data now…" :
    state.applied ? `Proposal ${state.applied} written into the data files.` : "";
  $("tune-error").hidden = !state.error;
  $("tune-error").textContent = state.error || "";
  const box = $("tune-results");
  box.replaceChildren();
  const r = state.result;
  if (!r) return;
  const verdict = r.met ? "Target met." : "The target was not met within the budget: the closest proposals follow.";
  box.append(el("p", "hint", `${r.games.total} games in ${Math.round(r.seconds)} s. ${verdict}`));
  for (const p of r.proposals) {
    const item = el("div", "proposal");
    item.append(el("h4", "", `Proposal ${p.rank} (${p.verified.verdict})`));
    const ul = el("ul");
    p.edits.forEach((e) => ul.append(el("li", "", `${e.file}:${e.line} ${e.path}: ${e.old} → ${e.new}`)));
    if (!p.edits.length) ul.append(el("li", "", "no change"));
    for (const [name, i] of Object.entries(p.verified.figures)) {
      ul.append(el("li", "", `${name}: ${(100 * i.value).toFixed(1)} (${(100 * i.low).toFixed(1)} to ${(100 * i.high).toFixed(1)}), ${p.verified.games} fresh games`));
    }
    p.verified.moved.forEach((m) => ul.append(el("li", "", `also moved: ${m.figure}`)));
    item.append(ul);
    if (p.edits.length) {
      const button = el("button", "", "Apply");
      button.type = "button";
      button.dataset.proposal = String(p.rank);
      button.addEventListener("click", () => act("/api/tune/apply", { proposal: p.rank }));
      item.append(button);
    }
    box.append(item);
  }
}

$("tune-run").addEventListener("click", async () => {
  const vary = $("tune-vary").value.trim();
  const answer = await act("/api/tune", { targets: [$("tune-target").value.trim()], vary: vary ? [vary] : [],
    budget: Number($("tune-budget").value) || 120 });
  if (answer.error) { $("tune-error").hidden = false; $("tune-error").textContent = answer.error; }
});

// --- small helpers and wiring ------------------------------------------------------------------

function el(tag, className, content) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (content !== undefined) node.textContent = content;
  return node;
}

function text(content) { return document.createTextNode(content); }

function selectTab(name) {
  for (const b of document.querySelectorAll(".tabs button")) b.setAttribute("aria-selected", String(b.dataset.tab === name));
  for (const s of document.querySelectorAll("main .tab")) s.hidden = s.dataset.tab !== name;
}

for (const b of document.querySelectorAll(".tabs button")) b.addEventListener("click", () => selectTab(b.dataset.tab));
$("language").addEventListener("change", () => act("/api/settings", { language: $("language").value }));
for (const b of document.querySelectorAll("[data-paper]")) b.addEventListener("click", () => act("/api/settings", { paper: b.dataset.paper }));
for (const b of document.querySelectorAll("[data-duplex]")) b.addEventListener("click", () => act("/api/settings", { duplex: b.dataset.duplex === "true" }));
$("run-check").addEventListener("click", () => act("/api/balance"));

// --- the "Since..." panel -----------------------------------------------------------------------

let sinceShown = 0;   // the report number the frame shows

function showSince(state) {
  document.body.dataset.since = state.status + (state.balance === "running" ? "-balance" : "");
  $("since-snapshot").disabled = !state.snapshot;
  const against = state.against === "snapshot" ? "the saved snapshot" : `revision ${state.against}`;
  const words = {idle: "", running: `Comparing with ${against}…`, done: `Compared with ${against}.`, failed: ""};
  $("since-status").textContent = (words[state.status] || "") +
    (state.balance === "running" ? " Playing both versions for the balance part in the background…" : "");
  $("since-error").hidden = !state.error;
  $("since-error").textContent = state.error || "";
  if (state.report && state.report !== sinceShown) {
    sinceShown = state.report;
    const frame = $("since-report");
    frame.src = `/since/report.html?n=${state.report}`;
    frame.hidden = false;
  }
}

$("since-compare").addEventListener("click", () => act("/api/since/compare", {against: $("since-rev").value}));
$("since-save").addEventListener("click", () => act("/api/since/snapshot"));
$("since-snapshot").addEventListener("click", () => act("/api/since/compare", {against: "snapshot"}));
$("viewer-close").addEventListener("click", closeViewer);
$("viewer-prev").addEventListener("click", () => { viewerIndex -= 1; showViewer(); });
$("viewer-next").addEventListener("click", () => { viewerIndex += 1; showViewer(); });
$("viewer").addEventListener("click", (e) => { if (e.target === $("viewer")) closeViewer(); });
document.addEventListener("keydown", (e) => {
  if ($("viewer").hidden) return;
  if (e.key === "Escape") closeViewer();
  if (e.key === "ArrowLeft") { viewerIndex -= 1; showViewer(); }
  if (e.key === "ArrowRight") { viewerIndex += 1; showViewer(); }
});
if (location.hash.length > 1) selectTab(location.hash.slice(1));
connect();
