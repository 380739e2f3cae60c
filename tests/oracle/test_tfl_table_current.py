"""The ``tfl`` ODS table (``broadcheck/dialects/tfl/ods.json``) is current: regenerated from
``tfl_ops.td`` at the LiteRT commit it records, it is the file in the repository, byte for byte. A
changed generator shows as a difference; ``make ods LITERT=...`` regenerates it.

The commit is the one TensorFlow 2.21's converter matches: every operand and result summary the table
holds that MLIR's generated verifier prints (all but ``variadic of any type``, which no verifier
checks, and ``tfl.where``'s input, whose list of element types TensorFlow 2.21 keeps shorter) is a
string of TensorFlow 2.21's ``libtensorflow_cc``, and no later commit of ``tfl_ops.td`` has that
property (the next, of 2026-02-09, adds ``QUI4``). The second test holds that.

It needs a LiteRT git directory holding that commit (``$BROADCHECK_LITERT``, or a clone at ``.litert``)
and TensorFlow 2.21's environment for the second test; it FAILS, saying where it looked, without them.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from broadcheck.dialects.tfl import generate

pytestmark = pytest.mark.oracle

TABLE = Path(generate.__file__).parent / "ods.json"
UNCHECKED = {"variadic of any type"}
TF_WHERE = (
    "tensor of 1-bit signless integer or 32-bit float or 32-bit signless integer or 64-bit signless integer or "
    "8-bit signless integer or 8-bit unsigned integer or 32-bit unsigned integer values"
)


def _commit() -> str:
    commit: str = json.loads(TABLE.read_text(encoding="utf-8"))["source"]["commit"]
    return commit


def test_the_table_is_current() -> None:
    repo, commit = generate.default_repo(), _commit()
    found = subprocess.run(["git", "-C", str(repo), "cat-file", "-e", f"{commit}^{{commit}}"], capture_output=True)
    assert found.returncode == 0, f"no LiteRT git directory holding {commit} at {repo}: set BROADCHECK_LITERT"
    assert commit == generate.COMMIT
    assert generate.render(generate.generate(repo, commit)) == TABLE.read_text(encoding="utf-8")


def _library() -> bytes:
    try:
        import tensorflow  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError as exc:
        pytest.fail(f"TensorFlow 2.21 is needed: {exc}")
    return (Path(tensorflow.__file__).parent / "libtensorflow_cc.so.2").read_bytes()


def test_the_commit_is_tensorflow_2_21s() -> None:
    library = _library()
    ops = json.loads(TABLE.read_text(encoding="utf-8"))["ops"]
    said = {s for op in ops.values() for _, _, s in [*op["operands"], *op["results"]]} - UNCHECKED
    assert sorted(s for s in said if s.encode() not in library) == [TF_WHERE]
    repo = generate.default_repo()
    newer = subprocess.run(
        ["git", "-C", str(repo), "log", "--format=%H", "--reverse", f"{_commit()}..HEAD", "--", generate.FILE],
        capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    if newer:
        next_ops = generate.generate(repo, newer[0])["ops"]
        next_said = {s for op in next_ops.values() for _, _, s in [*op["operands"], *op["results"]]}
        assert any(s.encode() not in library for s in next_said - said - UNCHECKED)
