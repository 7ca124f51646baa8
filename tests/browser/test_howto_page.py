"""How to play and a newcomer's tips in real Chromium (issue 11): the first run offers How
to play; it opens from the offer and from Settings, generated for the variant (the standard
game has a turned trump, Briscolone none); tips explain the first tricks and, once turned
off, stay off after a reload; in every language on a phone, no card's name is split.

Set BRISCOLA_SCREENSHOTS=<folder> to keep the phone and desktop screenshots.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from briscola.i18n import LANGUAGE_CODES
from tests.browser.test_play import open_game, reopen_game, settle, seed_settings, stored, wait_for_turn
from tests.browser.test_variants import RELOAD_ABORTS

SHOTS = os.environ.get("BRISCOLA_SCREENSHOTS")
TURNED = "The card turned face up under the stock sets trump"
NO_TRUMP = "There is no trump."
TAKEN = re.compile(r"take")


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"howto-{name}.png"))


def check_standard(dialog) -> None:
    expect(dialog.locator(".howto-variant")).to_contain_text("Standard")
    ranks = dialog.locator(".howto-ranks li")
    expect(ranks).to_have_count(10)
    expect(dialog.locator(".howto-ranks img")).to_have_count(10)
    expect(ranks.first.locator("img")).to_have_attribute("src", re.compile(r"/cards/italian/1C\.svg$"))
    expect(ranks.first).to_have_text("Ace11 points")
    expect(ranks.nth(1)).to_have_text("Three10 points")
    expect(ranks.last).to_have_text("Two0 points")
    expect(dialog).to_contain_text(TURNED)
    expect(dialog).not_to_contain_text(NO_TRUMP)


def play_a_trick(page: Page) -> None:
    """Play the first card and wait until the trick is taken."""
    assert wait_for_turn(page) == "your-turn"
    page.locator("#hand button:not([disabled])").first.click()
    expect(page.locator("#status")).to_have_text(TAKEN, timeout=30_000)


def test_first_run_offers_how_to_play_and_tips_stay_off_once_dismissed(page: Page, site_url: str, console_errors):
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, site_url)
    offer = page.get_by_role("region", name=re.compile("New to Briscola"))
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("New to Briscola?")
    shot(page, "phone-offer")
    offer.get_by_role("button", name="How to play").click()
    dialog = page.get_by_role("dialog", name="How to play")
    expect(dialog).to_be_visible()
    check_standard(dialog)
    assert dialog.evaluate("d => d.scrollHeight > d.clientHeight")  # long: it scrolls, the page does not
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "phone-dialog")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(offer).to_be_hidden()
    # the offer's button that opened it is gone: the focus goes to the hand, not the page
    expect(page.locator("#hand button").first).to_be_focused()
    assert stored(page, "tips")["data"] == {"show": True, "offer": False, "deals": 0}

    # a tip explains the first trick taken
    play_a_trick(page)
    tip = page.locator("#tip")
    expect(tip).to_be_visible()
    expect(page.locator("#tip-text")).to_contain_text("takes the trick")
    # read out from a live region that is always there (one shown with its text is often not announced)
    expect(page.locator("#tip-said")).to_have_attribute("aria-live", "polite")
    expect(page.locator("#tip-said")).to_have_text(page.locator("#tip-text").inner_text())
    shot(page, "phone-tip")
    tip.get_by_role("button", name="Don't show tips").click()
    expect(tip).to_be_hidden()
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.closest('#hand, #hand-actions, #actions')")
    assert stored(page, "tips")["data"] == {"show": False, "offer": False, "deals": 0}

    reopen_game(page)
    expect(offer).to_be_hidden()
    play_a_trick(page)
    expect(tip).to_be_hidden()

    # the settings' How to play sits beside its title, within the dialog, large enough to tap
    page.locator("#actions [data-action='settings']").click()
    settle(page)  # opened by Python, which may run in a worker since the reload
    expect(page.locator("dialog#settings")).to_be_visible()
    dialog_box = page.locator("dialog#settings").bounding_box()
    for button in page.locator("#settings .dialog-head button, #settings .dialog-buttons button").all():
        box = button.bounding_box()
        assert box["height"] >= 44 and box["x"] >= dialog_box["x"] - 1
        assert box["x"] + box["width"] <= dialog_box["x"] + dialog_box["width"] + 1
    # Save and Cancel stay at the bottom of a long form on a phone (four screens of scrolling)
    for name in ("Save", "Cancel"):
        expect(page.locator("#settings").get_by_role("button", name=name, exact=True)).to_be_in_viewport(ratio=1)
    shot(page, "phone-settings-buttons")
    console_errors.assert_none(ignore=RELOAD_ABORTS)  # a reload cuts the runtime's own download short


def test_how_to_play_from_settings_follows_the_variant(page: Page, site_url: str, context, console_errors):
    seed_settings(context)
    page.set_viewport_size({"width": 1366, "height": 768})
    open_game(page, site_url)
    expect(page.locator("#howto-offer")).to_be_hidden()  # not a first run
    assert stored(page, "tips") is None
    page.locator("#actions [data-action='settings']").click()
    settings = page.get_by_role("dialog", name="Settings")
    settings.get_by_role("button", name="How to play").click()
    dialog = page.get_by_role("dialog", name="How to play")
    expect(dialog).to_be_visible()
    check_standard(dialog)
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    expect(settings).to_be_visible()  # back where it was opened

    settings.locator("input[name='variant'][value='briscolone']").check()
    settings.locator("input[name='must_follow']").check()
    settings.get_by_role("button", name="How to play").focus()
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".howto-variant")).to_contain_text("Briscolone")
    expect(dialog).to_contain_text(NO_TRUMP)
    expect(dialog).not_to_contain_text(TURNED)
    expect(dialog).to_contain_text("You must follow the suit led if you can")
    close = dialog.get_by_role("button", name="Close")
    expect(close).to_be_focused()
    # the focused Close in view at the dialog's bottom edge, not under the text's end
    box, frame = close.bounding_box(), dialog.bounding_box()
    assert box and frame and frame["y"] <= box["y"] and box["y"] + box["height"] <= frame["y"] + frame["height"], \
        (box, frame)
    shot(page, "desktop-briscolone")
    page.keyboard.press("Escape")
    settings.get_by_role("button", name="Save").click()
    expect(settings).to_be_hidden()
    console_errors.assert_none()


SPLIT_WORDS = """sel => { const out = [];
  document.querySelectorAll(sel).forEach(el => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const word = /\\S+/g; let m;
      while ((m = word.exec(node.data)) !== null) {
        if (m[0].includes('\\u00ad')) continue;  // a soft hyphen: split where the language allows
        const r = document.createRange();
        r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
        const lines = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
        if (lines.size > 1) out.push(m[0]);
      }
    }
  }); return out; }"""
"""The words inside the elements ``sel`` finds that run over two lines (split mid-word)."""


def how_to_play_in(page: Page, lang: str):
    """Settings: the language ``lang``, saved; then Settings again and its How to play,
    whose dialog this returns (Settings stays open under it)."""
    page.locator("#actions [data-action='settings']").click()
    page.locator("#settings select.lang-select").select_option(lang)
    page.locator("#settings button[type='submit'][value='save']").click()
    page.locator("#actions [data-action='settings']").click()
    page.locator("#settings [data-action='howto']").click()
    return page.locator("#howto")


def test_the_card_order_shows_every_name_whole_in_every_language_on_a_phone(page: Page, site_url: str, context,
                                                                            console_errors):
    """How to play's card order, five cards a row on a phone: "Шестёрка", "septynakė",
    "اسب‌سوار" were split over two lines; each name and its points show whole, and the
    dialog never scrolls sideways, on the smallest phones too (320 pixels wide, where
    Russian, Polish and Lithuanian ran past the dialog's edge)."""
    seed_settings(context)
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, site_url)
    found = {}
    for lang, width in [(lang, width) for width in (360, 320) for lang in LANGUAGE_CODES]:
        page.set_viewport_size({"width": width, "height": 740})
        dialog = how_to_play_in(page, lang)
        expect(dialog).to_be_visible()
        expect(dialog.locator(".howto-ranks li")).to_have_count(10)
        split = page.evaluate(SPLIT_WORDS, "#howto .howto-ranks b, #howto .howto-ranks span")
        wide = dialog.evaluate("d => d.scrollWidth - d.clientWidth")
        if split or wide > 0:
            found[f"{lang} {width}"] = (split, wide)
        page.keyboard.press("Escape")  # How to play
        page.keyboard.press("Escape")  # Settings
        expect(dialog).to_be_hidden()
    assert not found, found
    console_errors.assert_none()


LOADED = """sel => [...document.querySelectorAll(sel)].map(i => [
  i.getAttribute('src'), i.complete && i.naturalWidth > 0])"""
"""Each picture ``sel`` finds: its address and whether it loaded."""
ALL_LOADED = """sel => [...document.querySelectorAll(sel)].every(i => i.complete)"""


def loaded(page: Page, sel: str) -> list[list]:
    """The pictures ``sel`` finds, once the browser has done with each (loaded or failed)."""
    page.wait_for_function(ALL_LOADED, arg=sel, timeout=30_000)
    return page.evaluate(LOADED, sel)


def test_french_cards_print_the_readers_letters(page: Page, site_url: str, context, console_errors):
    """French cards: the ace and the courts carry the letters the reader's own packs print
    (A R D V in French; A K D B in German once the language changes), drawn from their
    own files, which load; the numbers and the back stay the English pack's."""
    seed_settings(context, deck="french", lang="fr")
    page.set_viewport_size({"width": 1366, "height": 768})
    open_game(page, site_url)
    for lang, letters in (("fr", "rdv"), ("de", "kdb")):
        dialog = how_to_play_in(page, lang)
        expect(dialog.locator(".howto-ranks img")).to_have_count(10)
        ranks = loaded(page, "#howto .howto-ranks img")
        # strongest first: ace, three, king, queen (the Cavallo's place), jack, seven ... two
        assert [src.rsplit("/", 2)[1] for src, _ in ranks] == (
            [f"french-{letters}", "french"] + [f"french-{letters}"] * 3 + ["french"] * 5), ranks
        assert all(ok for _, ok in ranks), ranks
        shot(page, f"letters-{lang}")
        page.keyboard.press("Escape")  # How to play
        page.keyboard.press("Escape")  # Settings
        expect(dialog).to_be_hidden()
        table = loaded(page, "#hand img, #stock img, #opponents img")
        assert table and all(ok for _, ok in table), table
        assert all(f"/french-{letters}/" in src or "/french/" in src for src, _ in table), table
    console_errors.assert_none()
