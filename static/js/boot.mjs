// The interpreter module pyscript.json names: Pyodide's own loadPyodide, started from a
// memory snapshot of the runtime (docs/startup.md, "Memory snapshot"): its memory right
// after it booted and imported the game's pure-Python modules. The runtime's own start is
// one long task of seconds; the page must not freeze for it, so it runs in a worker
// (snapshot-worker.mjs), which hands the snapshot over, and the page starts from it
// without a long task. The snapshot is kept in Cache Storage ("briscola.snapshot", 31 MB,
// per build), so later visits start from it at once. If a snapshot cannot be made or
// loaded, the runtime starts here as usual (and a stored one that fails is dropped).
import "./no-jspi.mjs";
import { loadPyodide as loadRuntime, version } from "../../vendor/pyodide/pyodide.mjs";

export { version };

const BUILD = "__BUILD__";
const CACHE = "briscola.snapshot";
const INDEX_URL = new URL("../../vendor/pyodide/", import.meta.url).href;
const KEY = new URL(`../../snapshot-${BUILD}.bin`, import.meta.url).href; // a cache key only
const WORKER_TIMEOUT_MS = 90000; // with no word from the snapshot worker: it is given up

// How much the snapshot worker has downloaded, under the loader's stage: on a slow network
// a first visit downloads for a minute or more, and a growing count shows it is not stuck
// (the loader's moving light is off with "Reduce motion").
function showGot(bytes) {
  const el = self.document && document.getElementById("loader-got");
  if (!el) return;
  const mb = bytes / 1e6;
  let text;
  try {
    text = new Intl.NumberFormat(document.documentElement.lang || undefined,
      { style: "unit", unit: "megabyte", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(mb);
  } catch {
    text = `${mb.toFixed(1)} MB`;
  }
  el.textContent = text;
}

// The stored snapshot's bytes as a promise, or null when none is stored. Only the lookup is
// awaited: Pyodide awaits the bytes when it sizes its memory, so reading 31 MB overlaps
// with its glue loading and the wasm compiling (40-50 ms sooner in the worker).
async function storedSnapshot() {
  try {
    if (!self.caches || !(await caches.has(CACHE))) return null;
    const response = await (await caches.open(CACHE)).match(KEY);
    return response ? response.arrayBuffer().then((bytes) => new Uint8Array(bytes)) : null;
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

// The runtime started, and the snapshot made and stored, in a worker. Two promises:
// `module`, the WebAssembly module the worker compiled, as soon as its runtime is up (null
// if it sends none), and `snapshot`, the snapshot's bytes; both null when no worker could
// make one. started() tells the worker the page's runtime is up (it stores the snapshot
// then).
function snapshotFromWorker() {
  let gotModule, gotSnapshot;
  const module = new Promise((resolve) => { gotModule = resolve; });
  const snapshot = new Promise((resolve) => { gotSnapshot = resolve; });
  const made = { module, snapshot, started() {} };
  if (!self.Worker) {
    gotModule(null);
    gotSnapshot(null);
    return made;
  }
  let worker;
  let settled = false;
  const fail = (problem) => {
    gotModule(null);
    if (settled) return;
    settled = true;
    console.warn("no start-up snapshot made:", problem);
    gotSnapshot(null);
  };
  // a worker that never answers (a browser without module workers may say nothing)
  // must not keep the game from starting: the runtime then starts on the page. One that
  // is still downloading says so ({got}) and is waited for: given up after 90 s on a slow
  // network, it had made the page download everything again and then freeze for seconds
  // while the runtime started on it.
  let timer;
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (worker) worker.terminate();
      fail(`no word in ${WORKER_TIMEOUT_MS / 1000} s`);
    }, WORKER_TIMEOUT_MS);
  };
  wait();
  try {
    worker = new Worker(new URL("./snapshot-worker.mjs?v=" + BUILD, import.meta.url), { type: "module" });
  } catch (error) {
    clearTimeout(timer);
    fail(error);
    return made;
  }
  worker.onmessage = ({ data }) => {
    if (data && typeof data.got === "number") {
      if (!settled) {
        wait();
        showGot(data.got);
      }
      return;
    }
    if (data && data.module) {
      performance.mark("briscola:runtime-up");
      gotModule(data.module);
      return;
    }
    clearTimeout(timer);
    if (data && data.snapshot) { // the worker goes on to store it
      gotModule(null); // (when it sent no module: the page compiles its own)
      if (settled) return worker.terminate();
      settled = true;
      performance.mark("briscola:snapshot-made");
      gotSnapshot(new Uint8Array(data.snapshot));
      return;
    }
    worker.terminate();
    if (data && data.stored) performance.mark("briscola:snapshot-saved");
    else if (data && data.storeError) console.warn("start-up snapshot not stored:", data.storeError);
    else fail(data && data.error);
  };
  worker.onmessageerror = () => gotModule(null); // a module this page cannot take
  worker.onerror = (event) => {
    clearTimeout(timer);
    worker.terminate();
    fail(event.message);
  };
  worker.postMessage({ indexURL: INDEX_URL, key: KEY, cache: self.caches ? CACHE : null });
  // the page's runtime is up: the worker may store the snapshot now
  made.started = () => worker.postMessage({ started: true });
  return made;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// Pyodide's module factory, set up from a WebAssembly module compiled already (by the
// snapshot worker): Pyodide adds two imports of its own to the wasm's, then compiles the
// wasm it fetched; here the instance is made from `module` instead, with those imports.
// Pyodide's glue (pyodide.asm.mjs) is loaded meanwhile.
function fromCompiled(module) {
  const glue = import(INDEX_URL + "pyodide.asm.mjs");
  return async (settings) => {
    const instantiate = settings.instantiateWasm;
    if (instantiate) {
      settings.instantiateWasm = (imports, done) => {
        const streaming = WebAssembly.instantiateStreaming;
        const restore = () => { WebAssembly.instantiateStreaming = streaming; };
        WebAssembly.instantiateStreaming = async (source, given) => {
          if (given !== imports) return streaming.call(WebAssembly, source, given); // not ours
          restore();
          await nextTask(); // the snapshot has just arrived: let the page breathe
          let instance;
          try {
            instance = await WebAssembly.instantiate(module, given);
          } catch (error) { // Pyodide would only log a failure here, and wait for ever
            console.warn("shared wasm module not usable, compiling the fetched one:", error);
            return streaming.call(WebAssembly, source, given);
          }
          performance.mark("briscola:wasm-shared");
          await nextTask();
          return { instance, module };
        };
        return instantiate(imports, (instance, compiled) => {
          restore();
          done(instance, compiled);
        });
      };
    }
    const create = (await glue).default;
    await nextTask(); // the steps of a start, each in a task of its own
    const runtime = await create(settings);
    await nextTask(); // before the snapshot is restored
    return runtime;
  };
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

// In PyScript's worker (static/js/early.js chose it) with no snapshot stored: a long start
// freezes no page here, so the runtime boots as usual, and a snapshot for the next
// visit is made by a snapshot worker of its own once the game is up (dom.start calls
// briscolaStarted): before, it would compete with this start for the cores.
function bootInWorker(settings) {
  self.briscolaStarted = () => {
    self.briscolaStarted = undefined;
    if (self.caches) snapshotFromWorker().started(); // it stores the snapshot, then ends
  };
  return loadRuntime(settings);
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  const stored = await storedSnapshot();
  const fromStored = stored && (await startOrDrop(settings, stored, "stored start-up snapshot not usable:"));
  const inWorker = !self.document;
  if (inWorker) {
    self.briscolaSnapshotUsed = Boolean(fromStored); // dom.start marks it on the page
    const runtime = fromStored || (await bootInWorker(settings));
    // Python's memory, which the page cannot see from here (tools/bench_memory.py reads it)
    self.briscolaWasmBytes = () => runtime._module.HEAP8.buffer.byteLength;
    return runtime;
  }
  if (fromStored) return fromStored;
  const made = snapshotFromWorker();
  const module = await made.module;
  if (module) { // set up the page's runtime while the worker imports the game
    const snapshot = made.snapshot.then((bytes) => bytes || Promise.reject(new Error("no snapshot")));
    const early = await startOrDrop({ ...settings, createPyodideModule: fromCompiled(module) }, snapshot,
      "start-up snapshot not usable:");
    if (early) {
      made.started();
      return early;
    }
  }
  const bytes = await made.snapshot;
  const fromMade = bytes && (await startOrDrop(settings, bytes, "start-up snapshot not usable:"));
  made.started();
  return fromMade || loadRuntime(settings);
}
