"""Start-up (issue 12): a run imports only what it needs.

A run is a whole process (``python -X importtime -m broadcheck``), so that what it
imports is what a user's run imports. Each test directory holds ``.git``, so that
configuration discovery stops there and never reads a ``pyproject.toml`` above it.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.waits import HANG

CLEAN = (
    "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = tosa.add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
    "  return %0 : tensor<4xf32>\n"
    "}\n"
)
TOSA_SHAPES = (  # (as torch-mlir exports TOSA: a reshape's shape is a `!tosa.shape` value)
    "func.func @main(%arg0: tensor<4x64xf32>) -> tensor<1x4x64xf32> {\n"
    '  %0 = "tosa.const_shape"() <{values = dense<[1, 4, 64]> : tensor<3xindex>}> : () -> !tosa.shape<3>\n'
    '  %1 = "tosa.reshape"(%arg0, %0) : (tensor<4x64xf32>, !tosa.shape<3>) -> tensor<1x4x64xf32>\n'
    "  return %1 : tensor<1x4x64xf32>\n"
    "}\n"
)
BAD = (
    "func.func @f(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<4xf32> {\n"
    "  %0 = tosa.add %a, %b : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>\n"
    "  return %0 : tensor<4xf32>\n"
    "}\n"
)
FORMATS = ["full", "concise", "json", "sarif", "github"]
# What a clean run never needs: the grammar (Lark), the renderer (Rich), JSON (but for the
# JSON formats), worker processes (one file), TOML (no configuration file), the click command
# line (issue 31: the program reads `check`'s plain command lines itself, broadcheck.command).
HEAVY = {"lark", "rich", "json", "multiprocessing", "concurrent", "tomllib", "click"}


def project(tmp_path: Path, text: str, pyproject: str | None = None) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "one.mlir").write_text(text)
    if pyproject is not None:
        (tmp_path / "pyproject.toml").write_text(pyproject)
    return tmp_path


def run(cwd: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """Run ``broadcheck check ARGS``; also the top-level packages it imported."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "broadcheck", "check", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )
    imported = {
        line.rsplit("|", 1)[1].strip().split(".")[0]
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and not line.endswith("imported package")
    }
    assert "broadcheck" in imported
    return done, imported


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_clean_run_imports_only_what_it_needs(tmp_path: Path, fmt: str) -> None:
    done, imported = run(project(tmp_path, CLEAN), "--output-format", fmt, "one.mlir")
    assert done.returncode == 0
    allowed = {"json"} if fmt in ("json", "sarif") else set()
    assert imported & HEAVY == allowed


def test_a_clean_run_says_so(tmp_path: Path) -> None:
    done, _ = run(project(tmp_path, CLEAN), "one.mlir")
    assert (done.returncode, done.stdout) == (0, "No problems found in 1 file (1 op checked).\n")


@pytest.mark.parametrize(
    ("pyproject", "heavy"),
    [
        # A plain table is read by plaintoml.loads (tomllib: a quarter of a configured clean run).
        ('[tool.broadcheck]\nprofile = "llvm"\n', set()),
        ('[tool.broadcheck]\nprofile = "llvm"\nops = { "tf.*" = "numpy" }\nexclude = [\n  "a/*",  # x\n]\n', set()),
        # The control: TOML outside that subset (a date elsewhere in the file) is read by tomllib.
        ('[project]\nreleased = 2026-01-01\n[tool.broadcheck]\nprofile = "llvm"\n', {"tomllib"}),
    ],
)
def test_a_configuration_table_is_read_without_tomllib_when_plain(
    tmp_path: Path, pyproject: str, heavy: set[str]
) -> None:
    where = project(tmp_path, CLEAN, pyproject)
    done, imported = run(where, "one.mlir")
    assert (done.returncode, done.stdout) == (0, "No problems found in 1 file (1 op checked).\n")
    assert imported & HEAVY == heavy


def test_a_bad_configuration_is_still_an_error(tmp_path: Path) -> None:
    done, _ = run(project(tmp_path, CLEAN, "[tool.broadcheck]\nprofile = 'x'\n"), "one.mlir")
    assert done.returncode == 2
    said = [line for line in done.stderr.splitlines() if not line.startswith("import time:")]
    assert said == [
        f"broadcheck: error: {tmp_path / 'pyproject.toml'}: [tool.broadcheck] 'profile' is 'x'; allowed: spec, llvm"
    ]


@pytest.mark.parametrize("fmt", ["concise", "json", "sarif", "github"])
def test_only_the_full_format_loads_rich(tmp_path: Path, fmt: str) -> None:
    done, imported = run(project(tmp_path, BAD), "--output-format", fmt, "one.mlir")
    assert done.returncode == 1
    assert "rich" not in imported


def test_the_full_format_draws_with_rich(tmp_path: Path) -> None:
    # The check above can see Rich: here it is loaded.
    done, imported = run(project(tmp_path, BAD), "--output-format", "full", "one.mlir")
    assert done.returncode == 1
    assert done.stdout.endswith("Found 1 error in 1 file.\n")
    assert "rich" in imported


def test_the_whole_output_is_written_before_the_process_ends(tmp_path: Path) -> None:
    # The program ends itself once the output is flushed (broadcheck.command._exit).
    for i in range(200):
        (tmp_path / f"f{i:03d}.mlir").write_text(BAD)
    done = subprocess.run(
        [sys.executable, "-m", "broadcheck", "check", "--isolated", "-j", "1", "--output-format", "concise", "."],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert len(lines) == 201
    assert lines[-1] == "Found 200 errors in 200 files."


# A Ctrl-C at a chosen point of start-up, made deterministic: a sitecustomize (on PYTHONPATH)
# puts a finder first on sys.meta_path that sends SIGINT to its own process when the named
# module is imported. The signal is delivered before os.kill returns, and Python runs its
# handler at once, inside that import: exactly a Ctrl-C while that module loads.
TRAP = """
import os, signal, sys

class _Trap:
    started = False

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        cls.started = cls.started or name == "broadcheck"
        if cls.started and os.environ.get("TRAP_RECORD"):
            with open(os.environ["TRAP_RECORD"], "a") as f:
                f.write(name + "\\n")
        if name == os.environ.get("TRAP_AT"):
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, _Trap)
"""


def _trapped(tmp_path: Path, entry: str, at: str = "", record: str = "") -> subprocess.CompletedProcess[str]:
    """``broadcheck check -`` (as ``python -m`` or the console script) with a SIGINT at ``at``."""
    hook = tmp_path / "hook"
    hook.mkdir(exist_ok=True)
    (hook / "sitecustomize.py").write_text(TRAP)
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "COLUMNS")}
    env.update(PYTHONPATH=str(hook), TRAP_AT=at, TRAP_RECORD=record, BROADCHECK_NO_CACHE="1")
    command = (
        [sys.executable, "-m", "broadcheck"] if entry == "module" else [str(Path(sys.executable).parent / "broadcheck")]
    )
    return subprocess.run(
        [*command, "check", "--isolated", "-"],
        cwd=tmp_path,
        env=env,
        input=CLEAN,
        capture_output=True,
        text=True,
        timeout=HANG,
    )


def _imports_after_broadcheck(tmp_path: Path, entry: str) -> list[str]:
    """Every module a run imports from its first of broadcheck's own on, in order, once each."""
    project(tmp_path, CLEAN)
    record = tmp_path / "imports.txt"
    done = _trapped(tmp_path, entry, record=str(record))
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    return list(dict.fromkeys(record.read_text().split()))


@pytest.mark.parametrize("entry", ["module", "script"])
def test_ctrl_c_at_any_import_is_quiet(entry: str, tmp_path: Path) -> None:
    # A SIGINT while `from broadcheck.cli import main` ran printed a KeyboardInterrupt traceback.
    # (A plain `check` no longer imports click or broadcheck.cli: broadcheck.command runs it.)
    names = _imports_after_broadcheck(tmp_path, entry)
    assert names[0] == "broadcheck" and "broadcheck.command" in names and "click" not in names, names
    # The first of broadcheck's code to run is the package itself: from the next import on,
    # every point is covered (a sample of them, evenly spread, with the known ones).
    later = names[1:]
    chosen = sorted({*later[:: max(1, len(later) // 8)], later[-1], "broadcheck.command", "signal"} & set(later))
    for name in chosen:
        done = _trapped(tmp_path, entry, at=name)
        # Before the report, nothing is printed; after it (atexit, loaded by the exit), the
        # report stands whole. Never a traceback, always the shell's code for SIGINT.
        assert (done.returncode, done.stderr) == (130, ""), name
        assert done.stdout in ("", "No problems found in 1 file (1 op checked).\n"), name


def test_the_trap_does_interrupt(tmp_path: Path) -> None:
    # The same trap in a program that is not broadcheck: Python's own KeyboardInterrupt.
    (tmp_path / "hook").mkdir()
    (tmp_path / "hook" / "sitecustomize.py").write_text(TRAP)
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "hook"), "TRAP_AT": "json", "TRAP_RECORD": ""}
    done = subprocess.run(
        [sys.executable, "-c", "import broadcheck, json"], env=env, capture_output=True, text=True, timeout=HANG
    )
    assert done.returncode == -2 and "KeyboardInterrupt" in done.stderr


# The dialect modules under broadcheck/dialects/ shared by every dialect (the op model, the
# assembly readers, the builtin and func ops, the ops handed to their region's op, the generated
# index of the dialects declared in parts); every other module or package there is one dialect.
SHARED_DIALECT_MODULES = {
    "assembly",
    "builtin",
    "common",
    "func",
    "index",
    "inner",
    "literal",
    "op",
    "opnames",
    "properties",
    "region_shapes",
    "shaped",
    "terminators",
}
FIVE_OP_JAX = (
    "module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {\n"
    "  func.func public @main(%arg0: tensor<8x768xf32>, %arg1: tensor<8x768xf32>)"
    ' -> (tensor<8x768xf32> {jax.result_info = "result"}) {\n'
    "    %0 = stablehlo.multiply %arg0, %arg1 : tensor<8x768xf32>\n"
    "    %1 = stablehlo.add %0, %arg0 : tensor<8x768xf32>\n"
    "    return %1 : tensor<8x768xf32>\n"
    "  }\n"
    "}\n"
)


# Every module the program loaded, printed at its end: -X importtime does not see a module
# imported by importlib.import_module (as broadcheck.dialects.lookup imports a dialect's).
LOADED = """
import atexit, sys

atexit.register(lambda: print(repr(sorted(sys.modules)), file=sys.stderr))
sys.argv[1:] = ["check", "--no-cache", "one.mlir"]
from broadcheck.__main__ import main
main()
"""


def _dialects_imported(cwd: Path) -> set[str]:
    """The dialects (``broadcheck.dialects.X``, X not a shared module) a clean run of one.mlir imports."""
    done = subprocess.run([sys.executable, "-c", LOADED], cwd=cwd, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    names = set(ast.literal_eval(done.stderr.strip().splitlines()[-1]))
    assert "broadcheck.dialects" in names and "lark" not in names and "rich" not in names
    return {n.split(".")[2] for n in names if n.startswith("broadcheck.dialects.")} - SHARED_DIALECT_MODULES


@pytest.mark.parametrize(("text", "dialect"), [(CLEAN, "tosa"), (TOSA_SHAPES, "tosa"), (FIVE_OP_JAX, "stablehlo")])
def test_a_clean_run_imports_only_the_dialects_its_file_names(tmp_path: Path, text: str, dialect: str) -> None:
    # Counts work, not time: the README's 5-op JAX file loads the StableHLO dialect's modules
    # and no other dialect's (nor Lark, nor Rich); the same for a TOSA file, also one whose types
    # include a `!tosa.shape<3>` (f830a58: read by the grammar, which loaded Lark: 40 ms of CPU).
    package = Path(__file__).parent.parent / "broadcheck" / "dialects"
    every = {p.name.removesuffix(".py") for p in package.iterdir() if not p.name.startswith("_")}
    assert dialect in every and {"onnx", "tf", "tfl", "linalg", "vector"} <= every  # the check can see them
    assert _dialects_imported(project(tmp_path, text)) == {dialect}


CONCISE = ("--output-format", "concise", ".")


def test_a_run_that_loads_lark_still_writes_its_whole_output(tmp_path: Path) -> None:
    # A syntax error is worded by the grammar: Lark loads logging, whose atexit callback
    # broadcheck.command._exit now runs itself before ending the process without the teardown.
    # (An operand list broken by a `(`: no walk of MLIR's parser says it, the grammar does.)
    for i in range(200):
        (tmp_path / f"f{i:03d}.mlir").write_text(BAD.replace("%a, %b :", "%a, (%b :"))
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "broadcheck", "check", *("--isolated", "-j", "1"), *CONCISE],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert any(line.rsplit("|", 1)[1].strip() == "lark" for line in done.stderr.splitlines())
    lines = done.stdout.splitlines()
    assert sum(line.endswith("found '(' [BC001]") for line in lines) == 200, lines[:3]
    assert lines[-1] == f"Found {len(lines) - 1} errors in 200 files."


COUNT_COLLECTIONS = """
import gc, os, sys

def _count(phase, info):
    if phase == "stop" and "broadcheck.runner" in sys.modules:  # once checking has begun
        with open(os.environ["GC_RECORD"], "a") as f:
            f.write(f"{info['generation']}\\n")

gc.callbacks.append(_count)
"""


@pytest.mark.parametrize(("young", "expected"), [("default", 0), ("10000", None)])
def test_checking_collects_no_garbage_on_a_file_of_distinct_statements(
    tmp_path: Path, young: str, expected: int | None
) -> None:
    # Counts work, not time: a check keeps most of what it makes and makes almost no
    # cycles, so `check` collects young objects only every command.CHECK_YOUNG new ones. A
    # 3,000-op file of distinct statements (bench/gen2.py) makes no collection once the
    # checker is loaded; with the server's 10,000, the same run collects (the control:
    # the count can see collections).
    from bench import gen2

    project(tmp_path, "")
    gen2.main(["--ops", "3000", "--seed", "5", "--error-rate", "0", "-o", str(tmp_path / "one.mlir")])
    (tmp_path / "hook").mkdir()
    (tmp_path / "hook" / "sitecustomize.py").write_text(COUNT_COLLECTIONS)
    record = tmp_path / "collections.txt"
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "hook"), "GC_RECORD": str(record)}
    # main() is the program's when __main__ holds it, as `python -m broadcheck` has it
    code = "import sys; from broadcheck import cli, command; command.CHECK_YOUNG = int(sys.argv.pop(1)); main = cli.main; main()"
    command = [sys.executable, "-m", "broadcheck"] if young == "default" else [sys.executable, "-c", code, young]
    done = subprocess.run(
        [*command, "check", "--isolated", "--no-cache", "-j", "1", "one.mlir"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    assert done.returncode in (0, 1), done.stderr
    collections = record.read_text().split() if record.exists() else []
    if expected is not None:
        assert len(collections) == expected, collections
    else:
        assert len(collections) >= 2, collections


COUNT_START_COLLECTIONS = """
import gc, os, sys

def _count(phase, info):  # from the program's first import (the kept patterns) until checking
    if phase == "stop" and "broadcheck.recache" in sys.modules and "broadcheck.runner" not in sys.modules:
        with open(os.environ["GC_RECORD"], "a") as f:
            f.write(f"{info['generation']}\\n")

gc.callbacks.append(_count)
"""


def test_the_start_up_collects_no_garbage(tmp_path: Path) -> None:
    # Counts work, not time (issue 31's start-up): the program pauses the collector from its first
    # line (broadcheck.__main__), not from the command line's reading on: the kept patterns' table
    # and broadcheck.command's imports made young collections (six here at ea872ef; 0.6% of a clean run).
    project(tmp_path, CLEAN)
    (tmp_path / "hook").mkdir()
    (tmp_path / "hook" / "sitecustomize.py").write_text(COUNT_START_COLLECTIONS)
    record = tmp_path / "collections.txt"
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "hook"), "GC_RECORD": str(record)}
    done = subprocess.run(
        [sys.executable, "-m", "broadcheck", "check", "--isolated", "--no-cache", "one.mlir"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    assert (done.returncode, done.stdout) == (0, "No problems found in 1 file (1 op checked).\n"), done.stderr
    assert not record.exists(), record.read_text().split()


COUNT_WORK = """
import re, sys

compiled = []
_compile = re._compile

def _counting(pattern, flags):
    if (type(pattern), pattern, flags) not in re._cache:
        compiled.append(pattern)
    return _compile(pattern, flags)

re._compile = _counting
parsed = []
_parse = re._parser.parse
re._parser.parse = lambda p, flags=0: (parsed.append(p), _parse(p, flags))[1]
sys.argv[1:] = ["check", "--no-cache", "one.mlir"]

def _report():  # the program ends with os._exit, after the atexit callbacks
    lazy = sys.modules["broadcheck.syntax.lazyre"]._Lazy
    declared = [v for m in list(sys.modules.values()) for v in vars(m).values() if type(v) is lazy]
    used = 0
    for v in declared:  # the slot read directly: getattr would compile it
        try:
            lazy.match.__get__(v)
            used += 1
        except AttributeError:
            pass
    print(sorted(sys.modules), len(parsed), len(compiled), used, len(declared), file=sys.stderr)
    sys.stderr.flush()

import atexit
atexit.register(_report)
from broadcheck.__main__ import main
main()
"""


@pytest.mark.parametrize(("text", "compiled"), [(CLEAN, 38), (FIVE_OP_JAX, 53)])
def test_a_clean_run_builds_only_what_it_uses(tmp_path: Path, text: str, compiled: int) -> None:
    # Counts work, not time (issue 31's start-up): a clean run imports no message catalogue
    # (it words no message), no click, no Lark and no `inspect`; its readers' regular expressions are compiled
    # when first used (syntax/lazyre.py), so at most half of those declared are compiled
    # (the 5-op file: 53 patterns compiled in all, 97 before issue 31; the TOSA file: 38), and
    # a pattern compiled once is kept beside the bytecode (broadcheck.recache): a second run
    # parses none of them (as the interpreter writes bytecode: not under PYTHONDONTWRITEBYTECODE).
    project(tmp_path, text)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    parsed = []
    for _ in ("first", "second"):
        done = subprocess.run(
            [sys.executable, "-c", COUNT_WORK],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=HANG,
            check=False,
            env=env,
        )
        assert (done.returncode, done.stdout.startswith("No problems found in 1 file")) == (0, True), done.stderr
        modules, parsed_now, total, used, declared = done.stderr.strip().rsplit(" ", 4)
        parsed.append(int(parsed_now))
        imported = set(ast.literal_eval(modules))
        assert not imported & {"broadcheck.messages", "click", "lark", "rich", "broadcheck.cli"}
        # `inspect` and `copy` are stand-ins the program loads on first use (__main__.DEFERRED): their
        # code, which imports these, never runs on a clean check. Nor is importlib imported (the
        # dialect and rule modules are imported by name with __import__).
        assert not imported & {"ast", "dis", "tokenize", "weakref", "importlib"}
        assert "broadcheck.engine.run" in imported  # the check can see what it looks for
        assert 0 < int(used) <= int(declared) / 2
        assert int(total) <= compiled
    assert parsed[1] == 0


LINALG = """#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} \
ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8xf32>) outs(%1 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %3 = arith.addf %in, %in_0 : f32
      linalg.yield %3 : f32
    } -> tensor<4x8xf32>
    return %2 : tensor<4x8xf32>
  }
}
"""


def test_a_clean_linalg_export_loads_no_catalogue_nor_inspect(tmp_path: Path) -> None:
    # Counts work, not time (issue 31): a clean torch-mlir-style Linalg file (arith, tensor, linalg,
    # an affine map) words no message, so it loads no message catalogue (f830a58: tensor's checks
    # imported it), and its records have docstrings, so `dataclasses` never asks `inspect` for a
    # signature (f830a58: linalg's AffineMap had none, which loaded inspect, ast and dis).
    project(tmp_path, LINALG)
    output, imported = _modules_of_a_run(tmp_path, "--no-cache", "one.mlir")
    assert output.startswith("No problems found in 1 file (6 ops checked)")
    assert "broadcheck.dialects.linalg.affine" in imported  # (the maps were read)
    assert not imported & {"broadcheck.messages", "ast", "dis", "tokenize", "lark"}


def _modules_of_a_run(cwd: Path, *args: str, env: dict[str, str] | None = None) -> tuple[str, set[str]]:
    """A run of ``broadcheck check ARGS`` as the program: its output and every module it loaded."""
    code = LOADED.replace('["check", "--no-cache", "one.mlir"]', repr(["check", *args]))
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True, check=False, env=env, timeout=HANG
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout, set(ast.literal_eval(done.stderr.strip().splitlines()[-1]))


@pytest.mark.parametrize("text", [CLEAN, FIVE_OP_JAX])
def test_a_result_from_the_cache_loads_no_checker(tmp_path: Path, text: str) -> None:
    # Counts work, not time (issue 31's start-up, as `make bench` runs it: the same file again,
    # with the result cache on): a file whose result the cache holds is not read, so the run
    # imports neither the engine nor the reader nor any dialect; it prints what the first run
    # printed. (The first run, which checks the file, is the control: it does load them.)
    where = project(tmp_path, text, '[tool.broadcheck]\nprofile = "llvm"\n')
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}  # this test's own cache key
    checker = {"broadcheck.engine.run", "broadcheck.syntax.statement", "broadcheck.dialects"}
    first, loaded = _modules_of_a_run(where, "one.mlir", env=env)
    assert first.startswith("No problems found in 1 file") and checker <= loaded
    second, loaded = _modules_of_a_run(where, "one.mlir", env=env)
    assert second == first
    # nor typing (every module's names for annotations are under TYPE_CHECKING), contextlib
    # (the cache's writes), tomllib (a plain table)
    unwanted = checker | {"typing", "contextlib", "tomllib"}
    assert not unwanted & loaded, unwanted & loaded


TYPE_ALIASES = "!a = tensor<4xf32>\n!b = tensor<3x4xf32>  // as bench/gen.py writes its files\n" + CLEAN
ALIAS_USED = "!a = tensor<4xf32>\n" + CLEAN.replace("(%a: tensor<4xf32>)", "(%a: !a)")


@pytest.mark.parametrize(
    ("text", "loads"),
    [(CLEAN, False), (FIVE_OP_JAX, False), (TYPE_ALIASES, False), (ALIAS_USED, True)],
)
def test_a_file_that_uses_no_alias_loads_no_reader_of_alias_uses(tmp_path: Path, text: str, loads: bool) -> None:
    # Counts work, not time (issue 31's start-up): the reader of alias uses (syntax/aliases.py,
    # its patterns and scan) is loaded by the first text with a `#` or `!` where a use could be;
    # a file that names none, or only defines aliases of plain types (as the bench's 1-op file
    # does), never loads it. The control: a function head that uses `!a` loads it.
    output, loaded = _modules_of_a_run(project(tmp_path, text), "--no-cache", "one.mlir")
    assert output.startswith("No problems found in 1 file"), output
    assert "broadcheck.engine.run" in loaded
    assert ("broadcheck.syntax.aliases" in loaded) is loads


def test_the_5_op_jax_file_loads_no_tosa_rules(tmp_path: Path) -> None:
    # Counts work, not time: StableHLO's rules print a quantized type's scales as TOSA's rules do
    # (semantics.tosa.mlir_float), which loaded TOSA's rule tables (3% of this file's run) for a
    # file with no quantized type. The control: the TOSA file loads them.
    for name, text, rules in (("jax", FIVE_OP_JAX, "stablehlo"), ("tosa", CLEAN, "tosa")):
        (tmp_path / name).mkdir()
        _, loaded = _modules_of_a_run(project(tmp_path / name, text), "--no-cache", "one.mlir")
        rule_modules = {"broadcheck.semantics.stablehlo", "broadcheck.semantics.tosa"}
        assert loaded & rule_modules == {f"broadcheck.semantics.{rules}"}, name


KEPT_HOOKS = """
import sys
from broadcheck import recache
recache.install(sys.argv[1])
before = "typing" in sys.modules, "dataclasses" in sys.modules
import dataclasses, typing
print(before, typing.compile is recache._annotation, dataclasses.exec is recache._exec)
"""


def test_the_kept_code_hooks_are_set_when_typing_is_imported(tmp_path: Path) -> None:
    # broadcheck.recache gives typing its `compile` and dataclasses their `exec` (kept code): no
    # longer by importing them at install, which a cached run does not need, but when imported.
    done = subprocess.run(
        [sys.executable, "-c", KEPT_HOOKS, str(tmp_path / "kept.marshal")],
        capture_output=True,
        text=True,
        check=True,
        timeout=HANG,
    )
    assert done.stdout.split() == ["(False,", "False)", "True", "True"]


def test_the_code_fingerprint_names_each_file_without_relpath(monkeypatch: pytest.MonkeyPatch) -> None:
    # Counts work, not time: a run with the cache on fingerprints broadcheck's 300-odd files
    # (broadcheck.cache.code_fingerprint); os.path.relpath for each was a tenth of a clean start.
    # The names are the same (the fingerprint is unchanged): the package's prefix cut off.
    from broadcheck import cache

    before = cache.code_fingerprint()
    calls = []
    relpath = os.path.relpath
    monkeypatch.setattr(os.path, "relpath", lambda *a: calls.append(a) or relpath(*a))
    assert cache.code_fingerprint() == before
    assert len(calls) <= 1  # the grammar's, beside the package in a checkout


def test_the_generic_only_list_is_asked_without_building_a_set_of_its_names() -> None:
    # Counts work, not time (issue 31's start-up): a clean run asks whether each of its op names
    # has a custom form (dialects.Registry.generic_only); building the set of the list's 1,200
    # names for that was 2.5M instructions, 1.5% of the run. The list is now one text asked by a
    # substring search: a few Python lines a name, not one a listed name. The same answers as the set.
    from broadcheck import dialects
    from tests.steps import traced_lines

    text = dialects._opnames("generic_only.txt")
    listed = {line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")}
    assert len(listed) > 1000
    registry = dialects.Registry()
    _, steps = traced_lines(lambda: registry.generic_only("stablehlo.add"))
    assert steps < 100, steps  # (the file's read included; the set took more than 1,200)
    near = [n[:-1] for n in listed] + [n + "x" for n in listed] + [f" {n}" for n in listed]
    comments = [line for line in text.splitlines() if line.startswith("#")]
    for name in [*listed, *near, *comments, "", "stablehlo.add", "\n".join(sorted(listed)[:2])]:
        assert registry.generic_only(name) is (name in listed), name


def test_a_clean_tosa_add_file_builds_only_the_elementwise_part(tmp_path: Path) -> None:
    # Counts work, not time (issue 31's start-up: the bench's 1-op file is a `tosa.add`): TOSA is
    # declared in parts (dialects.parts, the generated index), so its elementwise part is built
    # without the structural, block-scaled, shape, control and variable ops' modules (6% of that
    # run's instructions). The control: a `tosa.transpose` builds the structural part.
    _, loaded = _modules_of_a_run(project(tmp_path, CLEAN), "--no-cache", "one.mlir")
    tosa = {m.rsplit(".", 1)[1] for m in loaded if m.startswith("broadcheck.dialects.tosa.")}
    assert tosa and not tosa & {"structural", "block_scaled", "shape_ops", "control", "variables"}, tosa
    transpose = "  %1 = tosa.transpose %0 {perms = array<i32: 0>} : (tensor<4xf32>) -> tensor<4xf32>\n"
    text = CLEAN.replace("  return %0", transpose + "  return %1")
    (tmp_path / "one.mlir").write_text(text)
    output, loaded = _modules_of_a_run(tmp_path, "--no-cache", "one.mlir")
    assert output.startswith("No problems found in 1 file (2 ops checked)"), output
    assert "broadcheck.dialects.tosa.structural" in loaded


TFL = (  # (as TensorFlow 2.21's converter writes a TFLite model)
    "func.func @main(%arg0: tensor<1x8x8x3xf32>) -> tensor<1x4x4x16xf32> {\n"
    '  %0 = "tfl.pseudo_const"() <{value = dense<1.000000e+00> : tensor<16x3x3x3xf32>}> : () -> tensor<16x3x3x3xf32>\n'
    '  %1 = "tfl.pseudo_const"() <{value = dense<0.000000e+00> : tensor<16xf32>}> : () -> tensor<16xf32>\n'
    '  %2 = "tfl.conv_2d"(%arg0, %0, %1) <{dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, '
    'fused_activation_function = "RELU6", padding = "SAME", stride_h = 2 : i32, stride_w = 2 : i32}> : '
    "(tensor<1x8x8x3xf32>, tensor<16x3x3x3xf32>, tensor<16xf32>) -> tensor<1x4x4x16xf32>\n"
    "  return %2 : tensor<1x4x4x16xf32>\n"
    "}\n"
)


ONNX = (  # (as onnx-mlir writes a model)
    "func.func @main(%a: tensor<10x10xf32>, %b: tensor<10x1xf32>) -> tensor<100xf32> {\n"
    '  %0 = "onnx.Add"(%a, %b) : (tensor<10x10xf32>, tensor<10x1xf32>) -> tensor<10x10xf32>\n'
    '  %1 = "onnx.Relu"(%0) : (tensor<10x10xf32>) -> tensor<10x10xf32>\n'
    "  %2 = onnx.Constant dense<100> : tensor<1xi64>\n"
    '  %3 = "onnx.Reshape"(%1, %2) {allowzero = 0 : si64} : (tensor<10x10xf32>, tensor<1xi64>) -> tensor<100xf32>\n'
    "  onnx.Return %3 : tensor<100xf32>\n"
    "}\n"
)


TF = (  # (as TensorFlow 2.21 writes a graph of float ops, in the generic form)
    "func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
    '  %0 = "tf.AddV2"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>\n'
    '  %1 = "tf.Relu6"(%0) : (tensor<2x3xf32>) -> tensor<2x3xf32>\n'
    "  return %1 : tensor<2x3xf32>\n"
    "}\n"
)


@pytest.mark.parametrize(
    ("text", "used", "unused"),
    [
        # a generic `tosa.reshape` asks its required attributes: td.py's (64436d8: ods.json, with json, pathlib)
        (TOSA_SHAPES, {"broadcheck.dialects.tosa.td"}, {"json", "pathlib", "urllib", "ipaddress"}),
        # tfl's shape ops word their messages when they reject (64436d8: imported the catalogue)
        (TFL, {"broadcheck.dialects.tfl.data", "broadcheck.dialects.tfl.kernels"}, {"broadcheck.messages"}),
        # arith's generated traits judge no TensorFlow constraint (64436d8: ods.traits imported TF's rules),
        # and come from ods/kept.py (64436d8: arith.json, with json)
        (
            LINALG,
            {"broadcheck.dialects.ods.traits"},
            {"broadcheck.semantics.tf", "broadcheck.semantics.tosa", "json"},
        ),
        # ONNX in parts: its shape ops' part, not ODS's constraints (the last part, JSON) nor the ops
        # onnx-mlir alone verifies (64436d8: every op declared, the table read through importlib.resources)
        (
            ONNX,
            {"broadcheck.dialects.onnx.verify", "broadcheck.dialects.onnx.tail"},
            {"json", "pathlib", "tempfile", "zipfile", "broadcheck.messages", "broadcheck.dialects.onnx.more"},
        ),
        # TensorFlow's rules read a quantized type as TOSA's do: a file of float types loads no TOSA rules
        (TF, {"broadcheck.semantics.tf"}, {"broadcheck.semantics.tosa"}),
    ],
    ids=["tosa", "tfl", "linalg", "onnx", "tf"],
)
def test_a_mid_size_export_loads_only_what_its_ops_use(
    tmp_path: Path, text: str, used: set[str], unused: set[str]
) -> None:
    # Counts work, not time (issue 31, the mid-size exports of torch-mlir, TensorFlow and JAX): a
    # run as the program of a file in each export's style loads its dialect's modules (the control)
    # and none of the modules its ops never use.
    output, loaded = _modules_of_a_run(project(tmp_path, text), "--no-cache", "one.mlir")
    assert output.startswith("No problems found in 1 file"), output
    assert used <= loaded, used - loaded
    assert not loaded & unused, loaded & unused
