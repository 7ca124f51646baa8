"""Build and dev-server helpers, without a browser: small fake checkouts in temp dirs."""

from __future__ import annotations

import json
import socket
import struct
import urllib.request
import zipfile
from io import BytesIO
from pathlib import Path

import pytest

from tools import build, devserver

REPO = Path(__file__).resolve().parents[2]


def write(path: Path, text: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A minimal project tree with a fake runtime in node_modules."""
    root = tmp_path / "repo"
    pyodide = root / "node_modules" / "pyodide"
    write(pyodide / "package.json", json.dumps({"version": "314.0.7"}))
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "pyodide.js", "console.html", "pyodide.mjs.map"):
        write(pyodide / name, f"fake {name}")
    core = root / "node_modules" / "@pyscript" / "core"
    write(core / "package.json", json.dumps({"version": "0.7.31"}))
    for name in ("core.js", "core.css", "core-abc.js", "core.js.map", "py-editor-x.js"):
        write(core / "dist" / name, f"/* {name} */")
    write(root / "py" / "briscola" / "__init__.py", "RANKS = 10\n")
    write(root / "py" / "briscola" / "cards.py", "SUITS = 'DCSB'\n")
    write(root / "py" / "briscola" / "__pycache__" / "cards.cpython-311.pyc", "junk")
    write(root / "py" / "briscola_app" / "__init__.py")
    write(root / "py" / "briscola_app" / "boot.py", "def main():\n    pass\n")
    write(root / "py" / "notes" / "todo.txt", "not a package")
    policy = build.PAGE_CSP.search((REPO / "index.html").read_text()).group(0)
    write(root / "index.html", f"<html><meta {policy}><script src='./x.js?v=__BUILD__'></script></html>")
    write(root / "static" / "css" / "app.css", "body{}")
    write(root / "tools" / "bare" / "index.html", "<p>bare __BUILD__</p>")
    write(root / "tools" / "bare" / "main.py", "print('ready')\n")
    return root


def run_build(root: Path, out: Path | None = None) -> build.BuildResult:
    return build.build(root, out or root / "dist", npm=False)


def test_archive_holds_packages_without_bytecode(checkout: Path):
    for tool in ("cli.py", "arena.py", "__main__.py"):  # never run in the browser: left out
        write(checkout / "py" / "briscola" / tool, "import argparse\n")
    names = zipfile.ZipFile(BytesIO(build.make_archive(checkout / "py"))).namelist()
    assert sorted(names) == [
        "briscola/__init__.py",
        "briscola/cards.py",
        "briscola_app/__init__.py",
        "briscola_app/boot.py",
    ]


def test_archive_bytes_depend_only_on_contents(checkout: Path):
    first = build.make_archive(checkout / "py")
    (checkout / "py" / "briscola" / "cards.py").touch()  # new mtime, same bytes
    assert build.make_archive(checkout / "py") == first


def test_build_hash_is_stable_and_follows_inputs(checkout: Path, tmp_path: Path):
    one = run_build(checkout, tmp_path / "one")
    two = run_build(checkout, tmp_path / "two")
    assert one.hash == two.hash
    assert one.archive == two.archive
    write(checkout / "py" / "briscola" / "cards.py", "SUITS = 'DCSBX'\n")  # a comment alone ships nothing
    three = run_build(checkout, tmp_path / "three")
    assert three.hash != one.hash
    assert three.archive != one.archive
    write(checkout / "static" / "css" / "app.css", "body{color:red}")
    assert run_build(checkout, tmp_path / "four").hash != three.hash


def test_pyscript_configs_point_at_the_vendored_runtime(checkout: Path):
    result = run_build(checkout)
    dist = result.out
    config = json.loads((dist / "pyscript.json").read_text())
    assert config["interpreter"] == "./static/js/boot.mjs"
    assert config["files"] == {f"./{result.archive}": "./*"}
    assert (dist / result.archive).exists()
    bare = json.loads((dist / "bare" / "pyscript.json").read_text())
    assert bare == {"interpreter": "../vendor/pyodide/pyodide.mjs"}
    assert (dist / "bare" / bare["interpreter"]).resolve() == (
        dist / "vendor" / "pyodide" / "pyodide.mjs"
    ).resolve()
    for text in (json.dumps(config), json.dumps(bare)):
        assert "http" not in text and "cdn" not in text


def test_dist_ships_runtime_files_only(checkout: Path):
    dist = run_build(checkout).out
    assert sorted(p.name for p in (dist / "vendor" / "pyodide").iterdir()) == [
        "pyodide-lock.json", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.mjs",
        "python_stdlib.zip",
    ]
    pyscript = sorted(p.name for p in (dist / "vendor" / "pyscript").iterdir())
    assert pyscript == ["core-abc.js", "core.css", "core.js", "py-editor-x.js"]
    assert (dist / "static" / "css" / "app.css").exists()
    assert not list(dist.rglob("__pycache__"))


def test_build_stamps_hash_and_lists_files(checkout: Path):
    result = run_build(checkout)
    dist = result.out
    assert f"?v={result.hash}'" in (dist / "index.html").read_text()
    assert f"bare {result.hash}" in (dist / "bare" / "index.html").read_text()
    manifest = json.loads((dist / "build.json").read_text())
    assert manifest["hash"] == result.hash
    assert manifest["pyodide"] == "314.0.7" and manifest["pyscript"] == "0.7.31"
    listed = {f["path"]: f["bytes"] for f in manifest["files"]}
    on_disk = {
        p.relative_to(dist).as_posix(): p.stat().st_size
        for p in dist.rglob("*") if p.is_file() and p.name != "build.json"
    }
    assert listed == on_disk
    assert manifest["total_bytes"] == sum(listed.values())


def test_stamp_leaves_vendor_alone(tmp_path: Path):
    write(tmp_path / "a.html", "x __BUILD__")
    write(tmp_path / "vendor" / "lib.js", "keep __BUILD__")
    assert build.stamp(tmp_path, "abc") == ["a.html"]
    assert (tmp_path / "vendor" / "lib.js").read_text() == "keep __BUILD__"


def test_main_py_is_copied_or_generated(checkout: Path):
    dist = run_build(checkout).out
    assert (dist / "main.py").read_text() == build.DEFAULT_MAIN
    write(checkout / "py" / "main.py", "import briscola_app\n")
    dist = run_build(checkout).out
    assert (dist / "main.py").read_text() == "import briscola_app\n"


def test_missing_index_html_does_not_break_the_build(checkout: Path):
    (checkout / "index.html").unlink()
    dist = run_build(checkout).out
    assert "bare/" in (dist / "index.html").read_text()


def test_node_modules_staleness(checkout: Path):
    lock = {
        "lockfileVersion": 3,
        "packages": {
            "": {"name": "x"},
            "node_modules/pyodide": {"version": "314.0.7"},
            "node_modules/@pyscript/core": {"version": "0.7.31"},
        },
    }
    write(checkout / "package-lock.json", json.dumps(lock))
    assert build.node_modules_stale(checkout) is None
    lock["packages"]["node_modules/pyodide"]["version"] = "314.0.8"
    write(checkout / "package-lock.json", json.dumps(lock))
    assert "314.0.8" in build.node_modules_stale(checkout)
    lock["packages"]["node_modules/left-pad"] = {"version": "1.0.0"}
    write(checkout / "package-lock.json", json.dumps(lock))
    assert build.node_modules_stale(checkout)


def test_repo_pins_exact_runtime_versions():
    package = json.loads((REPO / "package.json").read_text())
    lock = build.lock_versions(REPO / "package-lock.json")
    for name in ("pyodide", "@pyscript/core"):
        version = package["dependencies"][name]
        assert version[0].isdigit(), f"{name} must be pinned exactly, not {version}"
        assert lock[f"node_modules/{name}"] == version
    assert package["dependencies"]["pyodide"].startswith("314.")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory):
    tmp_path = tmp_path_factory.mktemp("served")
    for name in ("a.wasm", "a.mjs", "a.js", "a.json", "a.svg", "site.webmanifest"):
        write(tmp_path / name, "x")
    server = devserver.serve_in_background(tmp_path)
    yield devserver.url_of(server)
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(
    ("name", "mime"),
    [
        ("a.wasm", "application/wasm"),
        ("a.mjs", "text/javascript"),
        ("a.js", "text/javascript"),
        ("a.json", "application/json"),
        ("a.svg", "image/svg+xml"),
        ("site.webmanifest", "application/manifest+json"),
    ],
)
def test_devserver_mime_types_and_no_cache(served: str, name: str, mime: str):
    with urllib.request.urlopen(served + name) as response:
        assert response.headers.get_content_type() == mime
        assert response.headers["Cache-Control"] == "no-cache"


def test_devserver_says_nothing_when_a_download_is_cut_off(tmp_path: Path, capfd):
    """A reload cuts off the files in flight: the server goes on quietly (its traceback
    showed in the test output as if something had failed), and still answers."""
    (tmp_path / "big.wasm").write_bytes(b"\0" * (16 << 20))  # more than the sockets buffer
    server = devserver.serve_in_background(tmp_path)
    host, port = server.server_address[:2]
    try:
        for _ in range(3):
            client = socket.create_connection((host, port))
            client.sendall(b"GET /big.wasm HTTP/1.1\r\nHost: x\r\n\r\n")
            client.recv(4096)  # the download has begun
            # hang up at once, with a reset, as a browser that drops a request may
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            client.close()
        with urllib.request.urlopen(devserver.url_of(server) + "big.wasm") as response:
            assert len(response.read()) == 16 << 20
    finally:
        server.shutdown()
        server.server_close()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Error" not in err, err


def test_devserver_falls_back_to_a_free_port(tmp_path: Path):
    with socket.socket() as busy:
        busy.bind((devserver.HOST, 0))
        busy.listen()
        port = busy.getsockname()[1]
        server = devserver.make_server(tmp_path, port, quiet=True)
        try:
            assert server.server_address[1] not in (port, 0)
        finally:
            server.server_close()


def test_lazy_list_names_optional_pyscript_chunks_only():
    names = ["core.js", "core-C9KDLldu.js", "py-editor-C4XsZtn7.js", "py-terminal-CwQ6kcjg.js",
             "py-Dl-y4L1b.js", "codemirror_view-BsXnWedx.js", "xterm.css", "toml-Blg7Izee.js",
             "storage.js", "error-D2315lOB.js"]
    files = [{"path": f"vendor/pyscript/{n}"} for n in names] + [{"path": "static/toml-x.js"}]
    lazy = {p.rsplit("/", 1)[1] for p in build.lazy_files(files)}
    assert lazy == {"py-Dl-y4L1b.js", "codemirror_view-BsXnWedx.js", "xterm.css",
                    "toml-Blg7Izee.js", "storage.js"}


def test_rebuild_replaces_output_and_leaves_no_staging(checkout: Path):
    dist = run_build(checkout).out
    write(dist / "stale.txt", "from an older build")
    run_build(checkout)
    assert not (dist / "stale.txt").exists()
    assert sorted(p.name for p in dist.parent.iterdir() if p.name.startswith(".dist")) == []
