"""The browser app around the engine.

Everything that decides something (what the table shows, what a click means, what is
saved) lives in plain modules here that unit tests import without a browser; only
:mod:`briscola_app.dom` (with :mod:`~briscola_app.dialogs` and :mod:`~briscola_app.bridge`,
its parts) touches the page and :mod:`briscola_app.boot` starts it.
"""
