"""A tab with Python in it survives Chromium's sampling of memory allocations.

Chromium (156) crashes a tab ("Page crashed", SIGSEGV) when it records a stack trace while
WebAssembly runs on a JSPI stack: its allocation sampler (GWP-ASan, on in a random share of
browsers and tabs) walks past that stack's end. Pyodide runs Python's calls on such stacks
whenever the browser has JSPI, so the game turns JSPI off for Pyodide (static/js/no-jspi.mjs,
docs/startup.md, "The renderer crash and JSPI"). This test launches a Chromium that samples
allocations in every tab, often, and plays a deal in it: before the fix, pages crashed within
seconds under this flag.
"""

from __future__ import annotations

from tests.browser.test_play import open_game, play_to_end, seed_settings

SAMPLE_ALLOCATIONS = ("--enable-features=GwpAsanMalloc:ProcessSamplingProbability/1.0"
                      "/AllocationSamplingFrequency/100/ProcessSamplingBoost2/1")


def test_pyodide_has_no_jspi_and_a_deal_survives_sampled_allocations(browser_type, browser_type_launch_args, site_url):
    launch = dict(browser_type_launch_args)
    launch["args"] = [*launch.get("args", []), SAMPLE_ALLOCATIONS]
    browser = browser_type.launch(**launch)
    try:
        context = browser.new_context()
        seed_settings(context)
        page = context.new_page()
        crashed: list[bool] = []
        page.on("crash", lambda _page: crashed.append(True))
        open_game(page, site_url)
        assert page.evaluate("'Suspending' in WebAssembly || 'Suspender' in WebAssembly") is False
        assert len(play_to_end(page)) >= 1
        assert not crashed
    finally:
        browser.close()
