"""A memref's blank layout or memory space (``memref<4xf32, >``): MLIR's memref parser reads the
entries after its element as a ``,``-separated list of attributes, none of which may be empty
(unlike a tensor's encoding, ``tensor<4xf32, >`` being ``tensor<4xf32>``: fixture
``empty_encoding.mlir``). broadcheck's first error is iree-opt's (iree-base-compiler 3.13,
``--allow-unregistered-dialect``), in its words, on its line and at its column
(``broadcheck/syntax/types.py``'s ``_blank_layout``), wherever a file writes the type (the
places of ``tests/test_type_syntax.py``). Each answer below is what iree-opt said first of the
probe (``None``: it reads the file), not derived from broadcheck.
``tests/fixtures/memref_empty_layout.mlir`` holds some of them in one file that
``iree-opt --split-input-file --verify-diagnostics`` passes too.
"""

from __future__ import annotations

import pytest

from broadcheck.api import check_text
from broadcheck.syntax import types
from broadcheck.syntax.types import type_problem
from tests.test_type_syntax import PLACES

TYPES = {
    "list": "memref<4xf32, >",
    "tight": "memref<4xf32,>",
    "gap": "memref<?xf32, , 1>",
    "after": "memref<4xf32, 1, >",
    "unr": "memref<*xf32, >",
    "twoblank": "memref<4xf32, , >",
    "map": "memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>,>",
    "tup": "tuple<i1, memref<4xf32, >>",
    "line": "memref<4xf32,\n    >",
    "unr_space": "memref<*xf32, 1, >",
    "strided": "memref<?xf32, strided<[1], offset: ?>, 1>",
    "shape_first": "memref<4xf33, >",
}

# (place, type, iree-opt's first error: line, column, message; None: it reads the file)
PROBES = [
    ("head_arg", "list", (1, 31, "expected list element")),
    ("head_arg", "after", (1, 34, "expected attribute value")),
    ("head_res", "list", (1, 49, "expected list element")),
    ("head_res", "after", (1, 52, "expected attribute value")),
    ("head_res2", "list", (1, 65, "expected list element")),
    ("head_res2", "after", (1, 68, "expected attribute value")),
    ("decl", "list", (1, 50, "expected list element")),
    ("decl", "after", (1, 53, "expected attribute value")),
    ("multiline_head", "list", (2, 22, "expected list element")),
    ("multiline_head", "after", (2, 25, "expected attribute value")),
    ("label", "list", (3, 23, "expected list element")),
    ("label", "after", (3, 26, "expected attribute value")),
    ("generic_operand", "list", (2, 38, "expected list element")),
    ("generic_operand", "after", (2, 41, "expected attribute value")),
    ("generic_result", "list", (2, 56, "expected list element")),
    ("generic_result", "after", (2, 59, "expected attribute value")),
    ("checked_generic", "list", (2, 81, "expected list element")),
    ("checked_generic", "after", (2, 84, "expected attribute value")),
    ("custom", "list", (2, 44, "expected list element")),
    ("custom", "after", (2, 47, "expected attribute value")),
    ("attribute", "list", (2, 53, "expected list element")),
    ("attribute", "after", (2, 56, "expected attribute value")),
    ("attr_generic", "list", (2, 44, "expected list element")),
    ("attr_generic", "after", (2, 47, "expected attribute value")),
    ("ret", "list", (2, 28, "expected list element")),
    ("ret", "after", (2, 31, "expected attribute value")),
    ("empty", "list", (2, 38, "expected list element")),
    ("empty", "after", (2, 41, "expected attribute value")),
    ("alias", "list", (1, 19, "expected list element")),
    ("alias", "after", (1, 22, "expected attribute value")),
    ("region_arg", "list", (4, 29, "expected list element")),
    ("region_arg", "after", (4, 32, "expected attribute value")),
    ("call", "list", (3, 41, "expected list element")),
    ("call", "after", (3, 44, "expected attribute value")),
    ("head_arg", "tight", (1, 31, "expected list element")),
    ("head_arg", "gap", (1, 31, "expected attribute value")),
    ("head_arg", "unr", (1, 31, "expected list element")),
    ("head_arg", "twoblank", (1, 31, "expected attribute value")),
    ("head_arg", "map", (1, 67, "expected attribute value")),
    ("head_arg", "tup", (1, 41, "expected list element")),
    ("head_arg", "line", (1, 31, "expected list element")),
    ("head_arg", "unr_space", (1, 34, "expected attribute value")),
    ("head_arg", "strided", None),
    ("head_arg", "shape_first", (1, 27, "expected non-function type")),
    ("label", "map", (3, 59, "expected attribute value")),
    ("label", "tup", (3, 33, "expected list element")),
    ("label", "line", (3, 23, "expected list element")),
    ("generic_operand", "gap", (2, 38, "expected attribute value")),
    ("generic_operand", "unr_space", (2, 41, "expected attribute value")),
    ("alias", "strided", None),
    ("ret", "twoblank", (2, 28, "expected attribute value")),
]


@pytest.mark.parametrize(("place", "kind", "expected"), PROBES, ids=[f"{p}-{k}" for p, k, _ in PROBES])
def test_the_first_error_is_iree_opt_s(place: str, kind: str, expected: tuple[int, int, str] | None) -> None:
    errors = [d for d in check_text(PLACES[place].format(T=TYPES[kind]), "probe.mlir") if d.severity == "error"]
    if expected is None:
        assert errors == []
        return
    assert errors, "iree-opt rejects it; broadcheck said nothing"
    first = errors[0]
    assert (first.span.line, first.span.column, first.message, first.code) == (*expected, "BC001")


def test_a_tensor_s_empty_encoding_is_none_a_memref_s_blank_entry_is_wrong() -> None:
    assert type_problem("tensor<4xf32, >") is None
    assert type_problem("memref<4xf32, >") == ("expected list element", len("memref<4xf32,"))


# iree-opt: "cannot have affine map for unranked memref type" (at the blank's token), before the
# blank entry: broadcheck does not know which attributes are layouts, and judges none after one
# that may be (a third entry neither, after two that MLIR may reject first).
NOT_JUDGED = [
    "memref<*xf32, affine_map<(d0) -> (d0)>, >",
    "memref<*xf32, #map, >",
    "memref<4xf32, 1, 2, >",
]


@pytest.mark.parametrize("text", NOT_JUDGED)
def test_a_blank_after_what_mlir_may_reject_first_is_not_judged(text: str) -> None:
    assert type_problem(text) is None


def test_a_memref_without_a_comma_takes_no_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    """The usual spellings pay nothing: a memref with no ``,`` is not walked for a blank entry,
    and one with a layout once per distinct text (:func:`~.types.type_problem`'s cache)."""
    walked: list[str] = []
    real = types._blank_layout

    def counted(text: str, unranked: bool) -> tuple[str, int] | None:
        walked.append(text)
        return real(text, unranked)

    monkeypatch.setattr(types, "_blank_layout", counted)
    monkeypatch.setattr(types, "_PROBLEMS", {})
    body = "".join(
        f'  %r{i}:2 = "x.op"() : () -> (memref<{i}xf32>, memref<?xf32, strided<[1], offset: ?>>)\n'
        for i in range(1, 20)
    )
    text = f"func.func @f(%a: memref<4xf32>, %b: memref<?xf32, strided<[1], offset: ?>>) {{\n{body}  return\n}}\n"
    assert check_text(text, "probe.mlir") == []
    assert walked == ["memref<?xf32, strided<[1], offset: ?>>"]
