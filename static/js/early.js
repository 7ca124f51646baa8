// Runs before Python starts (a deferred classic script, after lang.js, before the first frame): paints
// the table the last visit showed, kept in localStorage as briscola.table by
// py/briscola_app/snapshot.py, so a returning player sees their deal at once rather than
// an empty table for the seconds the runtime takes. Until the page is up it also takes a
// tap on a card of that hand (marked, then played by Python as soon as it is up:
// dom.Page.take_early_taps) and opens Settings, Stats and How to play, which Python fills
// when it is up.
// Stored HTML is painted only into the table's own regions and only within the sizes
// Python writes; the page's policy forbids inline scripts and styles, so it can run nothing.

// Where Python runs. When the page is cross-origin isolated (as Netlify serves it, with
// dist/_headers, or as the service worker makes it on GitHub Pages), in PyScript's worker:
// the page reaches it synchronously through SharedArrayBuffer, and no step of its start,
// or of a computer player's thought, is a task of the page. Else on the page, started
// from the memory snapshot a worker made (boot.mjs). PyScript reads the attribute when its
// module runs, after this classic script. `?python=page` keeps it on the page and
// `?python=worker` puts it in the worker when it can be (to compare the two).
//
// One exception: the first start the service worker serves. The browser keeps the
// runtime's compiled WebAssembly code for the next start only once a start fetched through
// the service worker has run long enough for its hot code to be optimised; before that, a
// start in the worker recompiles that code as it goes, on the cores the start needs
// (docs/startup.md, "The compiled code a start leaves"). That start runs on the page, as
// fast as ever, and notes the build in `briscola.compiled` after COMPILED_AFTER_MS; the
// next start is in the worker. A start in the worker notes it too.
(() => {
  const COMPILED = "briscola.compiled";
  const COMPILED_AFTER_MS = 5000;
  const script = document.querySelector('script[type="py"]');
  const asked = new URLSearchParams(location.search).get("python");
  const build = document.currentScript ? new URL(document.currentScript.src).searchParams.get("v") || "" : "";
  const served = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  let compiled = false;
  try {
    compiled = localStorage.getItem(COMPILED) === build;
  } catch {
    /* storage refused: as if nothing were noted */
  }
  const can = self.crossOriginIsolated === true && typeof SharedArrayBuffer === "function" &&
    typeof Worker === "function";
  const worker = can && asked !== "page" && (asked === "worker" || compiled || !served);
  if (script && worker) script.setAttribute("worker", "");
  document.documentElement.dataset.python = worker ? "worker" : "page";
  // "yes": noted before; "noting": this start notes it; "no": a start on the page the
  // service worker did not serve leaves no compiled code (tests and benchmarks read this)
  const noting = !compiled && (worker || served);
  document.documentElement.dataset.compiled = compiled ? "yes" : noting ? "noting" : "no";
  if (!noting) return;
  const note = () => setTimeout(() => {
    try {
      localStorage.setItem(COMPILED, build);
      document.documentElement.dataset.compiled = "yes";
    } catch {
      /* full or refused: the next start is on the page again */
    }
  }, COMPILED_AFTER_MS);
  if (performance.getEntriesByName("briscola:ready").length) return note();
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("briscola:ready").length) {
      observer.disconnect();
      note();
    }
  }).observe({ type: "mark" });
})();

(() => {
  const KEY = "briscola.table";
  const MAX_CHARS = 96 * 1024;
  const MAX_REGION_CHARS = 32 * 1024;
  const REGIONS = ["opponents", "trick", "briscola", "stock-pile", "stock-count", "hand",
    "hand-actions", "match-bar", "score"];
  const BODY_KEYS = ["players", "hand", "per", "variant", "phase", "motion", "practice"];
  const VALUE = /^[\w-]{0,24}$/;
  const READY_MARK = "briscola:ready";
  // Python has taken the taps made so far (paint.js earlyTaps): the next are its own
  const TAKEN_MARK = "briscola:taps-taken";
  const body = document.body;
  const byId = (id) => document.getElementById(id);
  const ready = () => performance.getEntriesByName(READY_MARK).length > 0
    || performance.getEntriesByName(TAKEN_MARK).length > 0;
  const say = (key) => (window.briscolaText ? window.briscolaText(key) : "") || "";

  const stored = () => {
    try {
      const raw = localStorage.getItem(KEY);
      if (!raw || raw.length > MAX_CHARS) return null;
      const box = JSON.parse(raw);
      const data = box && box.version === 1 ? box.data : null;
      if (!data || typeof data !== "object" || !data.regions || typeof data.regions !== "object") return null;
      for (const id of REGIONS) {
        const html = data.regions[id];
        if (html !== undefined && (typeof html !== "string" || html.length > MAX_REGION_CHARS)) return null;
      }
      return data;
    } catch (e) {
      return null; // nothing to show: Python paints the table when it is up
    }
  };

  const paint = (data) => {
    for (const id of REGIONS) {
      const el = byId(id);
      if (el && typeof data.regions[id] === "string") el.innerHTML = data.regions[id];
    }
    for (const key of BODY_KEYS) {
      const value = data.body && data.body[key];
      if (typeof value === "string" && VALUE.test(value)) body.dataset[key] = value;
    }
    const hand = byId("hand");
    if (hand && Number.isInteger(data.count)) hand.dataset.count = String(data.count);
    if (hand) hand.classList.toggle("your-turn", data.turn === true);
    const bar = byId("match-bar");
    if (bar) bar.hidden = !data.regions["match-bar"];
    const page = window.briscolaPage; // paint.js: the hand made to fit the screen
    if (page && page.fit) page.fit();
    body.dataset.earlyTable = "1"; // the loader steps aside (app.css)
    performance.mark("briscola:table");
  };

  // Another tab's table is not this one's: shown only in the tab that painted it, or in a
  // new tab once that tab is closed (its deal is then taken over: py/briscola_app/tabs.py)
  const TAB_LIVE_MS = 30000;
  const ours = (data) => {
    if (!data.tab) return true; // kept by a build before tabs were told apart
    try {
      const mine = sessionStorage.getItem("briscola.tab");
      if (mine) return mine === data.tab;
      const tabs = JSON.parse(localStorage.getItem("briscola.tabs") || "null");
      const seen = tabs && tabs.version === 1 && tabs.data ? tabs.data[data.tab] : undefined;
      return !(Number.isInteger(seen) && Date.now() - seen < TAB_LIVE_MS);
    } catch (e) {
      return false;
    }
  };
  const data = stored();
  if (data && ours(data)) paint(data);
  // the person's "Reduce motion", before any table: the loader's light stays still too
  try {
    const motion = JSON.parse(localStorage.getItem("briscola.motion") || "null");
    if (motion && motion.version === 1 && motion.data && typeof motion.data.reduce === "boolean") {
      body.dataset.motion = motion.data.reduce ? "off" : "on";
    }
  } catch (e) {
    // unreadable: Python sets it aside and says so
  }

  // The first run's offer of How to play (py/briscola_app/controller.py, _load_tips: no
  // tips stored, and no settings or results either; or tips stored that still offer it),
  // shown from the first paint: the table then does not move when Python shows it (the
  // status line went up 50 px and the hand shrank, a layout shift of 0.115 in
  // Lighthouse), and a newcomer may open How to play while the game loads. No thanks
  // waits for Python, which stores the choice (dom.Page.take_early_taps enables it).
  let firstRun = false;
  let offered = false;
  try {
    firstRun = ["settings", "stats", "matches"].every((key) => localStorage.getItem(`briscola.${key}`) === null);
    const tips = localStorage.getItem("briscola.tips");
    const box = tips === null ? null : JSON.parse(tips);
    offered = tips === null ? firstRun : Boolean(box && box.version === 1 && box.data && box.data.offer === true);
  } catch (e) {
    // storage refused (no offer: Python's notice about storage instead), or tips unreadable
  }
  const offer = byId("howto-offer");
  if (offer && offered) {
    for (const b of offer.querySelectorAll("[data-action='offer-dismiss']")) b.disabled = true;
    offer.hidden = false;
  }
  // A first run's table has no stored picture: the other player's seat (two players, as
  // settings.first_settings deals for every language) and the two lines under the stock
  // are kept free, unseen, until Python draws them, so that nothing moves then
  // (render.py's seat and stock caption, without words).
  const opponents = byId("opponents");
  const caption = byId("stock-count");
  if (firstRun && opponents && caption && !opponents.childElementCount && !body.dataset.earlyTable) {
    opponents.innerHTML = '<div class="seat early-space" aria-hidden="true"><div class="seat-name">&nbsp;</div>'
      + '<div class="seat-backs"></div><div class="pile">&nbsp;</div></div>';
    caption.innerHTML = '<span class="early-space">&nbsp;</span><br><span class="trump-badge early-space">&nbsp;</span>';
  }

  // Settings, Stats and How to play open at once; what they show comes with Python.
  for (const action of ["settings", "stats"]) {
    const button = document.querySelector(`#actions [data-action='${action}']`);
    if (button) button.disabled = false;
  }
  const EARLY_DIALOGS = { settings: "settings-fields", stats: "stats-body", howto: "howto-body" };
  const openEarly = (action) => {
    const fields = byId(EARLY_DIALOGS[action]);
    if (fields && !fields.childElementCount) fields.textContent = say("loading");
    if (action === "stats") { // what they would act on is not read yet
      for (const b of document.querySelectorAll("#stats .dialog-buttons [data-action$='-stats']")) b.disabled = true;
    }
    const dialog = byId(action);
    if (dialog && !dialog.open) dialog.showModal();
    body.dataset.early = action; // tests: opened before Python was up
  };

  body.addEventListener("click", (event) => {
    if (ready() || !event.target || !event.target.closest) return; // Python handles it
    const card = event.target.closest("#hand button[data-card]");
    if (card && !card.disabled) {
      for (const other of document.querySelectorAll("#hand button[data-queued]")) other.removeAttribute("data-queued");
      card.dataset.queued = "1";
      body.dataset.queued = card.dataset.card;
      return;
    }
    const button = event.target.closest("[data-action]");
    const action = button && !button.disabled ? button.dataset.action : "";
    if (action in EARLY_DIALOGS) {
      if (offer && offer.contains(button)) { // the offer is done with, as Python does (dialogs.py)
        offer.hidden = true;
        body.dataset.offerTaken = "1";
      }
      openEarly(action);
    } else if (action === "close") {
      const dialog = button.closest("dialog");
      if (dialog) dialog.close();
    }
  });
})();
