// Pyodide runs without JSPI (WebAssembly stack switching), on the page and in workers
// (docs/startup.md, "The renderer crash and JSPI"). With JSPI, Pyodide runs Python's calls
// on stacks of its own; Chromium (156) crashes the tab when it records a stack trace on such
// a stack (its sampling of memory allocations walks past the stack's end: SIGSEGV, "Page
// crashed"). Pyodide decides when its runtime is created, from whether WebAssembly has
// `Suspending` (or the older `Suspender`): import this module before loading Pyodide. The
// game needs nothing JSPI gives (no run_sync; Python yields to the page with asyncio).
for (const name of ["Suspending", "Suspender"]) {
  try {
    delete WebAssembly[name];
  } catch {
    /* not configurable here: Pyodide keeps JSPI */
  }
}
