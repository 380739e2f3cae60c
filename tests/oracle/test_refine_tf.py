"""Differential campaign: ``broadcheck refine`` on ``tf`` functions against TensorFlow 2.21's
``tf-shape-inference`` (issue 32).

``bench/refine_tf.py`` writes functions with a ``?`` batch (as a Keras ``None`` batch exports them)
over the ``tf`` ops broadcheck infers. broadcheck refines each with ``--arg`` (the activations at a
random static batch); TensorFlow gets the same module with those argument types written in and runs
``tf-shape-inference`` (``tf.mlir.experimental.run_pass_pipeline``). Every type of every statement,
and each function's signature (the pass rewrites result types too), must be the same in the two
outputs; broadcheck's output must also verify (TensorFlow's verifier, an empty pipeline).

Runs in the TensorFlow venv (``make oracle-tf``). Knobs: ``BROADCHECK_REFINE_CASES`` (default 1000)
and ``BROADCHECK_ORACLE_SEED``.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from broadcheck.engine.options import Options
from broadcheck.engine.refine import Request
from broadcheck.engine.refine_run import refine_text
from tests.oracle.refine_compare import count_types, differences, functions

pytestmark = pytest.mark.oracle

ROOT = Path(__file__).resolve().parents[2]
COUNT = int(os.environ.get("BROADCHECK_REFINE_CASES", 1000))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20261129))
CHUNK = 100


def with_arguments(function: str, static: dict[int, str]) -> str:
    """The function with the ``static`` argument types: each such argument renamed, its old name
    bound by a ``tf.Identity`` to the old type (the first statements; the pass refines them too)."""
    head, rest = function.split("\n", 1)
    added = []
    for index, new in static.items():
        old = re.search(rf"%arg{index}: (tensor<[^>]*>)", head)
        assert old is not None
        head = head.replace(old.group(0), f"%static{index}: {new}", 1)
        added.append(f'    %arg{index} = "tf.Identity"(%static{index}) : ({new}) -> {old.group(1)}\n')
    return head + "\n" + "".join(added) + rest


def tf_refine(module_text: str) -> str:
    """TensorFlow's ``tf-shape-inference`` of the module."""
    import tensorflow as tf

    out: str = tf.mlir.experimental.run_pass_pipeline(module_text, "tf-shape-inference", show_debug_info=False)
    return out


def tf_verifies(module_text: str) -> str | None:
    """TensorFlow's verifier's complaint about the module, or ``None``."""
    import tensorflow as tf

    try:
        tf.mlir.experimental.run_pass_pipeline(module_text, "", show_debug_info=False)
    except Exception as err:  # the verifier's own message is the outcome
        return str(err)[:1000]
    return None


def compare(cases: list[tuple[str, str, dict[int, str]]]) -> tuple[int, list[str]]:
    """(types compared, differences) over the cases, in chunks of one module each."""
    from bench.refine_tf import module

    problems: list[str] = []
    types = 0
    for start in range(0, len(cases), CHUNK):
        chunk = cases[start : start + CHUNK]
        text = module([body for _, body, _ in chunk])
        request = Request({(name, i): t for name, _, static in chunk for i, t in static.items()})
        after, diagnostics, _ = refine_text("chunk.mlir", text, request, Options())
        problems += [f"broadcheck: {d.line}: {d.severity}: {d.message} [{d.code}]" for d in diagnostics]
        theirs_text = tf_refine(module([with_arguments(body, static) for _, body, static in chunk]))
        complaint = tf_verifies(after)
        if complaint is not None:
            problems.append(f"TensorFlow rejects broadcheck's output: {complaint}")
        ours, theirs = functions(after), functions(theirs_text)
        for name, _, static in chunk:
            signature, *body = theirs.get(name, [""])
            problems += differences(name, ours[name], [signature, *body[len(static) :]])
            types += count_types(ours[name])
        left = [m.group(0) for m in re.finditer(r"tensor<(?:[^>]*x)?\?[^>]*>", after)]
        problems += [f"a dynamic type is left: {t}" for t in left[:3]]
    return types, problems


def test_generated_tf_functions() -> None:
    """The generated campaign: 0 differences in every refined type."""
    pytest.importorskip("tensorflow")
    sys.path.insert(0, str(ROOT))
    from bench.refine_tf import generate

    cases = generate(COUNT, SEED)
    types, problems = compare(cases)
    print(f"\nrefine tf campaign: {len(cases)} functions, {types} types compared, {len(problems)} differences")
    assert not problems, "\n".join(problems[:30])


@pytest.mark.parametrize(
    "path", sorted((ROOT / "tests/fixtures/refine/breaks").glob("tf_*.mlir")), ids=lambda p: p.stem
)
def test_tf_breaks_are_tensorflows(path: Path) -> None:
    """Each tf "what breaks" golden (``tests/test_refine_breaks.py``): its first error is
    TensorFlow's verifier's on broadcheck's refined text at the breaking size (line, column,
    message); at the verifying size TensorFlow accepts the refined text."""
    pytest.importorskip("tensorflow")
    from tests.oracle.test_refine_breaks import refined
    from tests.test_refine_breaks import commands, golden_error

    breaking, verifying = commands(path)
    complaint = tf_verifies(refined(path, breaking))
    assert complaint is not None
    found = re.search(r"-:(\d+):(\d+): error: (.*)", complaint)
    assert found is not None, complaint
    assert (int(found.group(1)), int(found.group(2)), found.group(3)) == golden_error(path)
    assert tf_verifies(refined(path, verifying)) is None
