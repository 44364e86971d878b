// @ts-check
// The playground: Pyodide runs contract_rummy; this file only renders its answers and sends
// the person's actions back. Every rule is decided in Python (contract_rummy.table).

/** The Python side: a table, and functions answering in JSON text. */
const GLUE = `
import json
from contract_rummy.presets import VARIANTS
from contract_rummy.table import PAGE, Table, explore

table = None

def answer():
    # The actions are listed by actions(), whose time the page measures: not here.
    return {
        "view": table.view(), "game": table.game(), "events": table.events(),
        "rounds": table.rounds(), "standings": table.standings(),
    }

def presets():
    return json.dumps([
        {"name": name, "min": v.min_players, "max": v.max_players, "rounds": v.rounds}
        for name, v in VARIANTS.items()
    ])

def deal(query):
    global table
    try:
        table = Table.from_query(query)
    except ValueError as error:
        return json.dumps({"error": str(error)})
    return json.dumps(answer())

def act(text):
    result = table.act(text)
    if result["ok"]:
        result["answer"] = answer()
    return json.dumps(result)

def actions(start, search):
    return json.dumps(table.actions(start=start, search=search))

def check(hand, variant, round_number, go_down):
    return json.dumps(explore(hand, variant=variant, round_number=round_number, go_down=go_down))

def my_hand():
    return json.dumps(" ".join(table.view()["hand"]) if table is not None else "")
`;

/**
 * @typedef {{rule: string | null, message: string}} Refusal
 * @typedef {{count: number, start: number, actions: string[], more: boolean,
 *   matches: number | null, complete: boolean}} Actions
 * @typedef {{player: number, action: string, text: string}} Seen
 * @typedef {{round: number, reason: string, went_out: number | null, penalties: number[],
 *   scores: number[]}} RoundScores
 * @typedef {{player: number, score: number, place: number}} Standing
 * @typedef {{index: number, owner: number, text: string}} Meld
 * @typedef {{variant: string, players: number, seed: number, query: string, rounds: number,
 *   round: number, contract: string, names: string[], phase: string, decision: string | null,
 *   active: number, to_act: number | null, offer: string | null, top_discard: string | null,
 *   melds: Meld[], by_suit: string[], by_rank: string[], over: boolean}} Game
 * @typedef {{hand_sizes: number[], stock_size: number, discard: string[], down: boolean[],
 *   scores: number[], player: number}} View
 * @typedef {{view: View, game: Game, events: Seen[], rounds: RoundScores[],
 *   standings: Standing[] | null}} Answer
 * @typedef {{name: string, min: number, max: number, rounds: number}} Preset
 */

/**
 * What a test reads: whether the library is loaded, the last answer, and each listing's
 * time to render (from asking the library for the legal actions to the page showing them).
 */
const state = {
  ready: false,
  error: /** @type {string | null} */ (null),
  /** @type {{ms: number, count: number}[]} */
  timings: [],
  byRank: false,
  start: 0,
  search: "",
  /** @type {Answer | null} */
  answer: null,
};
/** @type {any} */ (window).playground = state;

/** @type {any} */
let py = null;
/** How many actions a page lists: contract_rummy.table.PAGE. */
const PAGE = 50;

/** @param {string} id */
function el(id) {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`no element #${id}`);
  return found;
}

/** @param {string} tag @param {string} text @param {string} [cls] */
function make(tag, text, cls) {
  const node = document.createElement(tag);
  node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

/** @param {string} name @param {...any} args @returns {any} */
function call(name, ...args) {
  return JSON.parse(py.globals.get(name)(...args));
}

async function boot() {
  try {
    const manifest = await (await fetch("manifest.json")).json();
    const runtime = "./pyodide/pyodide.mjs"; // built beside the page by `nox -s docs`
    const { loadPyodide } = await import(runtime);
    py = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
    const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
    for (const wheel of manifest.wheels) {
      const buffer = await (await fetch(`wheels/${wheel}`)).arrayBuffer();
      py.unpackArchive(buffer, "wheel", { extractDir: site });
    }
    py.runPython("import importlib; importlib.invalidate_caches()");
    py.runPython(GLUE);
  } catch (error) {
    state.error = String(error);
    el("loading").textContent =
      `The page could not load Python and the library (${error}). Build the site with ` +
      "`nox -s docs`, which puts the runtime beside this page, and serve it over HTTP.";
    return;
  }
  /** @type {Preset[]} */
  const presets = call("presets");
  for (const select of [el("variant"), el("explore-variant")]) {
    for (const preset of presets) select.append(make("option", preset.name));
  }
  const versions = py.runPython(
    "import sys, contract_rummy; f'Python {sys.version.split()[0]}, contract_rummy {contract_rummy.__version__}'");
  el("loading").textContent = `Pyodide ${py.version} (${versions}) is loaded.`;
  for (const id of ["deal-button", "explore-button", "explore-mine"]) {
    /** @type {HTMLButtonElement} */ (el(id)).disabled = false;
  }
  state.ready = true;
  if (new URLSearchParams(location.search).has("variant")) deal(location.search);
}

/** @param {string} query */
function deal(query) {
  const answer = call("deal", query);
  el("deal-error").textContent = answer.error ?? "";
  if (answer.error) return;
  const params = new URLSearchParams(answer.game.query);
  /** @type {HTMLSelectElement} */ (el("variant")).value = params.get("variant") ?? "pagat";
  /** @type {HTMLInputElement} */ (el("players")).value = params.get("players") ?? "4";
  /** @type {HTMLInputElement} */ (el("seed")).value = params.get("seed") ?? "0";
  history.replaceState(null, "", `?${answer.game.query}`);
  const link = /** @type {HTMLAnchorElement} */ (el("game-link"));
  link.href = location.href;
  link.textContent = location.href;
  el("log").replaceChildren();
  showRefusal(null);
  el("game").hidden = false;
  render(answer);
}

/** @param {Refusal | null} refusal */
function showRefusal(refusal) {
  const node = el("refusal");
  node.textContent = refusal === null ? "" :
    refusal.rule === null ? refusal.message : `${refusal.rule}: ${refusal.message}`;
  node.dataset.rule = refusal?.rule ?? "";
}

/** @param {string} text */
function play(text) {
  const result = call("act", text);
  if (!result.ok) {
    showRefusal(result);
    return;
  }
  showRefusal(null);
  /** @type {HTMLInputElement} */ (el("typed")).value = "";
  render(result.answer);
}

/** @param {Answer} answer */
function render(answer) {
  state.answer = answer;
  const { game, view } = answer;
  const you = game.names.indexOf("you");
  el("status").textContent = game.over
    ? `Game over (${game.variant}, seed ${game.seed})`
    : `Round ${game.round} of ${game.rounds}: ${game.contract}. ` +
      `Your decision: ${game.decision}`;
  renderHand(game);
  const seats = el("seats").querySelector("tbody");
  seats?.replaceChildren(...game.names.map((name, player) => {
    const row = document.createElement("tr");
    row.append(make("td", name), make("td", String(view.hand_sizes[player])),
      make("td", view.down[player] ? "yes" : ""), make("td", String(view.scores[player])));
    return row;
  }));
  const pile = view.discard.slice(-6).join(" ");
  el("piles").textContent = `Stock: ${view.stock_size} cards. Discard pile: ` +
    `${view.discard.length} card${view.discard.length === 1 ? "" : "s"}` +
    (pile ? `, the last ${pile} (top last).` : ".");
  const buy = el("buy");
  buy.hidden = game.offer === null;
  buy.textContent = game.offer === null ? "" : `Buy window: ${game.offer} is offered to you.`;
  el("melds").replaceChildren(...game.melds.map(
    (meld) => make("li", `${game.names[meld.owner]}: ${meld.text}`)));
  const log = el("log");
  for (const seen of answer.events) log.append(make("li", seen.text));
  log.scrollTop = log.scrollHeight;
  renderScores(answer, you);
  listActions(0);
}

/** @param {Game} game */
function renderHand(game) {
  const hand = el("hand");
  const cards = state.byRank ? game.by_rank : game.by_suit;
  hand.replaceChildren(...cards.map((card) => {
    const red = card.endsWith("D") || card.endsWith("H");
    const node = make("span", card, red ? "red" : "");
    node.addEventListener("click", () => {
      const typed = /** @type {HTMLInputElement} */ (el("typed"));
      typed.value = `${typed.value} ${card}`.trimStart();
    });
    return node;
  }));
  el("sort").textContent = state.byRank ? "Sort by suit" : "Sort by rank";
}

/** @param {Answer} answer @param {number} you */
function renderScores(answer, you) {
  const names = answer.game.names;
  const head = document.createElement("tr");
  head.append(make("th", "Round"), ...names.map((name) => make("th", name)));
  el("scores").querySelector("thead")?.replaceChildren(head);
  el("scores").querySelector("tbody")?.replaceChildren(...answer.rounds.map((round) => {
    const row = document.createElement("tr");
    row.append(make("td", String(round.round)), ...round.penalties.map(
      (points, player) => make("td", `${points} (${round.scores[player]})`)));
    return row;
  }));
  el("standings").hidden = answer.standings === null;
  el("standings-list").replaceChildren(...(answer.standings ?? []).map((entry) =>
    make("li", `${names[entry.player]}: ${entry.score} points (place ${entry.place})` +
      (entry.player === you ? " ← you" : ""))));
}

/** @param {Actions} listed @param {number} started */
function renderActions(listed, started) {
  el("action-count").textContent = String(listed.count);
  el("actions").replaceChildren(...listed.actions.map((text) => {
    const button = make("button", text);
    button.addEventListener("click", () => play(text));
    return button;
  }));
  const shown = listed.actions.length;
  const from = listed.start + (shown ? 1 : 0);
  let note = `${from}-${listed.start + shown} of ${listed.matches ?? listed.count}`;
  if (listed.matches !== null) {
    note += ` matching "${state.search}"` + (listed.complete ? "" : " among the first read");
  }
  el("action-note").textContent = note;
  /** @type {HTMLButtonElement} */ (el("prev")).disabled = listed.start === 0;
  /** @type {HTMLButtonElement} */ (el("next")).disabled = !listed.more;
  state.timings.push({ ms: performance.now() - started, count: listed.count });
}

/** @param {number} start */
function listActions(start) {
  const started = performance.now();
  state.start = Math.max(0, start);
  renderActions(call("actions", state.start, state.search), started);
}

function explore() {
  const value = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (el(id)).value;
  const found = call("check", value("explore-hand"), value("explore-variant"),
    Number(value("explore-round")), value("explore-go-down"));
  const out = el("explore-result");
  if (!found.ok) {
    out.replaceChildren(make("p", `${found.refusal.rule ?? "Notation"}: ${found.refusal.message}`));
    return;
  }
  const lines = [make("p", `Hand: ${found.hand}. Contract: ${found.contract}.`),
    make("p", found.meets ? `It meets the contract in ${found.count} ways; the first:` :
      "It does not meet the contract.")];
  const ways = document.createElement("ol");
  ways.append(...found.ways.map((/** @type {string} */ way) => make("li", way)));
  lines.push(ways);
  if (value("explore-go-down").trim()) {
    lines.push(make("p", found.refusal === null ? "The proposed go-down is legal." :
      `The proposed go-down is refused: ${found.refusal.rule}: ${found.refusal.message}`));
  }
  out.replaceChildren(...lines);
}

function wire() {
  el("deal-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const value = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (el(id)).value;
    const query = new URLSearchParams({
      variant: value("variant"), players: value("players"), seed: value("seed"),
    });
    deal(query.toString());
  });
  el("typed-form").addEventListener("submit", (event) => {
    event.preventDefault();
    play(/** @type {HTMLInputElement} */ (el("typed")).value);
  });
  el("search").addEventListener("input", (event) => {
    state.search = /** @type {HTMLInputElement} */ (event.target).value;
    listActions(0);
  });
  el("prev").addEventListener("click", () => listActions(state.start - PAGE));
  el("next").addEventListener("click", () => listActions(state.start + PAGE));
  el("sort").addEventListener("click", () => {
    state.byRank = !state.byRank;
    if (state.answer) renderHand(state.answer.game);
  });
  el("explore-form").addEventListener("submit", (event) => {
    event.preventDefault();
    explore();
  });
  el("explore-mine").addEventListener("click", () => {
    /** @type {HTMLInputElement} */ (el("explore-hand")).value = call("my_hand");
    const game = state.answer?.game;
    if (game) {
      /** @type {HTMLSelectElement} */ (el("explore-variant")).value = game.variant;
      /** @type {HTMLInputElement} */ (el("explore-round")).value = String(game.round);
    }
  });
}

wire();
boot();
