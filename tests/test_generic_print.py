"""MLIR's generic form of a block's last op and AsmState's numbering (:mod:`broadcheck.engine.generic_print`).

The texts are iree-opt 3.13's (``tests/oracle/test_no_terminator_probe.py``,
``tests/fixtures/llvm_no_terminator.mlir``); here the cases where broadcheck must stay silent.
"""

from __future__ import annotations

import pytest

from broadcheck.engine.generic_print import Scope, generic_text, number
from broadcheck.engine.options import Options
from broadcheck.engine.run import check_text

_BODY = """func.func @f(%m: memref<?xf32>, %x: f32) {{
  linalg.generic {{indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}}
      outs(%m : memref<?xf32>) {{
    ^bb(%o: f32):
{first}
  }}
  linalg.generic {{indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}}
      outs(%m : memref<?xf32>) {{
    ^bb(%o: f32):
      %1 = arith.addf %x, %o : f32
  }}
  return
}}
"""


def _codes(text: str) -> list[tuple[int, str]]:
    return [(d.span.line, d.code) for d in check_text("x.mlir", text, Options()).diagnostics]


def test_the_first_body_is_reported() -> None:
    """The verifier stops at the first body without a terminator: one error, there."""
    assert _codes(_BODY.format(first="      %1 = arith.subf %x, %o : f32")) == [(5, "BC1813")]


@pytest.mark.parametrize(
    "first",
    [
        "      %e = math.fma %o, %o, %o : f32",  # (a form broadcheck does not print)
        "      %1 = arith.addi %o, %o overflow<nsw> : f32",
        "      %1 = arith.addf %o, %o fastmath<nnan,ninf> : f32",
        "      %1 = arith.addf %o,\n          %o : f32",  # (over two lines)
        "      %1 = arith.addf %o, %o, %o : f32",  # (the parser stops at it: no verifier runs)
    ],
)
def test_silent_where_the_first_op_cannot_be_printed(first: str) -> None:
    """No message rather than a wrong one: not about the first body, and not about the second."""
    assert "BC1813" not in [code for _, code in _codes(_BODY.format(first=first))]


def test_a_trailing_comment_is_not_read_for_names() -> None:
    """The names of a comment after the op are not its operands."""
    text = _BODY.format(first="      %1 = math.exp %o : f32  // %2 = math.exp %o : f32")
    assert _codes(text) == [(5, "BC1813")]


def test_with_a_terminator_nothing() -> None:
    """A body that ends in linalg.yield is fine."""
    text = _BODY.format(first="      %1 = arith.subf %x, %o : f32\n      linalg.yield %1 : f32").replace(
        "      %1 = arith.addf %x, %o : f32\n", "      %1 = arith.addf %x, %o : f32\n      linalg.yield %1 : f32\n"
    )
    assert _codes(text) == []


def test_numbering_goes_on_from_sibling_to_sibling() -> None:
    """Nested regions after their region, the last first, the counters never going back."""
    root, first, second, inner = Scope(None), Scope(None), Scope(None), Scope(None)
    root.entry = ("%a",)
    root.defs = [(False, (("%k", 1),)), (False, (("%p", 2),)), (True, (("%q", 1),))]
    for child in (first, second):
        child.parent = root
        child.entry = ("%o",)
        child.defs = [(False, (("%r", 1),))]
        root.children.append(child)
    second.children.append(inner)
    inner.parent = second
    inner.defs = [(False, (("%s", 1),))]
    table = number(root)
    assert generic_text("%r = arith.select %p#1, %o, %k : f32", first, table) == (
        '%5 = "arith.select"(%1#1, %arg2, %0) : (i1, f32, f32) -> f32'
    )
    assert generic_text("%r = arith.andi %q, %a : i32", second, table) == (
        '%3 = "arith.andi"(%2, %arg0) : (i32, i32) -> i32'
    )
    assert generic_text("%s = arith.andi %nowhere, %a : i32", inner, table) is None
