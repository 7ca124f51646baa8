// The page's side of py/briscola_app/dom.py (its calls go through bridge.py): Python
// sends what to change as one list of operations, and this applies them in order. Python
// may run in a worker (static/js/early.js), where every call into the page is a round
// trip; a whole render is then one call, not hundreds. On the page, the same list is
// applied the same way.
//
// An operation is an array, its kind first; a target is a CSS selector, and a missing
// element is skipped. Card motion lives here too: a box is measured ("measure") before
// the HTML that moves the card is replaced, and the card is moved from it afterwards.
(() => {
  const EASE = "cubic-bezier(.2, .7, .3, 1)";
  const one = (selector) => document.querySelector(selector);
  const all = (selector) => Array.from(document.querySelectorAll(selector));
  const boxes = new Map(); // measured boxes, by name, for the motion of one apply
  let focusWasIn = false;

  // Animate `element` between two screen boxes: from `start` to where it lies, or (leave)
  // from where it lies to `end`. The individual translate and scale properties compose
  // with the element's own transform, so a card placed by the stylesheet keeps its place.
  // Never blocks a tap.
  const move = (element, start, end, ms, leave, here) => {
    const other = leave ? end : start;
    if (!other || !here.width || !other.width) return false;
    const dx = other.left + other.width / 2 - (here.left + here.width / 2);
    const dy = other.top + other.height / 2 - (here.top + here.height / 2);
    const scale = Math.max(0.3, Math.min(2.0, other.width / here.width));
    const away = { translate: `${dx.toFixed(0)}px ${dy.toFixed(0)}px`, scale: scale.toFixed(2), opacity: leave ? 0 : 0.6 };
    const still = { translate: "0px 0px", scale: "1", opacity: 1 };
    element.animate(leave ? [still, away] : [away, still], { duration: ms, easing: EASE, fill: leave ? "forwards" : "none" });
    return true;
  };

  const download = (name, text) => {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const OPS = {
    html(selector, html) { const el = one(selector); if (el) el.innerHTML = html; },
    // text is set only when it changed: a live region announces every change
    text(selector, text) { const el = one(selector); if (el && el.textContent !== text) el.textContent = text; },
    prop(selector, name, value) { const el = one(selector); if (el) el[name] = value; },
    props(selector, name, value) { for (const el of all(selector)) el[name] = value; },
    closest(selector, ancestor, name, value) {
      const el = one(selector);
      const up = el && el.closest(ancestor);
      if (up) up[name] = value;
    },
    attr(selector, name, value) {
      const el = one(selector);
      if (el && value == null) el.removeAttribute(name);
      else if (el) el.setAttribute(name, value);
    },
    data(selector, key, value) { const el = one(selector); if (el) el.dataset[key] = value; },
    toggle(selector, name, on) { const el = one(selector); if (el) el.classList.toggle(name, on); },
    translate(texts, lang, dir) {
      document.documentElement.lang = lang;
      document.documentElement.dir = dir;
      for (const node of all("[data-t]")) {
        const text = texts[node.dataset.t];
        if (typeof text === "string") node.textContent = text;
      }
    },
    modal(selector) { const el = one(selector); if (el && !el.open) el.showModal(); },
    close(selector) { const el = one(selector); if (el && el.open) el.close(); },
    closeAll() { for (const el of all("dialog[open]")) el.close(); },
    // whether the focus is inside `selector` now (before the HTML there is replaced)
    focusWas(selector) {
      const active = document.activeElement;
      focusWasIn = Boolean(active && active.closest && active.closest(selector));
    },
    focus(selector) { const el = one(selector); if (el) el.focus(); },
    // where the focus goes when what had it is gone (a tip or an offer dismissed, a
    // dialog closed whose opener was replaced): the hand, else the bottom bar
    focusHome() {
      const el = one("#hand button:not([disabled])") || one("#hand-actions button:not([disabled])")
        || one("#actions button:not([disabled])");
      if (el) el.focus({ preventScroll: true });
    },
    click(selector) { const el = one(selector); if (el) el.click(); },
    // scrolled into its scrolling box's view, if it is not in view already
    reveal(selector) { const el = one(selector); if (el) el.scrollIntoView({ block: "nearest" }); },
    // the index-th (from 1, or the last) of `selector`, if `always` or the focus was there
    focusNth(selector, index, always) {
      if (!always && !focusWasIn) return;
      const found = all(selector);
      if (found.length) found[Math.min(index, found.length) - 1].focus();
    },
    // a button just disabled had the focus (the first or last step): `selector` takes it
    focusIfDisabled(selector) {
      const active = document.activeElement;
      if (active && active.disabled) OPS.focus(selector);
    },
    measure(name, ...selectors) {
      for (const selector of selectors) {
        const el = one(selector);
        if (el) return void boxes.set(name, el.getBoundingClientRect());
      }
      boxes.delete(name);
    },
    // cards come from the box `from` to where they now lie (a card played, cards drawn)
    arrive(selectors, from, ms) {
      const found = selectors.map(one).filter(Boolean);
      for (const el of found) el.classList.remove("new");
      const here = found.map((el) => el.getBoundingClientRect()); // one layout for them all
      let moved = false;
      found.forEach((el, i) => { moved = move(el, boxes.get(from), null, ms, false, here[i]) || moved; });
      return moved;
    },
    // cards leave for the box `to` (a trick gathered by its winner)
    leave(selector, to, ms) {
      const found = all(selector);
      const here = found.map((el) => el.getBoundingClientRect());
      let moved = false;
      found.forEach((el, i) => { moved = move(el, null, boxes.get(to), ms, true, here[i]) || moved; });
      return moved;
    },
    mark(name) { performance.mark(name); },
    sound(on, cues) {
      const api = window.briscolaSound;
      if (!api) return;
      try {
        if (on != null) api.setEnabled(on);
        for (const cue of cues) api.play(cue);
      } catch (e) { /* no sound is no failure */ }
    },
    download,
  };

  // The table fits the screen without scrolling: on a short phone (360x640), with a
  // newcomer's tip, the bids of an auction, the trump exchange's button or a long language,
  // the page grew taller than the screen and the sticky bottom bar covered the hand. When
  // the page would scroll, the hand's cards are made smaller (the --fit of #hand, a factor
  // of their size in app.css) by the part of the hand's height that sticks out, never
  // below FIT_MIN nor below a card's least width (a tap target's 44 pixels: smaller, the
  // card would be squeezed out of shape); each fit starts again from full size, so they
  // grow back when there is room. Run when the page changes (apply, early.js's paint)
  // and the window is resized.
  const FIT_MIN = 0.5;
  const fit = () => {
    const hand = one("#hand");
    if (!hand) return;
    const root = document.documentElement;
    hand.style.removeProperty("--fit");
    if (root.scrollHeight <= root.clientHeight) return;
    const card = hand.querySelector(".card");
    const full = card ? card.getBoundingClientRect().width : 0;
    if (!full) return;
    const least = Math.max(FIT_MIN, (parseFloat(getComputedStyle(card).minWidth) || 0) / full);
    let scale = 1;
    for (let i = 0; i < 3 && scale > least; i += 1) { // fewer lines as the cards shrink: again
      const over = root.scrollHeight - root.clientHeight;
      const height = hand.getBoundingClientRect().height;
      if (over <= 0 || !height) return;
      scale = Math.max(least, scale * Math.max(0, height - over) / height);
      hand.style.setProperty("--fit", scale.toFixed(3));
    }
  };
  window.addEventListener("resize", fit);

  // A card tapped on the person's turn is lifted at once, before Python answers: with
  // Python in a worker the answer waits on this thread, 0.4 to 1.7 s on a phone four times
  // slower than a desktop (docs/startup.md), and the hand looked as if the tap was lost.
  // Python's next change to the page drops the lift (apply), the card played or not; on
  // the page Python answers within the same event, before anything is painted.
  document.addEventListener("click", (event) => {
    const card = event.target && event.target.closest ? event.target.closest("#hand button[data-card]") : null;
    if (card && !card.disabled && document.body.dataset.state === "your-turn") card.dataset.pressed = "1";
  }, true);

  // Applies `ops` in order; true if a card was set moving (Python waits for it then).
  // The hand is fitted before a card is set moving, so that it moves to where it stays,
  // and again at the end (the same size, unless what came after changed the page).
  const apply = (ops) => {
    let moved = false;
    let fitted = false;
    for (const card of all("#hand button[data-pressed]")) card.removeAttribute("data-pressed");
    for (const [kind, ...args] of ops) {
      if (!fitted && (kind === "arrive" || kind === "leave")) { fit(); fitted = true; }
      moved = OPS[kind](...args) === true || moved;
    }
    fit();
    boxes.clear();
    return moved;
  };

  // What the settings form holds: each named input's value and whether it is ticked,
  // each select's value.
  const form = (selector) => {
    const root = one(selector);
    if (!root) return [];
    return Array.from(root.querySelectorAll("input[name], select[name]"), (el) =>
      [el.name, el.type || "", String(el.value), Boolean(el.checked)]);
  };

  // Events handed to Python and not yet handled. On the page a handler runs within its
  // event; in a worker it runs a moment later, and its call here resolves once it has
  // returned, its changes applied. `idle()` says that every event so far has had its
  // effect (the browser tests wait for it after a tap, before they read the page).
  let pending = 0;
  const done = () => { pending -= 1; };
  // What Python's handlers read of an event, read here as it happens and handed over as
  // one JSON string: from a worker each read of the event itself is a round trip to this
  // thread (a tap's reads took 130-180 ms on a phone-slow CPU, 4x). `card`: the hand's
  // card button under the tap; `action`: the [data-action] element under it, with its
  // data-value, data-step, the dialog it is in and whether it is in Settings or in the
  // first-run offer; `tag`: the target's tag (a digit typed in a text field plays no card).
  const facts = (event) => {
    const seen = { type: event.type };
    const target = event.target;
    if (target && typeof target.closest === "function") {
      seen.tag = target.tagName;
      const card = target.closest("button[data-card]");
      if (card) seen.card = { card: card.dataset.card, index: Number(card.dataset.index), disabled: card.disabled };
      const act = target.closest("[data-action]");
      if (act) {
        const dialog = act.closest("dialog");
        seen.action = {
          action: act.dataset.action, disabled: Boolean(act.disabled),
          value: act.dataset.value ?? null, step: act.dataset.step ?? null,
          dialog: dialog ? dialog.id : null,
          settings: Boolean(act.closest("#settings")), offer: Boolean(act.closest("#howto-offer")),
        };
      }
    }
    if (typeof event.key === "string" || event.key === null) seen.key = event.key;  // keydown, storage
    if (typeof event.persisted === "boolean") seen.persisted = event.persisted;  // pageshow
    if (event.type === "visibilitychange") seen.visibility = document.visibilityState;
    return JSON.stringify(seen);
  };
  // Python's handlers, bound in one call: each [target, event type, with the event] of
  // `pairs` ("window", "document" or a selector) calls `handler(index, facts)`, index its
  // place in `pairs` and facts what `facts` read of the event, and the event itself after
  // them where asked (a worker probes each page object it is handed, round trip by round
  // trip).
  const listen = (handler, pairs) => {
    pairs.forEach(([target, type, withEvent], index) => {
      const el = target === "window" ? window : target === "document" ? document : one(target);
      if (!el) return;
      el.addEventListener(type, (event) => {
        pending += 1;
        let result;
        try {
          result = withEvent ? handler(index, facts(event), event) : handler(index, facts(event));
        } finally {
          if (result && typeof result.then === "function") result.then(done, done);
          else done();
        }
      });
    });
  };
  const idle = () => pending === 0;

  const openDialogs = () => all("dialog[open]").map((el) => el.id);
  const textKeys = () => Array.from(new Set(all("[data-t]").map((node) => node.dataset.t)));

  // A stats file chosen in #stats-file is read here, then handed over as the event
  // "briscola:file" on that input (detail: its text, or null when it is larger than the
  // input's data-max characters allow or cannot be read): a worker cannot await the
  // page's promises.
  document.addEventListener("change", async (event) => {
    const input = event.target;
    if (!input || input.id !== "stats-file" || !input.files || !input.files.length) return;
    const file = input.files[0];
    input.value = ""; // the same file may be chosen again
    let text = null;
    if (file.size <= Number(input.dataset.max || 0) * 4) {
      try { text = await file.text(); } catch (e) { text = null; }
    }
    input.dispatchEvent(new CustomEvent("briscola:file", { detail: { text } }));
  });

  // How the person last reached the page: a tap or a click, or the keyboard. A card or a
  // bid given the focus by the page (the first when the turn comes, see dom.py's render)
  // shows its ring to a keyboard user only: the browser draws it after a tap too (the focus was
  // moved by a script), and on a phone a ring round the first card after every tap reads
  // as a hint and covers the points taken above the hand (static/css/app.css).
  const root = document.documentElement;
  if (matchMedia("(pointer: coarse)").matches) root.dataset.input = "pointer"; // a phone, before its first tap
  document.addEventListener("pointerdown", () => { root.dataset.input = "pointer"; }, true);
  document.addEventListener("keydown", () => { root.dataset.input = "keys"; }, true);
  // The defaults Python's handlers cancel, cancelled here at once: a handler in a worker
  // runs after the event is dispatched, too late to call preventDefault.
  document.addEventListener("keydown", (event) => {
    const review = one("#review");
    const arrow = event.key === "ArrowLeft" || event.key === "ArrowRight";
    if (arrow && review && review.open) event.preventDefault(); // Previous and Next, not a scroll
  });
  // A dialog closed: the browser gives the focus back to what had it before, but a
  // dialog opened at a deal's end or from the first-run offer had nothing left to give it
  // back to, and the focus fell to the page itself (a keyboard or screen reader user lost).
  // At the close event the focus may still be on the closed dialog's button: looked at
  // once the browser is done.
  document.addEventListener("close", (event) => {
    if (!(event.target instanceof HTMLDialogElement)) return;
    setTimeout(() => {
      if (all("dialog[open]").length) return;
      const active = document.activeElement;
      // the hand had the focus when the deal's last card went: empty now, it holds nothing
      const emptyHand = Boolean(active && active.id === "hand" && !one("#hand button"));
      const lost = !active || active === document.body || active === document.documentElement || emptyHand
        || Boolean(active.closest("dialog:not([open]), [hidden]"));
      if (lost) OPS.focusHome();
    }, 0);
  }, true);
  // The arrow keys move between the cards of the hand that can be played (the bids and
  // the cards to call in the auction), Home and End to the first and last, in the order
  // they are seen (a right-to-left page's first card is on the right). Here, not in
  // Python: from a worker each key would wait for a round trip.
  const MOVES = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
  for (const group of ["#hand", "#hand-actions"]) {
    const root = one(group);
    if (!root) continue;
    root.addEventListener("keydown", (event) => {
      const here = event.target instanceof HTMLButtonElement ? event.target : null;
      if (!here || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const buttons = Array.from(root.querySelectorAll("button")).filter((b) => !b.closest("[hidden]"));
      const free = (b) => !b.disabled && b.getAttribute("aria-disabled") !== "true"; // not a card that may not be played
      const playable = buttons.filter(free);
      let at = buttons.indexOf(here);
      if (at < 0 || !playable.length) return;
      let to;
      if (event.key === "Home") to = playable[0];
      else if (event.key === "End") to = playable[playable.length - 1];
      else if (event.key in MOVES) {
        // from any card, a refused one too, to the next that may be played that way
        const sideways = event.key === "ArrowLeft" || event.key === "ArrowRight";
        const step = MOVES[event.key] * (sideways && getComputedStyle(root).direction === "rtl" ? -1 : 1);
        do at = (at + step + buttons.length) % buttons.length; while (!free(buttons[at]));
        to = buttons[at];
      } else return;
      event.preventDefault();
      if (to !== here) to.focus();
    });
  }
  document.addEventListener("submit", (event) => {
    if (event.target && event.target.id === "settings-form") event.preventDefault(); // Python saves and closes
  });

  // A tab hidden for good leaves the list of open tabs (py/briscola_app/tabs.py,
  // Tabs.leave), so that the next page of this tab keeps its deal. Python does it on the
  // page; from a worker its handler would run after the page is gone, so here it is done
  // for it, in the same format.
  window.addEventListener("pagehide", (event) => {
    if (document.documentElement.dataset.python !== "worker") return;
    try {
      const tab = sessionStorage.getItem("briscola.tab");
      const box = JSON.parse(localStorage.getItem("briscola.tabs") || "null");
      if (!tab || !box || !box.data || typeof box.data !== "object" || !(tab in box.data)) return;
      delete box.data[tab];
      localStorage.setItem("briscola.tabs", JSON.stringify(box));
    } catch (e) { /* storage refused: the tab is forgotten LIVE_MS after its last beat */ }
  });

  // What Python's start reads from the page, in one call (from a worker each read is a
  // round trip, and each new object it meets is probed there property by property): the
  // values under `prefix` in localStorage and sessionStorage (null where storage is
  // refused), whether this load is a reload, whether the system asks for reduced motion,
  // whether early.js painted the table, the build and the keys of the page's texts. JSON,
  // so that Python gets one string and no object to probe.
  const startInfo = (prefix) => {
    const entries = (name) => {
      try {
        const storage = window[name];
        const found = {};
        for (let i = 0; i < storage.length; i += 1) {
          const key = storage.key(i);
          if (key !== null && key.startsWith(prefix)) found[key] = storage.getItem(key);
        }
        return found;
      } catch (e) {
        return null; // storage refused (private mode, blocked)
      }
    };
    const navigation = performance.getEntriesByType("navigation")[0];
    return JSON.stringify({
      local: entries("localStorage"),
      session: entries("sessionStorage"),
      reloaded: Boolean(navigation && navigation.type === "reload"),
      reduceMotion: Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches),
      table: performance.getEntriesByName("briscola:table").length > 0,
      offerTaken: document.body.dataset.offerTaken === "1", // early.js: How to play from the offer
      build: document.body.getAttribute("data-build") || "",
      textKeys: textKeys(),
    });
  };
  // A card tapped while Python loaded (early.js queues it on the body, taken off here),
  // its button's place and whether it may be played, and the dialogs open. JSON. From
  // this moment every tap is Python's alone (the mark tells early.js): a Settings tap
  // that early.js opened after this, with Python's start not yet over, was never filled.
  const earlyTaps = () => {
    performance.mark("briscola:taps-taken");
    const card = document.body.getAttribute("data-queued");
    document.body.removeAttribute("data-queued");
    const button = card === null ? null : one(`#hand button[data-card="${CSS.escape(card)}"]`);
    return JSON.stringify({
      card,
      index: button ? Number(button.dataset.index) : null,
      playable: Boolean(button && !button.disabled),
      dialogs: openDialogs(),
      offerTaken: document.body.dataset.offerTaken === "1", // How to play opened from the offer
    });
  };
  const mark = (name) => { performance.mark(name); };

  window.briscolaPage = { apply, earlyTaps, fit, form, idle, listen, mark, openDialogs, startInfo, textKeys };
})();
