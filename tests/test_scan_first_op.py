"""Issue 31: the first op after a function's header on the scanner's fast pass.

The scanner decides whether a line-ending ``{`` (a function's header, ``reducer(...) {``,
``} else {``) opens a region by the next line. At e3e3edd that next line, the first statement of
every function, went to the slow path (:class:`.scan_pieces.PieceScanner`, piece by piece); in a
TensorFlow frozen graph it is the largest constant. Now the fast pass asks
:meth:`.scan_pieces.PieceScanner.follows` first, and takes the line itself wherever the slow path
read the same. What it must hold: the same result as the slow path's deciding on every input, the
work it saves (lines handed to the slow path, counted); a long literal first in its function held
no more often is ``test_bigline.py``'s (the bench's literal file).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from broadcheck.engine import scan
from broadcheck.engine.options import Options
from broadcheck.engine.run import check_text
from broadcheck.engine.scan import Scanner
from broadcheck.engine.scan_pieces import PieceScanner
from tests.test_scan_keyed import read_as_keys

_TESTS = Path(__file__).parent
INPUTS = sorted({*(_TESTS / "fixtures").rglob("*.mlir"), *(_TESTS / "golden").rglob("*.mlir")})
_MARKER = "// -----"


def _check(text: str, fast: bool, keyed: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, ...]:
    """``text`` checked with the first op after a header on the fast pass (``fast``) or as at e3e3edd
    (:meth:`.PieceScanner.follows` does nothing: the slow path decides the ``{``), every block read
    as keys (``keyed``) or line by line."""
    with monkeypatch.context() as patch:
        if not fast:
            patch.setattr(PieceScanner, "follows", lambda self, *args: None)
        read_as_keys(patch, keyed)
        options = Options(split_marker=_MARKER if _MARKER in text else None)
        r = check_text("t.mlir", text, options)
    return (r.diagnostics, r.ops_checked, r.lines, r.passed_over, r.annotations_not_held)


def test_there_are_inputs() -> None:
    assert len(INPUTS) >= 100


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: str(p.relative_to(_TESTS)))
def test_the_fast_pass_reads_the_first_op_as_the_slow_path_did(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = path.read_text()
    slow = _check(text, False, False, monkeypatch)
    assert _check(text, True, False, monkeypatch) == slow
    assert _check(text, True, True, monkeypatch) == slow


_T = "tensor<4xf32>"
_ADD = f"%0 = stablehlo.add %a, %a : {_T}"
_BAD = "%0 = stablehlo.add %a, %a : tensor<5xf32>"

CASES = {
    # what follows a header's line-ending `{`: an op, right or wrong, whole or not, or not an op
    "op": f"func.func @f(%a: {_T}) -> {_T} {{\n  {_ADD}\n  return %0 : {_T}\n}}\n",
    "wrong op": f"func.func @f(%a: {_T}) -> {_T} {{\n  {_BAD}\n  return %0 : {_T}\n}}\n",
    "op then continued": (
        f"func.func @f(%a: {_T}) -> {_T} {{\n  %0 = stablehlo.add %a, %a\n    : {_T}\n  return %0 : {_T}\n}}\n"
    ),
    "op over lines": f"func.func @f(%a: {_T}) -> {_T} {{\n  %0 = stablehlo.add %a,\n %a : {_T}\n  return %0 : {_T}\n}}\n",
    "op opening a region": (
        f"func.func @f(%a: {_T}, %c: i1) -> {_T} {{\n  %0 = scf.if %c -> ({_T}) {{\n    scf.yield %a : {_T}\n"
        f"  }} else {{\n    {_BAD}\n    scf.yield %0 : tensor<5xf32>\n  }}\n  return %0 : {_T}\n}}\n"
    ),
    "one-line region": f"func.func @f(%a: {_T}) -> {_T} {{\n  %0 = foo.op {{ foo.yield }} : {_T}\n  return %a : {_T}\n}}\n",
    "label": f"func.func @f(%a: {_T}) -> {_T} {{\n^bb0:\n  {_ADD}\n  return %0 : {_T}\n}}\n",
    "blank and comment": f"func.func @f(%a: {_T}) -> {_T} {{\n\n  // c\n  {_BAD}\n  return %0 : tensor<5xf32>\n}}\n",
    "closing brace": f"func.func @f(%a: {_T}) {{\n}}\nfunc.func @g(%a: {_T}) -> {_T} {{\n  return %a : {_T}\n}}\n",
    "return alone": "func.func @f() {\n  func.return\n}\n",
    "end of file": f"func.func @f(%a: {_T}) -> {_T} {{\n",
    "end of file after op": f"func.func @f(%a: {_T}) -> {_T} {{\n  {_BAD}",
    "attributes entry": (
        f'func.func @f(%a: {_T}) -> {_T} attributes {{\n  tf.entry_function = {{inputs = "x"}},\n'
        f"  foo.bar = 1 : i32}} {{\n  {_BAD}\n  return %0 : tensor<5xf32>\n}}\n"
    ),
    "dictionary entry": (
        f'func.func @f(%a: {_T}) -> {_T} {{\n  %0 = "foo.op"(%a) {{\n    foo.bar = 1 : i32\n  }} : ({_T}) -> {_T}\n'
        f"  {_BAD.replace('%0', '%1')}\n  return %0 : {_T}\n}}\n"
    ),
    "module": f"module {{\n  func.func @f(%a: {_T}) -> {_T} {{\n    {_BAD}\n    return %0 : tensor<5xf32>\n  }}\n}}\n",
    "module attributes": (
        f"module attributes {{\n  foo.a = 1 : i32}} {{\n  func.func @f(%a: {_T}) -> {_T} {{\n    {_ADD}\n"
        f"    return %0 : {_T}\n  }}\n}}\n"
    ),
    "generic": (
        f'"func.func"() ({{\n^bb0(%a: {_T}):\n  {_BAD}\n  "func.return"(%0) : (tensor<5xf32>) -> ()\n}}) '
        f'{{function_type = ({_T}) -> tensor<5xf32>, sym_name = "f"}} : () -> ()\n'
    ),
    "generic op": (
        f'"func.func"() ({{\n  {_BAD}\n  "func.return"(%0) : (tensor<5xf32>) -> ()\n}}) '
        f'{{function_type = ({_T}) -> tensor<5xf32>, sym_name = "f"}} : () -> ()\n'
    ),
    "split": (
        f"func.func @f(%a: {_T}) -> {_T} {{\n// -----\n  {_BAD}\n  return %0 : tensor<5xf32>\n}}\n{_MARKER}\n"
        f"func.func @g(%a: {_T}) -> {_T} {{\n  {_BAD}\n  return %0 : tensor<5xf32>\n}}\n"
    ),
    "reducer": (
        f"func.func @f(%a: {_T}, %z: tensor<f32>) -> tensor<f32> {{\n"
        f"  %0 = stablehlo.reduce(%a init: %z) across dimensions = [0] : ({_T}, tensor<f32>) -> tensor<f32>\n"
        "   reducer(%p: tensor<f32>, %q: tensor<f32>) {\n    %s = stablehlo.add %p, %q : tensor<4xf32>\n"
        "    stablehlo.return %s : tensor<f32>\n  }\n  return %0 : tensor<f32>\n}\n"
    ),
    "weights": (
        'func.func @f() -> tensor<64xi8> {\n  %0 = "tf.Const"() <{value = dense<"0x'
        + "3C" * 64
        + '"> : tensor<64xi8>}> : () -> tensor<64xi8>\n  return %0 : tensor<64xi8>\n}\n'
    ),
    "many functions": "".join(
        f"func.func @f{k}(%a: {_T}) -> {_T} {{\n  {_BAD if k % 7 == 3 else _ADD}\n  return %a : {_T}\n}}\n"
        for k in range(400)
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_what_follows_a_header_reads_as_the_slow_path_read_it(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = CASES[name]
    slow = _check(text, False, False, monkeypatch)
    assert _check(text, True, False, monkeypatch) == slow
    assert _check(text, True, True, monkeypatch) == slow
    assert _check(text + text, True, False, monkeypatch) == _check(text + text, False, False, monkeypatch)


def _slow_lines(text: str, monkeypatch: pytest.MonkeyPatch, keyed: bool) -> tuple[list[str], int]:
    """The lines a check of ``text`` handed the scanner's slow path, and the blocks read as keys."""
    handed: list[str] = []
    blocks: list[int] = []
    line, read_keyed = PieceScanner.line, Scanner._keyed

    def counted(self: PieceScanner, number: int, text: str, start: int = 0, end: int = -1) -> None:
        handed.append(text[start : len(text) if end < 0 else end])
        line(self, number, text, start, end)

    def counted_keyed(self: Scanner, *args: Any) -> int:
        blocks.append(1)
        return read_keyed(self, *args)

    with monkeypatch.context() as patch:
        patch.setattr(PieceScanner, "line", counted)
        patch.setattr(Scanner, "_keyed", counted_keyed)
        patch.setattr(scan, "KEYED_TEXT", 1 << 15 if keyed else 1 << 62)
        result = check_text("t.mlir", text, Options())
    assert result.ops_checked > 0
    return handed, len(blocks)


@pytest.mark.parametrize("keyed", [False, True])
def test_the_slow_path_reads_a_function_s_header_and_its_close_only(
    keyed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file of 2,000 small functions (as gen's and gen2's, a test file's ``// -----`` parts): the
    slow path is handed each one's header and ``}``, 2 lines a function; at e3e3edd also each one's
    first op (3 lines a function), whether the blocks are read line by line or as keys."""
    text = "".join(
        f"func.func @f{k}(%a: {_T}) -> {_T} {{\n  %0 = stablehlo.add %a, %a : {_T}\n"
        f"  %1 = stablehlo.multiply %0, %a : {_T}\n  return %1 : {_T}\n}}\n"
        for k in range(2000)
    )
    handed, blocks = _slow_lines(text, monkeypatch, keyed)
    assert (blocks > 0) == keyed
    assert not [line for line in handed if "stablehlo" in line]
    assert len(handed) == 2 * 2000


def test_a_callee_s_ops_in_a_row_record_nothing_for_a_call_of_its_clone() -> None:
    """Refine's pass re-types a call in a row from a memo of what the call's own types' writing
    did (:meth:`.refine.Refiner._record_call`). A call of a clone (the callee met with a second set
    of types) writes no memo; at e3e3edd it kept as its memo the edits of the clone's last op
    refined from a row (whose record was left over), and every later call of that memo got them at
    its own offsets: a callee of two ops wrote ``tensor<4x16xf32>`` over ``) : (tensor<?x16``
    (with its first op on the fast pass, a callee of one op too)."""
    from broadcheck.engine.refine import Refiner, Request
    from tests.test_refine_pass import _calls

    t = "tensor<?x16xf32>"
    one = f"func.func private @f(%a: {t}) -> {t} {{\n  %0 = stablehlo.negate %a : {t}\n"
    text = _calls(40)
    assert one in text
    for callee in (
        one,
        one.replace("%0 = stablehlo.negate %a", f"%z = stablehlo.negate %a : {t}\n  %0 = stablehlo.negate %z"),
    ):
        source = text.replace(one, callee)
        found = []
        for planned in (True, False):
            refiner = Refiner(Options(), "calls.mlir")
            if not planned:
                refiner._plan = lambda form: (0, -1, False, -1, False, False, False)  # type: ignore[method-assign]
            refined = refiner.refine(
                source, Request({("main", 0): "tensor<8x16xf32>", ("main", 3): "tensor<4x16xf32>"})
            )
            found.append(sorted(refined.edits))
        assert found[0] == found[1]
        assert all(a == b or source[a:b].startswith(("tensor<", "@")) for a, b, _ in found[0])  # (a type, a callee)
