// Makes the start-up snapshot boot.mjs starts from (docs/startup.md, "Memory snapshot"):
// in this worker, beside the page, Pyodide starts with its snapshot option, the game's
// archive (named in pyscript.json) is unpacked where PyScript unpacks it, the modules of
// briscola_app.boot.PRELOAD are imported, and the runtime's memory is handed to the page
// ({snapshot}, transferred; before that, as soon as the runtime is up, the compiled
// WebAssembly module, {module}), then stored in Cache Storage under the build's key, older
// builds' dropped ({stored}). Posts {error} if it cannot.
import "./no-jspi.mjs";
import { loadPyodide } from "../../vendor/pyodide/pyodide.mjs";

const HOME = "/home/pyodide";

// The bytes this worker has downloaded so far, told to the page ({got}) at most every
// PROGRESS_MS and when a download ends: a first visit on a slow network downloads for a
// minute or more, and the page shows the count (boot.mjs) and knows the worker is alive.
// Pyodide fetches through the global fetch when it needs a file, so wrapping it counts
// the runtime, its standard library and the game's archive.
const PROGRESS_MS = 250;
let got = 0;
let told = -PROGRESS_MS;
const tell = (always) => {
  if (!always && performance.now() - told < PROGRESS_MS) return;
  told = performance.now();
  self.postMessage({ got });
};
const fetchAll = self.fetch.bind(self);
self.fetch = async (...args) => {
  const response = await fetchAll(...args);
  if (!response.body) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        tell(true);
        controller.close();
        return;
      }
      got += value.byteLength;
      tell(false);
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
};

// Pyodide's own module factory, which hands out the compiled WebAssembly module as well
// (so that the page need not compile it again).
function capturing(indexURL, onModule) {
  return async (settings) => {
    const { default: create } = await import(indexURL + "pyodide.asm.mjs");
    const instantiate = settings.instantiateWasm;
    if (instantiate) {
      settings.instantiateWasm = (imports, done) =>
        instantiate(imports, (instance, module) => {
          onModule(module);
          done(instance, module);
        });
    }
    return create(settings);
  };
}

// Storing 31 MB competes with the page's own start for the cores: it waits until the page
// says its runtime is up ({started}), or STORE_AFTER_MS after the hand-over at most.
const STORE_AFTER_MS = 5000;
let pageStarted;
const started = new Promise((resolve) => { pageStarted = resolve; });

self.onmessage = async ({ data: { indexURL, key, cache, started: up } }) => {
  if (up) return void pageStarted();
  let handed = false;
  let wasm = null;
  try {
    const runtime = loadPyodide({ // meanwhile, the archive
      indexURL, _makeSnapshot: true, createPyodideModule: capturing(indexURL, (module) => { wasm = module; }),
    });
    const config = await (await fetch(new URL("../../pyscript.json", import.meta.url))).json();
    const archive = Object.keys(config.files || {}).find((name) => name.endsWith(".zip"));
    if (!archive) throw new Error("pyscript.json names no archive");
    const bytes = new Uint8Array(await (await fetch(new URL("../../" + archive, import.meta.url))).arrayBuffer());
    const pyodide = await runtime;
    // the runtime is up: the page can set up its own from the same compiled module while
    // this one imports the game ({module}; same agent cluster, so it is shared, not copied)
    if (wasm) self.postMessage({ module: wasm });
    pyodide.unpackArchive(bytes, "zip", { extractDir: HOME });
    pyodide.runPython(`import sys\nif "${HOME}" not in sys.path: sys.path.insert(0, "${HOME}")\n` +
      "from briscola_app.boot import preload\npreload()");
    const snapshot = pyodide.makeMemorySnapshot();
    const copy = snapshot.slice().buffer;
    self.postMessage({ snapshot: copy }, [copy]);
    handed = true;
    if (!cache) return;
    await Promise.race([started, new Promise((resolve) => setTimeout(resolve, STORE_AFTER_MS))]);
    const store = await caches.open(cache);
    for (const request of await store.keys()) await store.delete(request);
    await store.put(key, new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
    self.postMessage({ stored: snapshot.length });
  } catch (error) {
    const message = String(error && error.message ? error.message : error);
    self.postMessage(handed ? { storeError: message } : { error: message });
  }
};
