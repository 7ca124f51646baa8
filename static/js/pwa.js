// Offline, update and install glue: registers the service worker once the hand is
// playable (so its downloads never compete with start-up), says once that the game now
// plays offline when the first visit's copy is complete, offers a reload when a new
// build is waiting, shows an install button where the browser offers one, and asks the
// browser to keep our storage. Loaded as a module (deferred); no inline script needed.

const READY_MARK = "briscola:ready";
const READY_FALLBACK_MS = 30000; // register anyway if the game never reports ready
const UPDATE_CHECK_MS = 60 * 60 * 1000;
const OFFLINE_TOAST_MS = 5000; // how long "Ready to play offline" shows
const CACHE_PREFIX = "briscola-"; // the service worker's caches (static/sw.js)

// Words come from lang.js (filled by the build from py/briscola/locales), in the
// language the page shows now.
const KEYS = {
  update: "pwa_update", reload: "pwa_reload", later: "pwa_later", install: "pwa_install",
  installLabel: "pwa_install_label", persist: "pwa_persist", offline: "pwa_offline_ready",
};
const text = (key) => (window.briscolaText ? window.briscolaText(KEYS[key]) : "") || key;
const byId = (id) => document.getElementById(id);

// Layout for the two controls, as a constructed sheet (allowed by a strict CSP).
const CSS = `
#update-banner { top: calc(6px + env(safe-area-inset-top, 0px)); z-index: 20; }
#install-button {
  position: fixed; left: 50%; transform: translateX(-50%); top: 8px; z-index: 15;
  min-height: 32px; padding: 0 12px; border-radius: 16px; cursor: pointer; font-size: .85rem;
  border: 1px solid rgba(255,255,255,.4); background: rgba(0,0,0,.25); color: inherit;
}
.topbar #install-button { position: static; transform: none; margin-right: auto; }
#install-button[hidden], #update-banner[hidden], #persist-note[hidden] { display: none; }
`;

function addStyles() {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch {
    /* old browser: the controls still work, unstyled */
  }
}

function whenReady(callback) {
  let done = false;
  const once = () => {
    if (!done) {
      done = true;
      callback();
    }
  };
  if (performance.getEntriesByName(READY_MARK).length) return once();
  try {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName(READY_MARK).length) {
        observer.disconnect();
        once();
      }
    });
    observer.observe({ type: "mark", buffered: true });
  } catch {
    /* no PerformanceObserver: the fallback timer registers */
  }
  setTimeout(once, READY_FALLBACK_MS);
}

// ------------------------------------------------------------------ update banner

let updateRequested = false;

// A modal dialog makes everything outside it inert, the top layer included: over the
// summary or the settings the banner could be seen and not pressed. While it shows, it
// goes into the topmost open modal dialog (still fixed to the top of the screen), and
// back to its place in the page when the dialog closes.
let bannerHome = null;

function topModal() {
  const open = [...document.querySelectorAll("dialog[open]")];
  const modal = open.filter((d) => {
    try {
      return d.matches(":modal");
    } catch {
      return true; // no :modal in this browser: every dialog of ours opens modal
    }
  });
  return modal.length ? modal[modal.length - 1] : null;
}

function placeBanner() {
  const banner = byId("update-banner");
  if (!banner) return;
  if (!bannerHome) bannerHome = { parent: banner.parentElement, next: banner.nextSibling };
  const modal = banner.hidden ? null : topModal();
  if (modal) {
    if (banner.parentElement !== modal) modal.append(banner);
  } else if (banner.parentElement !== bannerHome.parent) {
    bannerHome.parent.insertBefore(banner, bannerHome.next);
  }
}

function setupBanner() {
  const banner = byId("update-banner");
  if (!banner) return;
  byId("update-later").addEventListener("click", () => {
    banner.hidden = true;
  });
  const observer = new MutationObserver(placeBanner);
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["open"] });
  observer.observe(banner, { attributes: true, attributeFilter: ["hidden"] });
}

function showUpdate(worker) {
  const banner = byId("update-banner");
  if (!banner) return;
  byId("update-text").textContent = text("update");
  const reload = byId("update-reload");
  const later = byId("update-later");
  reload.textContent = text("reload");
  later.textContent = text("later");
  reload.onclick = () => {
    reload.disabled = true;
    updateRequested = true;
    if (worker.state === "activating" || worker.state === "activated") {
      // another tab took the update already: this page is the old build, load the new one
      window.location.reload();
      return;
    }
    worker.postMessage({ type: "skip-waiting" });
  };
  banner.hidden = false;
  document.body.dataset.update = "waiting";
}

function watchForUpdates(registration) {
  // A new build may be waiting already, or installing (the browser checks for one on
  // every navigation, possibly before this runs), or found later.
  const track = (worker) => {
    if (!worker) return;
    const settle = () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) showUpdate(worker);
    };
    settle();
    worker.addEventListener("statechange", settle);
  };
  track(registration.waiting);
  track(registration.installing);
  registration.addEventListener("updatefound", () => track(registration.installing));
  const check = () => registration.update().catch(() => {});
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
  setInterval(check, UPDATE_CHECK_MS);
}

// ------------------------------------------------------------------ offline copy

// Whether an offline copy of any build is kept already: then this is not the first visit
// (a reload that bypassed the worker, say) and there is nothing new to say.
async function hasCopy() {
  try {
    return (await caches.keys()).some((name) => name.startsWith(CACHE_PREFIX));
  } catch {
    return false;
  }
}

// What may show at the top of the screen already: a notice, the update banner. The
// message goes under them, not over their words.
const TOP_NOTES = "#notice, #update-banner";

// What the top bar says besides its title: the message never covers them.
const TOP_BAR_WORDS = ".topbar > :not(.brand), .topbar .topbar-end > *";

const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

// Said in a live region, so a screen reader says it too; it lets every tap through
// (app.css .toast). Over the top bar, which covers no card nor whose turn it is: in its
// middle where that is free (a wide screen), else over the title, in as many lines as
// that room takes (a phone, where the middle holds the score), else just under the bar.
// Placed again when the bar changes while it shows (Briscola chiamata's score comes
// with the call, under a message placed during the auction).
function announceOffline() {
  const toast = byId("offline-toast");
  if (!toast) return;
  toast.textContent = text("offline");
  placeToast(toast);
  const bar = document.querySelector(".topbar");
  const watch = bar && window.MutationObserver ? new MutationObserver(() => placeToast(toast)) : null;
  if (watch) watch.observe(bar, { childList: true, subtree: true, characterData: true, attributeFilter: ["hidden"] });
  setTimeout(() => {
    if (watch) watch.disconnect();
    toast.textContent = "";
  }, OFFLINE_TOAST_MS);
}

function placeToast(toast) {
  let below = 0;
  for (const note of document.querySelectorAll(TOP_NOTES)) {
    const box = note.getBoundingClientRect();
    if (box.height > 0) below = Math.max(below, box.bottom);
  }
  toast.removeAttribute("style"); // CSSOM from here on: allowed by the CSP
  if (below) toast.style.top = `${Math.round(below) + 8}px`;
  else placeOverTopBar(toast);
}

function placeOverTopBar(toast) {
  const bar = document.querySelector(".topbar");
  const brand = document.querySelector(".topbar .brand");
  if (!bar || !brand) return;
  const words = [...document.querySelectorAll(TOP_BAR_WORDS)]
    .map((el) => el.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.height > 0);
  const clear = () => !words.some((box) => overlaps(toast.getBoundingClientRect(), box));
  if (clear()) return;
  // the title's row: what shares it bounds the room sideways, a row under it (a match's
  // bar, wrapped) bounds it below
  const title = brand.getBoundingClientRect();
  const barBox = bar.getBoundingClientRect();
  const inRow = words.filter((box) => box.top < title.bottom && box.bottom > title.top);
  const under = words.filter((box) => box.top >= title.bottom - 1).map((box) => box.top);
  const floor = Math.min(barBox.bottom, ...under);
  const rtl = getComputedStyle(bar).direction === "rtl";
  const edge = rtl ? Math.max(barBox.left, ...inRow.map((box) => box.right))
    : Math.min(barBox.right, ...inRow.map((box) => box.left));
  const room = Math.floor(rtl ? window.innerWidth - edge - 16 : edge - 16);
  Object.assign(toast.style, { insetInlineStart: "8px", insetInlineEnd: "auto", marginInline: "0",
    maxWidth: `${room}px`, fontSize: ".8rem", lineHeight: "1.2", padding: "4px 10px" });
  const height = toast.getBoundingClientRect().height;
  const middle = (title.top + title.bottom) / 2;
  toast.style.top = `${Math.round(Math.max(barBox.top + 2, Math.min(middle - height / 2, floor - height)))}px`;
  if (room >= 96 && clear() && toast.getBoundingClientRect().bottom <= floor + 1) return;
  toast.removeAttribute("style");
  toast.style.top = `${Math.round(barBox.bottom) + 4}px`;
}

async function registerWorker() {
  if (!("serviceWorker" in navigator)) return;
  let reloading = false;
  const controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // The first install claims this page (same build): nothing to reload. A new build
    // that took over because the user asked: reload into it. The deal is saved after
    // every move, so it resumes. A new build another tab took: this page is the old
    // one, so the reload is offered (its button reloads at once).
    if (reloading) return;
    if (!updateRequested) {
      if (controlled && navigator.serviceWorker.controller) showUpdate(navigator.serviceWorker.controller);
      return;
    }
    reloading = true;
    window.location.reload();
  });
  try {
    const firstCopy = !controlled && !(await hasCopy()); // asked before this visit makes one
    const registration = await navigator.serviceWorker.register("./sw.js", { scope: "./" });
    watchForUpdates(registration);
    // The browser's own check on navigation can be skipped or late; ask once now, so a
    // deploy made since the last visit is found on this visit (one small request).
    if (navigator.serviceWorker.controller) registration.update().catch(() => {});
    await navigator.serviceWorker.ready; // installed: every file of the game is in its cache
    document.body.dataset.offline = "ready";
    if (firstCopy) announceOffline();
  } catch (error) {
    console.warn("service worker registration failed:", error);
  }
}

// ------------------------------------------------------------------ install button

let installPrompt = null;

function setupInstall() {
  const button = byId("install-button");
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault(); // show our button instead of the browser's mini bar
    installPrompt = event;
    if (!button) return;
    // Sit in the top bar, next to the title, when there is one.
    const brand = document.querySelector(".topbar .brand");
    if (brand && button.parentElement !== brand.parentElement) brand.after(button);
    button.textContent = text("install");
    button.setAttribute("aria-label", text("installLabel"));
    button.hidden = false;
  });
  window.addEventListener("appinstalled", () => {
    installPrompt = null;
    if (button) button.hidden = true;
  });
  if (!button) return;
  button.addEventListener("click", async () => {
    if (!installPrompt) return;
    const prompt = installPrompt;
    installPrompt = null;
    button.hidden = true;
    await prompt.prompt();
  });
}

// ------------------------------------------------------------------ persistent storage

async function askPersist() {
  const note = byId("persist-note");
  if (!navigator.storage || !navigator.storage.persist) return;
  let granted = false;
  try {
    granted = (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    granted = false;
  }
  document.body.dataset.persist = granted ? "granted" : "refused";
  if (granted || !note) return;
  const paint = () => {
    note.textContent = text("persist");
  };
  paint();
  note.hidden = false;
  // The language can change in the settings: repaint the note when the dialog opens.
  const dialog = byId("settings");
  if (dialog) {
    new MutationObserver(paint).observe(dialog, { attributes: true, attributeFilter: ["open"] });
  }
}

addStyles();
setupInstall();
setupBanner();
// The worker is registered once the table's pictures are in (PICTURES_WAIT_MS at most):
// registered at once, its install downloaded the whole site, the runtime's megabytes
// first, while a first visit's table still waited for its cards. They came 0.3-0.7 s
// after the table, and 0.2-0.4 s after it with this wait (docs/startup.md).
const PICTURES_WAIT_MS = 2000;
const TABLE_PICTURES = "#hand img, #trick img, #briscola img, #stock-pile img, #opponents img";

function tablePictures() {
  const pictures = Array.from(document.querySelectorAll(TABLE_PICTURES), (img) => img.decode().catch(() => null));
  return Promise.race([Promise.all(pictures), new Promise((resolve) => setTimeout(resolve, PICTURES_WAIT_MS))]);
}

whenReady(() => {
  tablePictures().then(() => {
    registerWorker();
    askPersist();
  });
});
