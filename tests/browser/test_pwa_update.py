"""Updates and installation: a new deploy replaces the old cache after the person accepts
the reload, the deal in progress survives it, and Chromium finds the page installable
(an install button appears) in a real profile."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Page, expect

from tests.browser.test_offline import (
    CACHE_PREFIX,
    READY_TIMEOUT_MS,
    cache_names,
    seed_fast_settings,
    wait_until_offline_ready,
    wait_until_playable,
)
from tests.browser.test_play import play_one, wait_for_turn
from tools import build, devserver

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results" / "pwa"
PHONE = {"width": 360, "height": 740}
SOURCES = ["index.html", "py", "static", "tools/bare", "tools/compile_stdlib.mjs", "package-lock.json", "package.json"]


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory: pytest.TempPathFactory):
    """The same checkout built twice, the second with one changed file: (v1, v2) dirs."""
    tmp = tmp_path_factory.mktemp("update")
    src = tmp / "src"
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, src / name)
    (src / "node_modules").symlink_to(ROOT / "node_modules")
    one = build.build(src, tmp / "v1", npm=False)
    css = src / "static" / "css" / "app.css"
    css.write_text(css.read_text() + "\n/* the next deploy */\n")
    two = build.build(src, tmp / "v2", npm=False)
    assert one.hash != two.hash
    return one, two


@pytest.fixture
def live_site(two_builds, tmp_path: Path):
    """Serves v1 from a folder; calling deploy() swaps v2 in, as a host's deploy would."""
    one, two = two_builds
    site = tmp_path / "site"
    shutil.copytree(one.out, site)
    server = devserver.serve_in_background(site)

    def deploy():
        site.rename(tmp_path / "old")
        shutil.copytree(two.out, site)

    try:
        yield devserver.url_of(server), one.hash, two.hash, deploy
    finally:
        server.shutdown()
        server.server_close()


def open_installed(page: Page, context: BrowserContext, url: str) -> None:
    """The game open on a phone, playable, and its service worker ready for offline."""
    page.set_viewport_size(PHONE)
    seed_fast_settings(context)
    page.goto(url)
    wait_until_playable(page)
    wait_until_offline_ready(page)


def saved_deal(page: Page) -> dict:
    key = "briscola.deal." + page.evaluate("sessionStorage.getItem('briscola.tab')")
    return json.loads(page.evaluate(f"localStorage.getItem('{key}')"))["data"]["record"]


def test_update_replaces_cache_and_keeps_the_deal(
    page: Page, context: BrowserContext, live_site, console_errors, request_log
):
    url, old, new, deploy = live_site
    open_installed(page, context, url)
    assert cache_names(page) == [CACHE_PREFIX + old]

    for _ in range(3):  # three tricks into the deal
        play_one(page)
        assert wait_for_turn(page) == "your-turn"
    before = saved_deal(page)
    assert len(before["tricks"]) == 3
    stock_before = page.locator("#stock-count").text_content()

    deploy()
    page.reload()  # the person comes back: the old build starts, the new one installs
    wait_until_playable(page)
    assert page.locator("body").get_attribute("data-build") == old
    banner = page.locator("#update-banner")
    expect(banner).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(banner).to_contain_text("new version")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / "update-banner.png")
    # both builds are cached side by side until the person accepts
    assert cache_names(page) == sorted([CACHE_PREFIX + old, CACHE_PREFIX + new])

    with page.expect_navigation(timeout=READY_TIMEOUT_MS):
        page.locator("#update-reload").click()
    wait_until_playable(page)
    expect(page.locator("body")).to_have_attribute("data-build", new)
    page.wait_for_function(
        "navigator.serviceWorker.controller && navigator.serviceWorker.controller.state"
        " === 'activated'", timeout=READY_TIMEOUT_MS)
    expect(banner).to_be_hidden()
    page.wait_for_function(
        f"caches.keys().then(k => !k.includes('{CACHE_PREFIX + old}'))",
        timeout=READY_TIMEOUT_MS)
    assert cache_names(page) == [CACHE_PREFIX + new]
    css = page.evaluate("fetch('./static/css/app.css').then(r => r.text())")
    assert "the next deploy" in css, "the new build's files are served"

    after = saved_deal(page)
    assert after["seed"] == before["seed"] and after["tricks"] == before["tricks"]
    expect(page.locator("#stock-count")).to_have_text(stock_before)
    console_errors.assert_none()
    request_log.assert_same_origin(url)


def test_an_update_taken_in_one_tab_leaves_a_working_reload_in_the_other(
    page: Page, context: BrowserContext, live_site, console_errors
):
    """Two tabs of the old build both offer the new one; the first takes it. The second's
    Reload used to do nothing (it asked a worker already active to take over)."""
    url, old, new, deploy = live_site
    open_installed(page, context, url)
    deploy()
    page.reload()
    wait_until_playable(page)
    other = context.new_page()
    other.set_viewport_size(PHONE)
    other.goto(url)
    wait_until_playable(other)
    for tab in (page, other):
        assert tab.locator("body").get_attribute("data-build") == old
        expect(tab.locator("#update-banner")).to_be_visible(timeout=READY_TIMEOUT_MS)
    with page.expect_navigation(timeout=READY_TIMEOUT_MS):
        page.locator("#update-reload").click()
    wait_until_playable(page)
    expect(page.locator("body")).to_have_attribute("data-build", new)
    expect(other.locator("#update-banner")).to_be_visible()  # still the old build there
    with other.expect_navigation(timeout=READY_TIMEOUT_MS):
        other.locator("#update-reload").click()
    wait_until_playable(other)
    expect(other.locator("body")).to_have_attribute("data-build", new)
    expect(other.locator("#update-banner")).to_be_hidden()
    console_errors.assert_none()


def test_the_update_banner_can_be_pressed_over_an_open_dialog(page: Page, context: BrowserContext, site_url: str,
                                                              console_errors):
    """A modal dialog makes the rest of the page inert: a banner that shows while the
    settings (or the summary) are open must be inside the dialog to be pressed, and go
    back to the page when it closes. (The banner is shown here as pwa.js shows it, by
    unhiding it; the real deploy is the test above.)"""
    page.set_viewport_size(PHONE)
    seed_fast_settings(context)
    page.goto(site_url)
    wait_until_playable(page)
    banner = page.locator("#update-banner")
    page.locator("[data-action=settings]").click()
    dialog = page.locator("#settings")
    expect(dialog).to_be_visible()
    page.evaluate("document.getElementById('update-banner').hidden = false")
    expect(banner).to_be_visible()
    expect(page.locator("#settings #update-banner")).to_have_count(1)
    later = page.locator("#update-later")
    box = later.bounding_box()
    assert box is not None and box["y"] < 60, "still fixed to the top of the screen"
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.id",
                        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert hit == "update-later"
    later.click(timeout=5000)
    expect(banner).to_be_hidden()
    expect(dialog).to_be_visible()  # the dialog stays open
    expect(page.locator("body > #update-banner")).to_have_count(1)  # back in its place
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.evaluate("document.getElementById('update-banner').hidden = false")
    expect(page.locator("body > #update-banner")).to_be_visible()
    page.locator("#update-later").click(timeout=5000)
    expect(banner).to_be_hidden()
    console_errors.assert_none()


def test_installable_in_a_real_profile(
    browser_type: BrowserType, browser_type_launch_args: dict, site_url: str, tmp_path: Path
):
    """Chromium's own installability check passes and our install button shows. This
    needs a persistent (non-incognito) profile, so it starts its own browser."""
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(site_url, timeout=READY_TIMEOUT_MS)
        wait_until_playable(page)
        wait_until_offline_ready(page)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        button = page.locator("#install-button")
        expect(button).to_be_visible(timeout=READY_TIMEOUT_MS)
        expect(button).to_have_text("Install")
        # it sits in the top bar, clear of the score
        box, score = button.bounding_box(), page.locator("#score").bounding_box()
        assert box["x"] + box["width"] <= score["x"]
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SHOTS / "install-button.png")
    finally:
        context.close()
