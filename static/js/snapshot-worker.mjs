// Makes the start-up snapshot boot.mjs starts from (docs/startup.md, "Memory snapshot"):
// in this worker, beside the page, Pyodide starts with its snapshot option, the game's
// archive (named in pyscript.json) is unpacked where PyScript unpacks it, the modules of
// briscola_app.boot.PRELOAD are imported, and the runtime's memory is handed to the page
// ({snapshot}, transferred), then stored in Cache Storage under the build's key, older
// builds' dropped ({stored}). Posts {error} if it cannot.
import { loadPyodide } from "../../vendor/pyodide/pyodide.mjs";

const HOME = "/home/pyodide";

self.onmessage = async ({ data: { indexURL, key, cache } }) => {
  let handed = false;
  try {
    const runtime = loadPyodide({ indexURL, _makeSnapshot: true }); // meanwhile, the archive
    const config = await (await fetch(new URL("../../pyscript.json", import.meta.url))).json();
    const archive = Object.keys(config.files || {}).find((name) => name.endsWith(".zip"));
    if (!archive) throw new Error("pyscript.json names no archive");
    const bytes = new Uint8Array(await (await fetch(new URL("../../" + archive, import.meta.url))).arrayBuffer());
    const pyodide = await runtime;
    pyodide.unpackArchive(bytes, "zip", { extractDir: HOME });
    pyodide.runPython(`import sys\nif "${HOME}" not in sys.path: sys.path.insert(0, "${HOME}")\n` +
      "from briscola_app.boot import preload\npreload()");
    const snapshot = pyodide.makeMemorySnapshot();
    const copy = snapshot.slice().buffer;
    self.postMessage({ snapshot: copy }, [copy]);
    handed = true;
    if (!cache) return;
    const store = await caches.open(cache);
    for (const request of await store.keys()) await store.delete(request);
    await store.put(key, new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
    self.postMessage({ stored: snapshot.length });
  } catch (error) {
    const message = String(error && error.message ? error.message : error);
    self.postMessage(handed ? { storeError: message } : { error: message });
  }
};
