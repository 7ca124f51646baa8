"""The decks in the page: a first visit in Spanish deals with the Spanish pack, every
picture of it loads, and a deck chosen in Settings is drawn, remembered over a reload and
stored so that a tab of an earlier build (which knows Italian and French cards only) can
still read the settings. A first visit in Portuguese deals Bisca, with French cards whose
Valete ranks above the Dama."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.test_play import open_game, play_one, reopen_game, stored, wait_for_turn

PICTURES = """() => [...document.querySelectorAll('#hand img, #stock img, #trick img')].map(img =>
    [img.getAttribute('src'), img.complete && img.naturalWidth > 0])"""


def pictures(page: Page) -> list[list]:
    return page.evaluate(PICTURES)


def assert_drawn_from(page: Page, deck: str) -> None:
    """Every card on the table is a picture of ``deck`` that has loaded."""
    page.wait_for_function("() => [...document.querySelectorAll('#hand img')].every(i => i.complete)")
    shown = pictures(page)
    assert len(shown) >= 4, shown  # the hand and the stock at least
    for src, loaded in shown:
        assert src.startswith(f"./static/cards/{deck}/"), (deck, src)
        assert loaded, src


def choose_deck(page: Page, label: str) -> None:
    page.get_by_role("button", name="Ajustes").click()
    dialog = page.get_by_role("dialog", name="Ajustes")
    dialog.get_by_label(label).check()
    dialog.get_by_role("button", name="Guardar").click()
    expect(dialog).to_be_hidden()


@pytest.mark.browser_context_args(locale="es-ES")
def test_a_spanish_first_visit_deals_the_spanish_pack_and_a_chosen_deck_is_kept(
    page: Page, context: BrowserContext, site_url: str, console_errors
):
    open_game(page, site_url)
    wait_for_turn(page)
    assert_drawn_from(page, "spanish")
    label = page.locator("#hand button").first.get_attribute("aria-label")
    assert label.split(" de ")[-1] in ("Oros", "Copas", "Espadas", "Bastos"), label
    # one card played: the trick's picture is the pack's too
    play_one(page)
    wait_for_turn(page)
    # French cards chosen in the middle of the deal: the table is drawn with them at once
    choose_deck(page, "Palos franceses")
    page.wait_for_function("() => document.querySelector('#hand img')?.getAttribute('src').includes('/french/')")
    assert_drawn_from(page, "french")
    assert stored(page, "settings")["data"]["deck"] == "french" and stored(page, "deck") is None
    # and the Spanish pack again: kept apart from what earlier builds read, and over a reload
    choose_deck(page, "Baraja española")
    page.wait_for_function("() => document.querySelector('#hand img')?.getAttribute('src').includes('/spanish/')")
    assert stored(page, "settings")["data"]["deck"] == "italian"
    assert stored(page, "deck")["data"] == {"deck": "spanish"}
    reopen_game(page)
    wait_for_turn(page)
    assert_drawn_from(page, "spanish")
    page.get_by_role("button", name="Ajustes").click()
    expect(page.get_by_role("dialog", name="Ajustes").get_by_label("Baraja española")).to_be_checked()
    page.keyboard.press("Escape")


@pytest.mark.browser_context_args(locale="pt-BR")
def test_a_brazilian_first_visit_deals_bisca_with_its_own_courts(
    page: Page, context: BrowserContext, site_url: str, console_errors
):
    open_game(page, site_url)
    wait_for_turn(page)
    expect(page.locator("body")).to_have_attribute("data-variant", "bisca")
    assert_drawn_from(page, "french")
    # How to play teaches the game dealt: the Sete second, the Valete above the Dama
    page.get_by_role("button", name="Como jogar").first.click()
    howto = page.get_by_role("dialog", name="Como jogar")
    expect(howto.locator(".howto-variant b")).to_have_text("Bisca")
    ranks = howto.locator(".howto-ranks li b").all_inner_texts()
    assert ranks == ["Ás", "Sete", "Rei", "Valete", "Dama", "Seis", "Cinco", "Quatro", "Três", "Dois"], ranks
    # drawn so: the Valete's picture is the French pack's Jack (the engine's rank 9, 3 points)
    valete = howto.locator(".howto-ranks li").nth(3)
    assert valete.get_attribute("data-points") == "3"
    assert valete.locator("img").get_attribute("src") == "./static/cards/french/8C.svg"
    page.keyboard.press("Escape")
    expect(howto).to_be_hidden()
    # the cards are named with those courts: a Valete is the engine's rank 9 (3 points)
    for button in page.locator("#hand button").all():
        label, card = button.get_attribute("aria-label"), button.get_attribute("data-card")
        assert re.match(r"^(O|A) ", label), label
        if card[:-1] == "9":
            assert label.startswith("O Valete"), (card, label)
        if card[:-1] == "8":
            assert label.startswith("A Dama"), (card, label)
    play_one(page)
    wait_for_turn(page)
    page.get_by_role("button", name="Ajustes").click()
    dialog = page.get_by_role("dialog", name="Ajustes")
    expect(dialog.get_by_label("Bisca", exact=True)).to_be_checked()
    expect(dialog.get_by_label("Naipes franceses")).to_be_checked()
    page.keyboard.press("Escape")
    # a reload resumes the same Bisca deal
    seen = [b.get_attribute("data-card") for b in page.locator("#hand button").all()]
    reopen_game(page)
    wait_for_turn(page)
    expect(page.locator("body")).to_have_attribute("data-variant", "bisca")
    assert [b.get_attribute("data-card") for b in page.locator("#hand button").all()] == seen
    console_errors.assert_none()
