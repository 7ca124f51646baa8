"""The review after the deal in real Chromium: from the end-of-deal summary it opens on
the first trick, steps with Previous and Next (and the arrow keys), the expert's coaching
arrives a slice at a time and gives every card the person chose a value, at most three
decisions are highlighted and they are the largest losses shown, a costliest decision
jumps to its trick, and closing it brings the summary back."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.test_play import open_game, play_to_end, seed_settings
from tests.browser.test_variants import shot

COACHING_TIMEOUT_MS = 60_000  # about a second of Pyodide for a two-player deal


def test_review_steps_through_the_deal_with_the_coaching(page: Page, site_url: str, context, console_errors):
    seed_settings(context)
    open_game(page, site_url)
    play_to_end(page)
    summary = page.get_by_role("dialog", name="End of the deal")
    expect(summary).to_be_visible()
    # closed with Escape, the focus goes to what opens it again, not to the empty hand
    page.keyboard.press("Escape")
    expect(summary).to_be_hidden()
    reopen = page.locator("#hand-actions").get_by_role("button", name="Deal summary")
    expect(reopen).to_be_focused()
    page.keyboard.press("Enter")
    expect(summary).to_be_visible()
    summary.get_by_role("button", name="Review").click()
    review = page.get_by_role("dialog", name="Review of the deal")
    expect(review).to_be_visible()
    expect(summary).to_be_hidden()
    step = review.locator("#review-step-text")
    expect(step).to_have_attribute("aria-live", "polite")
    expect(step).to_have_text(re.compile(r"^Trick 1\sof 20\. (You|Giulia) led\. (You|Giulia) took the trick"))
    previous, following = review.get_by_role("button", name="Previous"), review.get_by_role("button", name="Next")
    expect(following).to_be_focused()
    before = following.bounding_box()  # the buttons stay put while the coaching arrives (below)
    expect(previous).to_be_disabled()
    following.click()
    expect(step).to_contain_text("Trick 2 of 20.")
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text("Trick 3 of 20.")
    page.keyboard.press("ArrowLeft")
    expect(step).to_contain_text("Trick 2 of 20.")
    previous.click()
    expect(step).to_contain_text("Trick 1 of 20.")
    expect(previous).to_be_disabled()
    expect(following).to_be_focused()  # the focus leaves the button that no longer works
    expect(review.locator(".review-hand li")).to_have_count(3)
    expect(review.locator(".review-hand li.played-card")).to_have_count(1)

    expect(review).to_have_attribute("data-done", "true", timeout=COACHING_TIMEOUT_MS)
    expect(review.locator("#review-progress")).to_have_text("Analysis complete.")
    expect(review.locator("#review-costly h3")).to_be_attached()
    assert following.bounding_box() == before  # a tap meant for Next lands on Next
    losses, highlighted = [], []
    for k in range(20):
        expect(step).to_contain_text(f"Trick {k + 1} of 20.")
        line = review.locator(".coach")
        expect(line).to_have_count(1)
        text = line.inner_text()
        if k < 19:  # a choice of three cards, or two: every one has the expert's value
            assert re.search(r"expected: ≈ \d+\spoints", text), text
            loss = int(line.get_attribute("data-loss"))
            losses.append(loss)
            if "costly" in line.get_attribute("class").split():
                highlighted.append(loss)
                assert text.endswith("Costly")
        else:  # the last card is forced
            assert text.endswith("the only card you could play.") and line.get_attribute("data-loss") is None
            expect(following).to_be_disabled()
            break
        page.keyboard.press("ArrowRight")
    assert len(highlighted) <= 3
    rest = sorted(losses)
    for loss in highlighted:
        rest.remove(loss)
    assert all(h >= 1 for h in highlighted) and all(h >= x for h in highlighted for x in rest), (highlighted, losses)

    jumps = review.locator("#review-costly button")
    expect(jumps).to_have_count(len(highlighted))
    if highlighted:
        expect(review.locator("#review-costly h3")).to_have_text(
            ["", "Your costliest decision", "Your two costliest decisions", "Your three costliest decisions"][
                len(highlighted)])
        trick = int(re.match(r"Trick (\d+):", jumps.first.inner_text()).group(1))
        page.set_viewport_size({"width": 390, "height": 640})  # a phone: the trick is out of view down there
        # read down to the list
        review.locator(".review-body").evaluate("body => { body.scrollTop = body.scrollHeight; }")
        expect(step).not_to_be_in_viewport()
        jumps.first.click()
        expect(step).to_contain_text(f"Trick {trick} of 20.")
        expect(step).to_be_in_viewport(ratio=1)  # the list is below the trick: the trick is scrolled to
        expect(following).to_be_focused()  # the focus in view, where the steps go on (not on the list out of sight)
        expect(review.locator(".coach.costly")).to_have_count(1)
        assert int(review.locator(".coach").get_attribute("data-loss")) == max(highlighted)

    # a phone turned sideways: the buttons go to the side, the trick is read without scrolling
    page.set_viewport_size({"width": 740, "height": 360})
    review.locator(".review-body").evaluate("body => { body.scrollTop = 0; }")
    expect(step).to_be_in_viewport(ratio=1)
    expect(review.locator("#review-cards .played").first).to_be_in_viewport(ratio=1)
    for button in (previous, following, review.get_by_role("button", name="Close")):
        expect(button).to_be_in_viewport(ratio=1)
    expect(review.locator(".coach")).to_be_in_viewport()  # the expert's word too, at the top of the body
    shot(page, "review-740x360")
    # upright on a phone: the step, its cards and the expert's word, each step from the top
    page.set_viewport_size({"width": 360, "height": 740})
    following.click() if following.is_enabled() else previous.click()
    expect(review.locator(".review-body")).to_have_js_property("scrollTop", 0)
    expect(review.locator(".coach")).to_be_in_viewport(ratio=1)
    shot(page, "review-360x740")
    # shorter phones: the trick and the hand in a row, the buttons in a row, the expert's
    # word under them still in view at each step (at 360x640 only its first line was)
    for width, height in ((360, 640), (320, 568)):
        page.set_viewport_size({"width": width, "height": height})
        following.click() if following.is_enabled() else previous.click()
        expect(review.locator(".review-body")).to_have_js_property("scrollTop", 0)
        expect(review.locator(".coach")).to_be_in_viewport(ratio=1 if height > 600 else 0.5)
        for button in (previous, following, review.get_by_role("button", name="Close")):
            expect(button).to_be_in_viewport(ratio=1)
        shot(page, f"review-{width}x{height}")

    page.keyboard.press("Escape")
    expect(review).to_be_hidden()
    expect(summary).to_be_visible()  # back to the summary, where the review was opened
    expect(summary.get_by_role("button", name="Review")).to_be_focused()
    # closed, the summary (and with it the review) opens again from the table
    summary.get_by_role("button", name="Close").click()
    expect(summary).to_be_hidden()
    reopen.click()
    expect(summary).to_be_visible()
    summary.get_by_role("button", name="Review").click()
    expect(review).to_be_visible()
    expect(review).to_have_attribute("data-done", "true")  # the coaching is kept, not worked out again
    page.keyboard.press("Escape")
    expect(summary).to_be_visible()
    page.keyboard.press("Escape")
    expect(summary).to_be_hidden()
    expect(reopen).to_be_focused()
    console_errors.assert_none()
