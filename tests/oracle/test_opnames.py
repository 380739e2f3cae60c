"""The op-name lists in ``broadcheck/dialects/opnames/`` and the pending parse-error fixture.

Unmarked tests (``make test``) hold the committed files to their format and to the op table.
The oracle tests regenerate the lists from the real tools and compare (they FAIL, never skip,
when a tool is missing):

* ``make oracle``: iree-base-compiler 3.13.0 (every dialect ``iree.compiler.ir.Context()``
  registers; the ``iree-opt`` binary must know the same ops) and jax 0.10.2 (``mhlo``,
  ``sparse_tensor``); ``iree-opt --split-input-file --verify-diagnostics`` accepts
  ``tests/pending/parse_errors.mlir``, and needs every one of its annotations.
* ``make oracle-tf``: tensorflow-cpu 2.21.0 (``tf``, ``tf_executor``, ``tf_device``,
  ``tf_saved_model``, ``tfl``).

``onnx.txt`` has no tool to compare with (see the README there).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from . import make_opnames as mk

LISTS = sorted(p for p in mk.OUT.glob("*.txt") if p.name != mk.GENERIC_ONLY)
PENDING = mk.ROOT / "tests" / "pending" / "parse_errors.mlir"

# Ops broadcheck's table checks that their dialect does not define: the SONNX profile's Broadcast.
NOT_DEFINED = {"onnx.Broadcast"}


def _names(path: Path) -> list[str]:
    return mk.read_list(path)[1]


# ------------------------------------------------------------------------------ format, table


def test_every_dialect_broadcheck_reads_has_a_list() -> None:
    names = {p.stem for p in LISTS}
    wanted = "tosa stablehlo chlo mhlo linalg vector tensor func arith math scf cf memref affine bufferization builtin"
    wanted += " shape sparse_tensor index complex ml_program quant tf tfl tf_executor tf_device tf_saved_model onnx"
    assert set(wanted.split()) <= names


@pytest.mark.parametrize("path", LISTS, ids=lambda p: p.stem)
def test_list_format(path: Path) -> None:
    text = path.read_text()
    lines = text.splitlines()
    assert text.endswith("\n") and "" not in lines
    assert lines[0].startswith(f"# {path.stem}: ")
    assert lines[1].startswith("# generic-unknown: ")
    ops = _names(path)
    assert ops, path.name
    assert ops == sorted(set(ops)), f"{path.name}: not sorted or not unique"
    assert all(op.startswith(path.stem + ".") for op in ops)
    assert all(re.fullmatch(r"[a-z_][a-z0-9_]*\.[A-Za-z0-9_$.-]+", op) for op in ops)
    # Comment lines only at the top.
    assert all(not line.startswith("#") for line in lines[lines.index(ops[0]) :])


def test_generic_only_ops_are_listed_ops() -> None:
    generic_only = _names(mk.OUT / mk.GENERIC_ONLY)
    assert generic_only == sorted(set(generic_only))
    for op in generic_only:
        assert op in _names(mk.OUT / f"{op.partition('.')[0]}.txt"), op


def test_every_op_of_the_table_is_defined_by_its_dialect() -> None:
    from broadcheck.optable import builtin_ops

    missing = []
    for op in sorted(builtin_ops()):
        dialect = op.partition(".")[0]
        if dialect == "test" or op in NOT_DEFINED:
            continue
        path = mk.OUT / f"{dialect}.txt"
        if not path.exists() or op not in _names(path):
            missing.append(op)
    assert not missing
    for op in NOT_DEFINED:
        assert op not in _names(mk.OUT / f"{op.partition('.')[0]}.txt")


def test_the_lists_ship_in_the_package() -> None:
    from importlib.resources import files

    found = files("broadcheck.dialects") / "opnames" / "tosa.txt"
    assert "tosa.add" in found.read_text().splitlines()


# ------------------------------------------------------------------------------------ oracles


def _need(module: str, install: str) -> None:
    try:
        __import__(module)
    except ImportError as exc:
        pytest.fail(f"this oracle test needs {install} ({exc}); run `make oracle` / `make oracle-tf`", pytrace=False)


def _same(lists: list[mk.OpList]) -> None:
    diffs = mk.differences(lists)
    assert not diffs, "\n".join(diffs)


@pytest.mark.oracle
def test_iree_lists_are_the_tools() -> None:
    _need("iree.compiler", "iree-base-compiler==3.13.0")
    lists = mk.iree_lists()
    assert len(lists) >= 50
    _same(lists)


@pytest.mark.oracle
def test_iree_opt_knows_the_same_ops() -> None:
    """The ``iree-opt`` binary (what upstream RUN lines run) knows every listed op of the dialects
    it registers, in the custom form; a name one letter off is unknown to it."""
    _need("iree.compiler", "iree-base-compiler==3.13.0")
    opt = mk.iree_opt_dialects()
    listed = {}
    for path in LISTS:
        comments = mk.read_list(path)[0]
        if "iree.compiler.ir.Context()" in comments[0]:
            listed[path.stem] = [n for n in _names(path) if mk._BARE_OP_NAME.match(n)]
    assert set(listed) - opt == {"index"}
    names = [n for d in sorted(listed) if d in opt for n in listed[d]]
    typos = [n + "zz" for n in names[::50]]
    errors = mk.iree_opt_unknown([*names, *typos])
    unknown = sorted(n for n in names if errors.get(n) == f"custom op '{n}' is unknown")
    assert not unknown, unknown[:20]
    assert all(errors.get(n) == f"custom op '{n}' is unknown" for n in typos)
    index = mk.iree_opt_unknown(["index.add"])
    assert index["index.add"] == "Dialect `index' not found for custom op 'index.add' "


@pytest.mark.oracle
def test_jaxlib_lists_are_the_tools() -> None:
    _need("jaxlib", "jax==0.10.2")
    _same(mk.jaxlib_lists())


@pytest.mark.oracle
def test_tensorflow_lists_are_the_tools() -> None:
    _need("tensorflow", "tensorflow-cpu==2.21.0 (make oracle-tf)")
    _same(mk.tensorflow_lists())


# --------------------------------------------------------------------- the pending fixture


def _verify(path: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    command = [mk.iree_opt(), "--split-input-file", "--verify-diagnostics", *flags, str(path), "-o", "/dev/null"]
    return subprocess.run(command, capture_output=True, text=True)


@pytest.mark.oracle
@pytest.mark.parametrize("flags", [(), ("--allow-unregistered-dialect",)], ids=["plain", "allow-unregistered"])
def test_iree_opt_accepts_the_pending_fixture(flags: tuple[str, ...]) -> None:
    _need("iree.compiler", "iree-base-compiler==3.13.0")
    result = _verify(PENDING, *flags)
    assert result.returncode == 0, result.stderr[-3000:]


@pytest.mark.oracle
def test_every_annotation_of_the_pending_fixture_is_needed(tmp_path: Path) -> None:
    """Dropping any one annotation makes iree-opt report the diagnostic it stood for."""
    _need("iree.compiler", "iree-base-compiler==3.13.0")
    lines = PENDING.read_text().splitlines(keepends=True)
    annotated = [i for i, line in enumerate(lines) if re.search(r"// expected-(error|note)", line)]
    assert len(annotated) >= 70
    for i in annotated:
        case = tmp_path / "case.mlir"
        case.write_text("".join([*lines[:i], "//\n", *lines[i + 1 :]]))
        result = _verify(case)
        assert result.returncode == 1, f"line {i + 1} is not needed: {lines[i].strip()}"
        assert "unexpected " in result.stderr, result.stderr[-1000:]
