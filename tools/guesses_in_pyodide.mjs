// How many guesses the expert gets through on its 300 ms clock in Pyodide (the page's
// Python), over four two-player deals against medium (or another level), in the
// standard game or a preset with options. Needs a build (dist/):
//     python3 tools/build.py && node tools/guesses_in_pyodide.mjs
//     node tools/guesses_in_pyodide.mjs briscolone must_follow hard   (preset, option, opponent)
import fs from "fs";
import { fileURLToPath } from "url";
const root = fileURLToPath(new URL("..", import.meta.url));
const { loadPyodide } = await import(root + "dist/vendor/pyodide/pyodide.mjs");
const py = await loadPyodide({ indexURL: root + "dist/vendor/pyodide/" });
// mount the engine sources
function copy(src, dst) {
  py.FS.mkdirTree(dst);
  for (const f of fs.readdirSync(src, { withFileTypes: true })) {
    if (f.isDirectory()) { if (f.name !== "__pycache__") copy(src + "/" + f.name, dst + "/" + f.name); }
    else if (f.name.endsWith(".py")) py.FS.writeFile(dst + "/" + f.name, fs.readFileSync(src + "/" + f.name));
  }
}
copy(root + "py/briscola", "/home/pyodide/briscola");
const [preset = "standard", option = "", opponent = "medium"] = process.argv.slice(2);
py.globals.set("preset", preset);
py.globals.set("option", option);
py.globals.set("opponent", opponent);
const out = py.runPython(`
import sys, time
sys.path.insert(0, "/home/pyodide")
from briscola.game import Game
from briscola.rules import Rules
from briscola.agents import make_agent
worlds = []; times = []
for d in range(4):
    g = Game.deal(Rules.preset(preset, 2, **({option: True} if option else {})), seed=100 + d)
    ex = make_agent("expert", seed=d); me = make_agent(opponent, seed=d)
    while not g.over:
        s = g.turn; v = g.view(s)
        if s == 0:
            t0 = time.perf_counter(); c = ex.choose(v); dt = time.perf_counter() - t0
            if len(v.legal) > 1 and v.stock_size > 4:
                worlds.append(ex.last_worlds); times.append(dt * 1000)
        else:
            c = me.choose(v)
        g.play(c)
worlds.sort()
f"{sys.version.split()[0]} {preset} {option} against {opponent}: decisions {len(worlds)} guesses in 300 ms: median {worlds[len(worlds)//2]}, min {worlds[0]}, max {worlds[-1]}; mean ms {sum(times)/len(times):.0f}"
`);
console.log(out);
