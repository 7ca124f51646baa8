// The interpreter module pyscript.json names: Pyodide's own loadPyodide, started from a
// memory snapshot when this device keeps one for this build (docs/startup.md, "Memory
// snapshot"). The snapshot is the runtime's memory right after it booted and imported
// the game's pure-Python modules, so a start from it skips both (about 2-3 s in a
// browser on a small machine). It is made on the device, by snapshot-worker.mjs in a
// worker, during a returning visit (the page came from the service worker) once the game
// is ready, and kept in Cache Storage ("briscola.snapshot", 31 MB). A snapshot that fails
// to load is dropped and the runtime starts as usual.
import { loadPyodide as loadRuntime, version } from "../../vendor/pyodide/pyodide.mjs";

export { version };

const BUILD = "__BUILD__";
const CACHE = "briscola.snapshot";
const INDEX_URL = new URL("../../vendor/pyodide/", import.meta.url).href;
const KEY = new URL(`../../snapshot-${BUILD}.bin`, import.meta.url).href; // a cache key only
const READY_MARK = "briscola:ready";
const IDLE_AFTER_READY_MS = 3000;

async function storedSnapshot() {
  try {
    if (!self.caches || !(await caches.has(CACHE))) return null;
    const response = await (await caches.open(CACHE)).match(KEY);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null; // storage refused (private mode, quota): start as usual
  }
}

async function dropSnapshots() {
  try {
    await caches.delete(CACHE);
  } catch {
    /* nothing stored */
  }
}

function whenReady(callback) {
  if (performance.getEntriesByName(READY_MARK).length) return callback();
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName(READY_MARK).length) {
      observer.disconnect();
      callback();
    }
  });
  observer.observe({ type: "mark", buffered: true });
}

// A returning visit with no snapshot for this build: make one in a worker, a moment after
// the game is ready (the worker runs beside the page, which stays free).
function makeSnapshotLater() {
  if (!self.Worker || !self.caches || !navigator.serviceWorker || !navigator.serviceWorker.controller) return;
  whenReady(() => setTimeout(() => {
    const worker = new Worker(new URL("./snapshot-worker.mjs?v=" + BUILD, import.meta.url), { type: "module" });
    worker.onmessage = (event) => {
      worker.terminate();
      if (event.data && event.data.saved) performance.mark("briscola:snapshot-saved");
      else console.warn("no start-up snapshot made:", event.data && event.data.error);
    };
    worker.onerror = (event) => {
      worker.terminate();
      console.warn("no start-up snapshot made:", event.message);
    };
    worker.postMessage({ indexURL: INDEX_URL, key: KEY, cache: CACHE });
  }, IDLE_AFTER_READY_MS));
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  const snapshot = await storedSnapshot();
  if (snapshot) {
    try {
      const pyodide = await loadRuntime({ ...settings, _loadSnapshot: snapshot });
      // the snapshot's random module was seeded where it was made: seed it here
      pyodide.runPython("import random\nrandom.seed()");
      performance.mark("briscola:snapshot-used");
      return pyodide;
    } catch (error) {
      console.warn("start-up snapshot not usable, starting without it:", error);
      await dropSnapshots();
    }
  }
  makeSnapshotLater();
  return loadRuntime(settings);
}
