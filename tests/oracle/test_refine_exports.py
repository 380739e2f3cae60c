"""Real exports (issue 32): TF Keras models exported with a ``None`` batch
(``bench/refine_exports.py``: an MLP, the small CNN, the transformer and MobileNetV2 of
``bench/tfexports.py``, traced with ``tf.TensorSpec((None, ...))``, frozen, through
``tf-standard-pipeline``), refined by broadcheck at batch 1, 8 and 64 (``--arg`` on the entry
function's argument). TensorFlow 2.21 must verify every output, and its ``tf-shape-inference``
of the export at that batch (the argument renamed and bound by a ``tf.Identity`` to the old
type, as in ``test_refine_tf.py``) must give every statement the types broadcheck gave it.

Runs in the TensorFlow venv (``make oracle-tf``); the exports are made there when missing.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from broadcheck.engine.options import Options
from broadcheck.engine.refine import Request
from broadcheck.engine.refine_run import refine_text
from tests.oracle.refine_compare import count_types, differences, functions
from tests.oracle.test_refine_tf import tf_refine, tf_verifies, with_arguments

pytestmark = pytest.mark.oracle

ROOT = Path(__file__).resolve().parents[2]
_ENTRY = re.compile(r"func\.func @(\w+)\(%arg0: (tensor<\?x[^>]*>)")


def _exports() -> list[Path]:
    pytest.importorskip("tensorflow")
    sys.path.insert(0, str(ROOT))
    from bench.refine_exports import write_all

    return write_all()


def refine_export(text: str, batch: int) -> tuple[str, str, list[str], str]:
    """(entry name, new argument type, broadcheck's diagnostics, broadcheck's output)."""
    found = _ENTRY.search(text)
    assert found is not None
    name, old = found.group(1), found.group(2)
    new = old.replace("?", str(batch), 1)
    after, diagnostics, _ = refine_text("export.mlir", text, Request({(name, 0): new}), Options())
    said = [f"{d.line}: {d.severity}: {d.message} [{d.code}]" for d in diagnostics]
    return name, new, said, after


@pytest.mark.parametrize("batch", [1, 8, 64])
@pytest.mark.parametrize(
    "stem",
    [
        "mlp",
        "small-cnn",
        "transformer",
        "mobilenetv2",
    ],
)
def test_tf_exports(stem: str, batch: int) -> None:
    """The export at this batch: TensorFlow verifies broadcheck's output and infers its types."""
    path = next(p for p in _exports() if p.name.startswith(stem + "."))
    text = path.read_text()
    name, new, said, after = refine_export(text, batch)
    problems = [f"broadcheck: {s}" for s in said]
    complaint = tf_verifies(after)
    if complaint is not None:
        problems.append(f"TensorFlow rejects broadcheck's output: {complaint}")
    head, rest = text.split(f"func.func @{name}(", 1)
    function, tail = rest.split("\n  }\n", 1)
    renamed = head + with_arguments(f"func.func @{name}(" + function + "\n  }\n", {0: new}) + tail
    theirs_text = tf_refine(renamed)
    ours, theirs = functions(after)[name], functions(theirs_text)[name]
    problems += differences(name, ours, [theirs[0], *theirs[2:]])
    print(f"\n{stem} at batch {batch}: {count_types(ours)} types, {len(problems)} differences")
    assert not problems, "\n".join(problems[:20])
