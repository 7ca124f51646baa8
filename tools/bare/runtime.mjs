// The bare page's interpreter: Pyodide as vendored, but with the runtime's own standard
// library (docstrings and unused modules dropped, as the game's; compiled at every start,
// as Pyodide ships it), where the game's is compiled ahead of time (docs/startup.md).
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

export function loadPyodide(options = {}) {
  return load({
    ...options,
    indexURL: new URL("../vendor/pyodide/", import.meta.url).href,
    stdLibURL: new URL("./python_stdlib.zip", import.meta.url).href,
  });
}
