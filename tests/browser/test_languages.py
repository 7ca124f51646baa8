"""Every language of the page in Chromium: the first screen in the browser's language
before Python starts, and no text overflowing, cut off or needing horizontal scrolling
at 360 x 740 and 1366 x 768, the table and the dialogs; Persian mirrored.

Set BRISCOLA_SCREENSHOTS=<folder> to keep a screenshot of each language and size.
"""

from __future__ import annotations

import json
import re
import os
from dataclasses import replace
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from briscola.i18n import LANGUAGE_CODES, Translator
from briscola_app.settings import first_settings
from tests.browser.conftest import CHROMIUM_FLAGS, ConsoleLog  # noqa: F401 (flags: docs)
from tests.browser.test_play import (FAST, READY_TIMEOUT_MS, play_one, play_to_end, seed_cards_out, settle,
                                     wait_for_turn)

SIZES = {"phone": (360, 740), "desktop": (1366, 768)}
SHOTS = os.environ.get("BRISCOLA_SCREENSHOTS")

# Every element showing text, whose text runs outside its own box, or is clipped by it,
# or lies outside the window sideways; every card image outside the window; and whether
# the page scrolls sideways.
OVERFLOW = """() => {
  const problems = [];
  const W = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > W + 1) problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${W}`);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (!el || !el.getClientRects().length || el.closest('[hidden], dialog:not([open]), script, style')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    range.selectNodeContents(node);
    const text = range.getBoundingClientRect();
    if (!text.width) continue;
    const box = el.getBoundingClientRect();
    const what = `${name(el)} "${node.textContent.trim().slice(0, 40)}"`;
    if (text.left < box.left - 1 || text.right > box.right + 1) problems.push(`${what} runs out of its box (${text.left|0}..${text.right|0} in ${box.left|0}..${box.right|0})`);
    if (text.left < -1 || text.right > W + 1) problems.push(`${what} lies outside the window`);
    for (let up = el; up && up !== document.body; up = up.parentElement) {
      const s = getComputedStyle(up);
      if (s.overflowX !== 'visible' && up.scrollWidth > up.clientWidth + 1 && up.tagName !== 'DIALOG') {
        problems.push(`${what} is cut off by ${name(up)} (${up.scrollWidth} > ${up.clientWidth})`); break;
      }
    }
  }
  for (const img of document.querySelectorAll('img')) {
    if (!img.getClientRects().length || img.closest('[hidden], dialog:not([open])')) continue;
    const box = img.getBoundingClientRect();
    if (box.width && (box.left < -1 || box.right > W + 1)) problems.push(`${name(img.parentElement)} img ${img.getAttribute('src')} lies outside the window (${box.left|0}..${box.right|0})`);
  }
  return [...new Set(problems)];
}"""


def open_in(browser: Browser, site_url: str, lang: str, locale: str | None = None, size=(360, 740)):
    context = browser.new_context(locale=locale or "en-US", viewport={"width": size[0], "height": size[1]})
    log = ConsoleLog()
    context.on("console", log.on_console)
    context.on("weberror", log.on_page_error)
    if lang:
        # the game a first visit in that language deals (the Spanish pack in Spanish, Bisca
        # with French cards in Portuguese)
        home = replace(first_settings(lang), **{k: v for k, v in FAST.items() if k not in ("deck", "lang")})
        box = json.dumps({"version": 1, "data": home.base_dict()})
        variant = json.dumps({"version": 1, "data": home.variant_dict()})
        deck = json.dumps({"version": 1, "data": home.deck_dict()}) if home.deck_dict() else None
        context.add_init_script(
            "if (location.protocol.startsWith('http') && !localStorage.getItem('briscola.settings')) {"
            f" localStorage.setItem('briscola.settings', {json.dumps(box)});"
            f" localStorage.setItem('briscola.variant', {json.dumps(variant)});"
            + (f" localStorage.setItem('briscola.deck', {json.dumps(deck)});" if deck else "") + " }")
        seed_cards_out(context)  # the cards played shown with Last trick: their texts are measured too
    page = context.new_page()
    return context, page, log


def ready(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("body")).not_to_have_attribute("data-state", "loading", timeout=READY_TIMEOUT_MS)


def no_overflow(page: Page, where: str) -> None:
    problems = page.evaluate(OVERFLOW)
    assert not problems, f"{where}:\n  " + "\n  ".join(problems)


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_every_text_fits_in_every_language(browser: Browser, site_url: str, lang: str):
    t = Translator(lang)
    context, page, log = open_in(browser, site_url, lang)
    try:
        ready(page, site_url)
        assert wait_for_turn(page) == "your-turn"
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.evaluate("document.documentElement.dir") == t.dir
        expect(page.get_by_role("group", name=t.t("your_hand"))).to_be_visible()
        expect(page.get_by_role("navigation", name=t.t("game_actions"))).to_be_visible()
        # every name given to a screen reader is in this language (data-t-label: its key)
        labels = page.evaluate(
            "() => [...document.querySelectorAll('[data-t-label]')].map(el => [el.dataset.tLabel, el.ariaLabel])")
        assert len(labels) >= 8 and [label for key, label in labels if label != t.t(key)] == [], labels
        play_one(page)
        wait_for_turn(page)
        for size_name, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            no_overflow(page, f"{lang} table at {size_name}")
            shot(page, f"{lang}-{size_name}")
            for action, dialog in (("settings", "settings"), ("stats", "stats"), ("last", "last-trick")):
                page.locator(f"#actions [data-action='{action}']").click()
                expect(page.locator(f"dialog#{dialog}")).to_be_visible()
                if action == "last":
                    expect(page.locator("#cards-out-title")).to_have_text(t.t("cards_out_title"))
                    shot(page, f"{lang}-{size_name}-last")
                no_overflow(page, f"{lang} {dialog} at {size_name}")
                if action == "settings":
                    shot(page, f"{lang}-{size_name}-settings")
                    # How to play, opened from the settings, in this language too
                    page.locator("#settings [data-action='howto']").click()
                    expect(page.locator("dialog#howto")).to_be_visible()
                    expect(page.locator("#howto-title")).to_have_text(t.t("howto_title"))
                    no_overflow(page, f"{lang} howto at {size_name}")
                    shot(page, f"{lang}-{size_name}-howto")
                    page.keyboard.press("Escape")
                    expect(page.locator("dialog#howto")).to_be_hidden()
                page.keyboard.press("Escape")
                expect(page.locator(f"dialog#{dialog}")).to_be_hidden()
        log.assert_none()
    finally:
        context.close()


@pytest.mark.skipif("fa" not in LANGUAGE_CODES, reason="Persian not added yet")
def test_persian_mirrors_the_table(browser: Browser, site_url: str):
    context, page, log = open_in(browser, site_url, "fa", size=SIZES["phone"])
    try:
        ready(page, site_url)
        wait_for_turn(page)
        assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"
        cards = [b.bounding_box() for b in page.locator("#hand button").all()]
        assert len(cards) == 3 and cards[0]["x"] > cards[1]["x"] > cards[2]["x"], "the hand reads from the right"
        pile = page.locator("#stock-pile img").bounding_box()
        briscola = page.locator("#briscola img").bounding_box()
        centre = lambda box: box["x"] + box["width"] / 2  # noqa: E731
        assert centre(pile) < centre(briscola), "the turned card peeks out on the right, under the stock"
        score = page.locator("#score li b").first.inner_text()
        assert all(ch in "۰۱۲۳۴۵۶۷۸۹" for ch in score), score
        first = page.locator("#actions button").first.bounding_box()
        last = page.locator("#actions button").last.bounding_box()
        assert first["x"] > last["x"], "the action bar starts on the right"
        log.assert_none()
    finally:
        context.close()


@pytest.mark.parametrize("locale,lang", [("it-IT", "it"), ("de-DE", "de"), ("fa-IR", "fa"), ("pt", "pt-BR"), ("uk-UA", "uk"),
                                         ("hr-HR", "hr")])
def test_first_screen_is_in_the_browsers_language_before_python(browser: Browser, site_url: str, locale, lang):
    if lang not in LANGUAGE_CODES:
        pytest.skip(f"{lang} not added yet")
    t = Translator(lang)
    context, page, log = open_in(browser, site_url, "", locale=locale)
    try:
        page.goto(site_url, wait_until="domcontentloaded")
        early = page.evaluate("""() => ({
            state: document.body.dataset.state, lang: document.documentElement.lang,
            dir: document.documentElement.dir, loader: document.getElementById('loader-text').textContent,
            status: document.getElementById('status').textContent,
            newGame: document.querySelector('[data-action=new] span').textContent, title: document.title })""")
        assert early["state"] == "loading", "this ran before Python took over"
        assert (early["lang"], early["dir"]) == (lang, t.dir)
        assert early["loader"] == t.t("stage_runtime") and early["status"] == t.t("loading")
        assert early["newGame"] == t.t("new_game")
        assert early["title"] == t.t("title")  # the tab says Briškula, Bisca, ... as the page does
        expect(page.locator("body")).not_to_have_attribute("data-state", "loading", timeout=READY_TIMEOUT_MS)
        stored = json.loads(page.evaluate("localStorage.getItem('briscola.settings') || 'null'") or "null")
        assert stored is None or stored["data"]["lang"] == lang
        expect(page.get_by_role("group", name=t.t("your_hand"))).to_be_visible()
        log.assert_none()
    finally:
        context.close()


def test_language_is_chosen_by_its_own_name_and_remembered(browser: Browser, site_url: str):
    context, page, log = open_in(browser, site_url, "en")
    try:
        ready(page, site_url)
        wait_for_turn(page)
        page.get_by_role("button", name="Settings").click()
        settle(page)  # the dialog is filled by Python
        names = page.locator("#lang-select option").all_inner_texts()
        assert names == [Translator(code).meta["name"] for code in LANGUAGE_CODES]
        page.get_by_label("Language").select_option(label="Polski" if "pl" in LANGUAGE_CODES else "Italiano")
        page.get_by_role("dialog", name="Settings").get_by_role("button", name="Save").click()
        lang = "pl" if "pl" in LANGUAGE_CODES else "it"
        expect(page.locator("html")).to_have_attribute("lang", lang)
        # the status line too, at once (it waited for the next move)
        t = Translator(lang)
        expect(page.locator("#status")).to_have_text(re.compile(
            "^(" + "|".join(re.escape(t.t(k)) for k in ("your_turn_lead", "your_turn")) + ")$"))
        page.reload()
        page.goto(site_url, wait_until="domcontentloaded")
        assert page.evaluate("document.documentElement.lang") == lang, "remembered before Python starts"
        expect(page.locator("body")).not_to_have_attribute("data-state", "loading", timeout=READY_TIMEOUT_MS)
        expect(page.get_by_role("group", name=Translator(lang).t("your_hand"))).to_be_visible()
        log.assert_none(ignore=("net::ERR_ABORTED",))
    finally:
        context.close()


@pytest.mark.skipif("fa" not in LANGUAGE_CODES, reason="Persian not added yet")
def test_persian_numbered_lists_count_in_persian_on_the_right(browser: Browser, site_url: str):
    """The deal's tricks in the summary and the review's costliest decisions are numbered
    lists: in Persian their numbers are Persian digits (the browser's default counts in
    Latin ones, where every other number on the page is Persian), and they stand on the
    right, inside the list (a left padding put them past its right edge, over the
    dialog's buttons)."""
    context, page, log = open_in(browser, site_url, "fa", size=SIZES["phone"])
    try:
        ready(page, site_url)
        play_to_end(page)
        expect(page.locator("dialog#summary")).to_be_visible()
        page.locator("#summary .deal-tricks > summary").click()
        tricks = page.locator("#summary .deal-tricks ol")
        expect(tricks.locator("li")).to_have_count(20)
        style = "e => { const s = getComputedStyle(e); return [s.listStyleType, s.paddingRight, s.paddingLeft]; }"
        kind, right, left = tricks.evaluate(style)
        assert kind == "persian" and float(right[:-2]) > 0 and float(left[:-2]) == 0, (kind, right, left)
        inside = tricks.evaluate("ol => { const o = ol.getBoundingClientRect(); return [...ol.children].every("
                                 "li => li.getBoundingClientRect().right <= o.right - 10); }")
        assert inside, "each trick leaves room on its right for its number"
        page.locator("#summary-review").click()
        review = page.locator("dialog#review")
        expect(review).to_have_attribute("data-done", "true", timeout=60_000)
        costly = review.locator(".costly-list")
        if costly.count():
            assert costly.evaluate(style)[0] == "persian"
        log.assert_none()
    finally:
        context.close()
