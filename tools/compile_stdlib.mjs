// The game's python_stdlib.zip, compiled ahead of time (docs/startup.md, "The standard
// library, compiled"). Pyodide compiles every module it imports from source at every
// start; on this machine that is 1.5 s of its 3 s. Run by tools/build.py:
//
//     node tools/compile_stdlib.mjs PYODIDE_DIR IN.zip OUT.zip PLAN.json
//
// PLAN.json: {"compile": [entry, ...], "keep": [entry, ...]} naming entries of IN.zip.
// Each "compile" entry is compiled by the very Pyodide the site ships (PYODIDE_DIR, so
// the bytecode's magic number is the runtime's) and stored as a sourceless NAME.pyc
// (zipimport loads it), with unchecked-hash headers and without line tables (tracebacks
// through the standard library name the function, not the line): compiled modules are
// twice their source's size gzipped; without the line tables, 1.2 times. Modules the
// runtime has frozen into its binary are never read from the zip and are left out.
// "keep" entries are copied as they are; every other entry is left out. Same input,
// same bytes.
import fs from "fs";
import path from "path";

const [pyodideDir, input, output, planFile] = process.argv.slice(2);
if (!planFile) {
  console.error("usage: node tools/compile_stdlib.mjs PYODIDE_DIR IN.zip OUT.zip PLAN.json");
  process.exit(2);
}
const indexURL = path.resolve(pyodideDir) + "/";
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
// no column offsets in the line tables the compiler writes (they are dropped anyway)
const py = await loadPyodide({ indexURL, env: { PYTHONNODEBUGRANGES: "1" } });
py.FS.writeFile("/tmp/in.zip", new Uint8Array(fs.readFileSync(input)));
py.FS.writeFile("/tmp/plan.json", fs.readFileSync(planFile, "utf8"));
const summary = py.runPython(`
import _imp, importlib.util, io, json, marshal, sys, types, zipfile

HEADER = importlib.util.MAGIC_NUMBER + (0b01).to_bytes(4, "little")  # hash-based, unchecked


def module_name(entry):
    return entry.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


source = zipfile.ZipFile("/tmp/in.zip")
plan = json.load(open("/tmp/plan.json"))
to_compile, to_keep = set(plan["compile"]), set(plan["keep"])
# and whatever this runtime imported while starting (some of it by name, from C or JS,
# where no import statement shows it) or for this script
to_compile |= {e for e in source.namelist() if e.endswith(".py") and module_name(e) in sys.modules}


def frozen_in_runtime(name):
    """Frozen into the binary, or an alias of a frozen module (importlib._bootstrap is
    _frozen_importlib): the zip's copy is never read."""
    module = sys.modules.get(name)
    spec = getattr(module, "__spec__", None)
    return _imp.is_frozen(name) or getattr(spec, "origin", None) == "frozen"


def without_lines(code):
    consts = tuple(without_lines(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=b"", co_consts=consts)


buffer = io.BytesIO()
compiled = kept = frozen = 0
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as target:
    for info in source.infolist():
        entry = info.filename
        if entry in to_compile and entry.endswith(".py"):
            if frozen_in_runtime(module_name(entry)):
                frozen += 1
                continue
            data = source.read(info)
            code = without_lines(compile(data, entry, "exec", dont_inherit=True))
            out = zipfile.ZipInfo(entry[:-3] + ".pyc", date_time=info.date_time)
            out.external_attr = info.external_attr
            target.writestr(out, HEADER + importlib.util.source_hash(data) + marshal.dumps(code))
            compiled += 1
        elif entry in to_keep:
            target.writestr(info, source.read(info))
            kept += 1
open("/tmp/out.zip", "wb").write(buffer.getvalue())
json.dumps({"compiled": compiled, "kept": kept, "frozen": frozen})
`);
fs.writeFileSync(output, py.FS.readFile("/tmp/out.zip"));
console.log(summary);
