"""TOSA's op table (``broadcheck/dialects/tosa/ods.json``) is current: regenerated from the op classes of the
iree-base-compiler it records (``iree/compiler/dialects/_tosa_ops_gen.py``, written by ``mlir-tblgen`` from
TOSA's ``.td`` files at the LLVM that iree carries), it is the file in the repository, byte for byte. A changed
generator or another iree shows as a difference; ``make ods`` regenerates it.

It needs that module (``make oracle`` installs iree-base-compiler 3.13), and FAILS, saying so, when there is
none or when its SHA-256 is not the one the table records.
"""

from __future__ import annotations

import json

import pytest

from broadcheck.dialects.tosa import generate

pytestmark = pytest.mark.oracle


def test_the_table_is_current() -> None:
    source = generate.default_source()
    assert source is not None, f"no {generate.MODULE} to regenerate from: pip install iree-base-compiler==3.13.0"
    recorded = json.loads(generate.TABLE.read_text(encoding="utf-8"))["source"]
    fresh = generate.generate(source)
    assert fresh["source"]["sha256"] == recorded["sha256"], f"{source} is not the file the table was read from"
    assert generate.render(fresh) == generate.TABLE.read_text(encoding="utf-8")
