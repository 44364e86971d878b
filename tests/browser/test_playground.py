"""The playground in a real browser: headless Chromium plays the built page.

Run by ``nox -s browser`` only (tests/conftest.py leaves this folder out of the other
runs): it serves docs/_build/html (built by ``nox -s docs``) on a local port, drives
Debian's ``/usr/bin/chromium`` through Playwright (which downloads no browser), and fails,
never skips, when it cannot reach its goal. The tests share one page, loaded once (Pyodide
starts once), and deal their games through the page's own form. It prints each decision's
time to render its legal actions (the median over a game) and the size of the page's
runtime, and keeps a screenshot in docs/_build/playground.png.
"""

from __future__ import annotations

import functools
import http.server
import json
import statistics
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from playwright.sync_api import Browser, Page, Route, sync_playwright

import contract_rummy as cr
from contract_rummy.table import PAGE, Table

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "docs" / "_build" / "html"
SCREENSHOT = ROOT / "docs" / "_build" / "playground.png"
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: How long the page may take to load Pyodide and the library, in milliseconds.
LOAD_MS = 180_000
#: The most decisions a test plays before it fails: a round or a game ends long before.
MAX_CLICKS = 3_000
#: A game in which the person, never going down, holds a hand with hundreds of go-downs.
HEAVY = "variant=deuces-wild&players=4&seed=14"


#: The paths the local site served, in order: the page's runtime must come from there.
SERVED: list[str] = []


class _Recording(http.server.SimpleHTTPRequestHandler):
    """Serves the built site, noting each path asked for instead of logging it."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        SERVED.append(self.path.split("?")[0])


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The built site, served on a free local port."""
    manifest = SITE / "playground" / "manifest.json"
    assert manifest.exists(), f"{manifest} is missing: build the docs first (nox -s docs)"
    handler = functools.partial(_Recording, directory=str(SITE))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    thread.join()
    server.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: apt-get install chromium"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


#: The game the shared page deals from its address when it loads.
FIRST = "variant=pagat&players=4&seed=7"


@attrs.define
class _Shared:
    """The one page the tests share, what it asked for outside the site, and its errors."""

    page: Page
    outside: list[str] = attrs.Factory(list)
    errors: list[str] = attrs.Factory(list)


@pytest.fixture(scope="module")
def shared(browser: Browser, site: str) -> Iterator[_Shared]:
    """One page for every test, loaded once: starting Pyodide is the slow part of a test.

    It may reach the local site only (anything else is refused and reported), and it deals
    its first game from its address. The tests deal their games through the page's own form.
    """
    shared = _Shared(browser.new_page(viewport={"width": 1280, "height": 1000}))

    def route(route: Route) -> None:
        if route.request.url.startswith(site):
            route.continue_()
        else:
            shared.outside.append(route.request.url)
            route.abort()

    shared.page.route("**/*", route)
    shared.page.on("pageerror", lambda error: shared.errors.append(str(error)))
    shared.page.goto(f"{site}/playground/playground.html?{FIRST}")
    shared.page.wait_for_function(
        "window.playground && (window.playground.ready || window.playground.error)",
        timeout=LOAD_MS,
    )
    error = shared.page.evaluate("window.playground.error")
    assert error is None, f"the page could not load the library: {error}"
    shared.page.wait_for_selector("#actions button")
    # The address dealt the game it names, and the page links to it.
    assert answer(shared.page)["game"]["query"] == FIRST
    assert shared.page.locator("#game-link").inner_text() == shared.page.url
    yield shared
    shared.page.close()


@pytest.fixture
def page(shared: _Shared) -> Iterator[Page]:
    """The shared page; after each test, nothing was asked outside the site and no error."""
    yield shared.page
    assert not shared.outside, f"the page asked for files outside the site: {shared.outside}"
    assert not shared.errors, f"the page's script failed: {shared.errors}"


def deal(page: Page, query: str) -> int:
    """Deal the game of ``query`` through the page's form; return where its timings start."""
    params = dict(item.split("=") for item in query.split("&"))
    page.select_option("#variant", params["variant"])
    page.fill("#players", params["players"])
    page.fill("#seed", params["seed"])
    before: int = page.evaluate("window.playground.timings.length")
    page.click("#deal-button")
    page.wait_for_function(f"window.playground.timings.length > {before}")
    assert answer(page)["game"]["query"] == query
    assert query in page.url
    assert page.locator("#game-link").inner_text() == page.url
    return before


def answer(page: Page) -> dict[str, Any]:
    value: dict[str, Any] = page.evaluate("window.playground.answer")
    return value


def click(page: Page, text: str) -> None:
    """Click the action button ``text`` and wait for the page to answer."""
    before = page.evaluate("window.playground.timings.length")
    page.locator("#actions button", has_text=text).first.click()
    page.wait_for_function(f"window.playground.timings.length > {before}")


def choose(page: Page) -> str:
    """The action a test plays: let a discard go, else the first action listed."""
    texts = page.locator("#actions button").all_inner_texts()
    assert texts, "the page lists no action, yet the game is not over"
    return "Pass" if "Pass" in texts else texts[0]


def check_hidden(page: Page, mirror: Table) -> None:
    """The page shows the person's hand, and no other player's hand anywhere."""
    state = mirror.state  # the whole state: the page must show none of its hidden parts
    shown = page.locator("#hand span").all_inner_texts()
    assert sorted(shown) == sorted(map(str, state.hands[mirror.seat]))
    html = page.content() + json.dumps(page.evaluate("window.playground.answer"))
    for player, hand in enumerate(state.hands):
        if player != mirror.seat and len(hand) >= 3:
            for order in (hand, sorted(hand, key=lambda card: (card.rank or 99, card.index))):
                text = " ".join(map(str, order))
                assert text not in html, f"player {player}'s hand is in the page"
                assert json.dumps(list(map(str, order))) not in html


def report(name: str, timings: list[dict[str, float]]) -> None:
    times = [entry["ms"] for entry in timings]
    busiest = max(timings, key=lambda entry: entry["count"])
    print(
        f"\n{name}: {len(times)} decisions; legal actions rendered in a median of "
        f"{statistics.median(times):.1f} ms (max {max(times):.1f} ms); the busiest decision "
        f"had {int(busiest['count'])} actions, rendered in {busiest['ms']:.1f} ms"
    )


def test_plays_a_round_by_clicking_legal_actions(page: Page) -> None:
    start = deal(page, FIRST)
    mirror = Table("pagat", players=4, seed=7)
    check_hidden(page, mirror)
    # The runtime and both wheels came from the local site (nothing from elsewhere).
    manifest = json.loads((SITE / "playground" / "manifest.json").read_text(encoding="utf-8"))
    for name in ("pyodide/pyodide.asm.wasm", *(f"wheels/{wheel}" for wheel in manifest["wheels"])):
        assert f"/playground/{name}" in SERVED, f"{name} was not served by the site: {SERVED}"

    # A refused action shows the rule that refuses it, and changes nothing.
    page.fill("#typed", "NextRound")
    page.click("#typed-form button")
    refusal = page.locator("#refusal")
    refusal.wait_for()
    rule = refusal.get_attribute("data-rule")
    assert rule is not None, refusal.inner_text()
    assert rule.startswith("R"), refusal.inner_text()
    assert refusal.inner_text().startswith(f"{rule}: ")
    page.fill("#typed", "")

    for _ in range(MAX_CLICKS):
        if answer(page)["rounds"]:
            break
        text = choose(page)
        click(page, text)
        assert mirror.act(text)["ok"], text
        check_hidden(page, mirror)
        assert page.locator("#refusal").inner_text() == ""
    else:
        pytest.fail(f"round 1 is not over after {MAX_CLICKS} decisions")
    rows = page.locator("#scores tbody tr")
    assert rows.count() == 1
    assert answer(page)["rounds"] == mirror.rounds()
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT), full_page=True)
    print(f"\nscreenshot: {SCREENSHOT}")
    report("pagat, seed 7, round 1", page.evaluate("window.playground.timings")[start:])


def play_without_going_down(page: Page, mirror: Table) -> None:
    """Play a decision without going down, so that the hand keeps its wild cards.

    Let a discard go, else play the first action that is no go-down (typed when the page,
    which lists go-downs first, does not show it).
    """
    listed = mirror.actions(limit=PAGE)
    texts = [text for text in listed["actions"] if not text.startswith("GoDown")]
    if not texts:
        texts = mirror.actions(search="Discard", limit=1)["actions"]
    text = "Pass" if "Pass" in texts else texts[0]
    buttons = page.locator("#actions button").all_inner_texts()
    before = page.evaluate("window.playground.timings.length")
    if text in buttons:
        page.locator("#actions button", has_text=text).first.click()
    else:
        page.fill("#typed", text)
        page.click("#typed-form button")
    page.wait_for_function(f"window.playground.timings.length > {before}")
    assert mirror.act(text)["ok"], text


def test_plays_a_go_down_heavy_game_to_the_end(page: Page) -> None:
    # Deuces wild: jokers and 2s are wild; a hand that keeps them goes down hundreds of ways.
    start = deal(page, HEAVY)
    mirror = Table.from_query(HEAVY)
    for _ in range(MAX_CLICKS):
        if answer(page)["standings"] is not None:
            break
        play_without_going_down(page, mirror)
    else:
        pytest.fail(f"the game is not over after {MAX_CLICKS} decisions")
    assert page.locator("#standings-list li").count() == 4
    assert page.locator("#scores tbody tr").count() == cr.DEUCES_WILD.rounds
    assert answer(page)["standings"] == mirror.standings()
    timings = page.evaluate("window.playground.timings")[start:]
    assert max(entry["count"] for entry in timings) > PAGE
    report(f"{HEAVY}, a whole game", timings)


def test_rules_explorer_counts_and_refuses(page: Page) -> None:
    page.select_option("#explore-variant", "deuces-wild")
    page.fill("#explore-round", "1")
    page.fill("#explore-hand", "2C 2D 2H 2S JK JK 7C 7D 8C 8D 9C 9D KS")
    page.fill("#explore-go-down", "7C 7D | 8C 8D 2C")
    started = page.evaluate("performance.now()")
    page.click("#explore-button")
    result = page.locator("#explore-result")
    result.get_by_text("ways").wait_for()
    elapsed = page.evaluate("performance.now()") - started
    text = result.inner_text()
    assert "in 7890 ways" in text
    assert "refused: R7, R8:" in text
    print(f"\nrules explorer: 7890 go-downs counted and 5 listed in {elapsed:.0f} ms")


def test_every_preset_deals_and_plays_a_few_turns(page: Page) -> None:
    for name, variant in cr.VARIANTS.items():
        deal(page, f"variant={name}&players={variant.min_players}&seed=5")
        mirror = Table(name, players=variant.min_players, seed=5)
        for _ in range(6):
            text = choose(page)
            click(page, text)
            assert mirror.act(text)["ok"], (name, text)
        check_hidden(page, mirror)
    # A game the rules refuse to deal says why, and leaves the last game as it was.
    page.fill("#players", "9")
    page.click("#deal-button")
    page.locator("#deal-error", has_text="R1: ").wait_for()
    assert answer(page)["game"]["variant"] == name


def test_reports_the_size_of_the_page() -> None:
    folder = SITE / "playground"
    runtime = sum(path.stat().st_size for path in (folder / "pyodide").iterdir())
    wheels = {path.name: path.stat().st_size for path in (folder / "wheels").iterdir()}
    page = sum(path.stat().st_size for path in folder.glob("playground.*"))
    assert runtime > 0
    assert len(wheels) == 2
    listed = ", ".join(f"{name} {size:,}" for name, size in sorted(wheels.items()))
    total = runtime + sum(wheels.values()) + page
    print(
        f"\npage size: {total:,} bytes: Pyodide runtime {runtime:,}; wheels {listed}; "
        f"the page's own files {page:,}"
    )
