"""TOSA's op tables are current. ``broadcheck/dialects/tosa/ods.json``: regenerated from the op classes of the
iree-base-compiler it records (``iree/compiler/dialects/_tosa_ops_gen.py``, written by ``mlir-tblgen`` from
TOSA's ``.td`` files at the LLVM that iree carries), it is the file in the repository, byte for byte.
``broadcheck/dialects/tosa/td.py``: regenerated from the ``.td`` files at the llvm-project commits it records
(``make ods`` downloads them into ``.tosa-td``; ``$BROADCHECK_TOSA_TD`` names another directory), the delta
applied and held to ``ods.json``, it is the file in the repository, byte for byte. A changed generator, another
iree or another ``.td`` shows as a difference; ``make ods`` regenerates them.

It needs that module (``make oracle`` installs iree-base-compiler 3.13) and those files, and FAILS, saying
so, when there are none or when a SHA-256 is not the one the table records.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

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


def test_the_td_table_is_current() -> None:
    directory = generate.default_td() or Path(generate.__file__).parents[3] / ".tosa-td"
    assert directory.is_dir(), f"no .td files at {directory}: run `make .tosa-td` or set BROADCHECK_TOSA_TD"
    from broadcheck.dialects.tosa import td

    files = [[f["commit"], f["sha256"]] for f in td.SOURCE["files"]]
    assert files == [list(v) for v in generate.TD_FILES.values()]
    assert generate.render_td(generate.generate_td(directory)) == generate.TD_TABLE.read_text(encoding="utf-8")


def test_the_td_files_are_the_ones_recorded() -> None:
    """A file of another commit is refused, naming the file (here: one byte changed)."""
    directory = Path(os.environ.get("BROADCHECK_TOSA_TD") or Path(generate.__file__).parents[3] / ".tosa-td")
    assert directory.is_dir(), f"no .td files at {directory}: run `make .tosa-td` or set BROADCHECK_TOSA_TD"
    texts = {name: (directory / name).read_text(encoding="utf-8") for name in generate.TD_FILES}
    changed = Path(os.environ.get("TMPDIR", "/tmp")) / "broadcheck-tosa-td-changed"
    changed.mkdir(exist_ok=True)
    for name, text in texts.items():
        (changed / name).write_text(text.replace("Tosa_Tensor3D", "Tosa_Tensor4D", 1) if name == "TosaOps.td"
                                    else text, encoding="utf-8")  # fmt: skip
    with pytest.raises(ValueError, match=r"TosaOps\.td is not TosaOps\.td at 029c4da2"):
        generate.generate_td(changed)
