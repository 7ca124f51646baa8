// The interpreter module pyscript.json names: Pyodide's own loadPyodide, started from a
// memory snapshot of the runtime (docs/startup.md, "Memory snapshot"): its memory right
// after it booted and imported the game's pure-Python modules. The runtime's own start is
// one long task of seconds; the page must not freeze for it, so it runs in a worker
// (snapshot-worker.mjs), which hands the snapshot over, and the page starts from it
// without a long task. The snapshot is kept in Cache Storage ("briscola.snapshot", 31 MB,
// per build), so later visits start from it at once. If a snapshot cannot be made or
// loaded, the runtime starts here as usual (and a stored one that fails is dropped).
import { loadPyodide as loadRuntime, version } from "../../vendor/pyodide/pyodide.mjs";

export { version };

const BUILD = "__BUILD__";
const CACHE = "briscola.snapshot";
const INDEX_URL = new URL("../../vendor/pyodide/", import.meta.url).href;
const KEY = new URL(`../../snapshot-${BUILD}.bin`, import.meta.url).href; // a cache key only
const WORKER_TIMEOUT_MS = 90000;

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

// The runtime started, and the snapshot made and stored, in a worker; resolves to the
// snapshot's bytes, or null when no worker could make one.
function snapshotFromWorker() {
  if (!self.Worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    let worker;
    let settled = false;
    const fail = (problem) => {
      if (settled) return;
      settled = true;
      console.warn("no start-up snapshot made:", problem);
      resolve(null);
    };
    // a worker that never answers (a browser without module workers may say nothing)
    // must not keep the game from starting: the runtime then starts on the page
    const timer = setTimeout(() => {
      if (worker) worker.terminate();
      fail(`no answer in ${WORKER_TIMEOUT_MS / 1000} s`);
    }, WORKER_TIMEOUT_MS);
    try {
      worker = new Worker(new URL("./snapshot-worker.mjs?v=" + BUILD, import.meta.url), { type: "module" });
    } catch (error) {
      clearTimeout(timer);
      return fail(error);
    }
    worker.onmessage = ({ data }) => {
      clearTimeout(timer);
      if (data && data.snapshot) { // the worker goes on to store it
        if (settled) return worker.terminate();
        settled = true;
        performance.mark("briscola:snapshot-made");
        resolve(new Uint8Array(data.snapshot));
        return;
      }
      worker.terminate();
      if (data && data.stored) performance.mark("briscola:snapshot-saved");
      else if (data && data.storeError) console.warn("start-up snapshot not stored:", data.storeError);
      else fail(data && data.error);
    };
    worker.onerror = (event) => {
      clearTimeout(timer);
      worker.terminate();
      fail(event.message);
    };
    worker.postMessage({ indexURL: INDEX_URL, key: KEY, cache: self.caches ? CACHE : null });
  });
}

async function startFrom(settings, snapshot) {
  const pyodide = await loadRuntime({ ...settings, _loadSnapshot: snapshot });
  // the snapshot's random module was seeded where it was made: seed it here
  pyodide.runPython("import random\nrandom.seed()");
  performance.mark("briscola:snapshot-used");
  return pyodide;
}

// Started from ``snapshot``, or null (the snapshot deleted) when it cannot be loaded.
async function startOrDrop(settings, snapshot, problem) {
  try {
    return await startFrom(settings, snapshot);
  } catch (error) {
    console.warn(problem, error);
    await dropSnapshots();
    return null;
  }
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  const stored = await storedSnapshot();
  const fromStored = stored && (await startOrDrop(settings, stored, "stored start-up snapshot not usable:"));
  if (fromStored) return fromStored;
  const made = await snapshotFromWorker();
  const fromMade = made && (await startOrDrop(settings, made, "start-up snapshot not usable:"));
  return fromMade || loadRuntime(settings);
}
