"""How much work ``refine`` does per statement (issue 32: refine no slower than check by more than
1.5x): statements read and judged, counted, never timed.

A module of N repeated "layers", as a real export repeats them: each layer has ops on the
activations (their types follow the new batch) and ops on the weights only (refine leaves them as
they are). Refine must not read a statement that uses no re-typed value, must re-type a statement
of a form (and of names as long) it has re-typed before without reading it again, and must judge
each distinct re-typed statement once: so four times the layers is about the same reading and the
same judging.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from broadcheck.engine import refine_read, refine_values, run
from broadcheck.engine.options import Options
from broadcheck.engine.refine import Refiner, Request
from broadcheck.engine.refine_run import refine_text

ACT = "tensor<?x16xf32>"
W = "tensor<16x16xf32>"


class Layers:
    """The lines of a function of layers, its value names of a fixed width (``%v00001``)."""

    def __init__(self) -> None:
        self.lines = [f"func.func @main(%arg0: {ACT}, %arg1: {W}, %arg2: {W}) -> ({ACT}, {W}) {{"]
        self.count = 0

    def name(self) -> str:
        self.count += 1
        return f"%v{self.count:05d}"

    def layer(self, x: str, w: str) -> tuple[str, str]:
        """A layer on the activations ``x`` (whose types follow the batch) and the weights ``w``
        (the weights' update: no batch in it), a location on every op: the new ``x`` and ``w``."""
        h, t, y = self.name(), self.name(), self.name()
        k = self.count
        self.lines.append(
            f"  {h} = stablehlo.dot_general {x}, {w}, contracting_dims = [1] x [0] : ({ACT}, {W}) -> {ACT} loc(#loc{k})"
        )
        self.lines.append(f"  {t} = stablehlo.tanh {h} : {ACT} loc(#loc{k + 1})")
        self.lines.append(f"  {y} = stablehlo.add {t}, {x} : {ACT} loc(#loc{k + 2})")
        m, u = self.name(), self.name()
        k = self.count
        self.lines.append(f"  {m} = stablehlo.multiply {w}, %arg2 : {W} loc(#loc{k + 3})")
        self.lines.append(f"  {u} = stablehlo.subtract {w}, {m} : {W} loc(#loc{k + 4})")
        return y, u

    def text(self, x: str, w: str) -> str:
        """The function, returning ``x`` and ``w``."""
        return "\n".join([*self.lines, f"  return {x}, {w} : {ACT}, {W}", "}"]) + "\n"


def layers(n: int) -> str:
    """A function of ``n`` layers (names of a fixed width, a location on every op, as JAX prints)."""
    function = Layers()
    x, w = "%arg0", "%arg1"
    for _ in range(n):
        x, w = function.layer(x, w)
    return function.text(x, w)


class Counts:
    def __init__(self) -> None:
        self.read = 0
        """Statements read by refine (:func:`.refine_values.read_as_named`)."""
        self.parsed = 0
        """Statement texts the reader read from scratch (once per shape)."""
        self.judged = 0
        """Re-typed statements judged by their checks."""


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counts]:
    found = Counts()

    def counted(function: Callable[..., object], field: str) -> Callable[..., object]:
        def call(*args: object, **kwargs: object) -> object:
            setattr(found, field, getattr(found, field) + 1)
            return function(*args, **kwargs)

        return call

    monkeypatch.setattr(refine_read, "read_as_named", counted(refine_read.read_as_named, "read"))
    monkeypatch.setattr(refine_values, "read_statement", counted(refine_values.read_statement, "parsed"))
    monkeypatch.setattr(Refiner, "_judge", counted(Refiner._judge, "judged"))
    refine_values._READ.clear()  # (the templates read by earlier tests)
    yield found


def _refine(n: int, counts: Counts) -> tuple[str, Counts, Refiner]:
    before = Counts()
    before.__dict__.update(counts.__dict__)
    captured: list[Refiner] = []
    original = Refiner.refine

    def refine(self: Refiner, text: str, request: Request) -> object:
        captured.append(self)
        return original(self, text, request)

    Refiner.refine = refine  # type: ignore[method-assign,assignment]
    try:
        after, diagnostics, _ = refine_text(
            "layers.mlir", layers(n), Request({("main", 0): "tensor<8x16xf32>"}), Options()
        )
    finally:
        Refiner.refine = original  # type: ignore[method-assign]
    assert not diagnostics, diagnostics
    spent = Counts()
    spent.read, spent.parsed, spent.judged = (
        counts.read - before.read,
        counts.parsed - before.parsed,
        counts.judged - before.judged,
    )
    return after, spent, captured[0]


def test_refined_whole(counts: Counts) -> None:
    after, _, _ = _refine(8, counts)
    assert "?" not in after
    assert after.count("tensor<8x16xf32>") == 3 + 8 * 4  # the signature, the return, 4 per layer


def test_untouched_statements_are_not_read(counts: Counts) -> None:
    _, spent, refiner = _refine(10, counts)
    assert refiner.skipped == 10 * 2  # the weights' ops: no batch in them
    assert spent.read < 10  # the first layer's three ops (and the return), not every layer's


def test_work_does_not_grow_with_the_layers(counts: Counts) -> None:
    _, small, small_refiner = _refine(10, counts)
    _, large, large_refiner = _refine(40, counts)
    assert large_refiner.repeated - small_refiner.repeated == 30 * 3
    # Reading: the same forms, the same names' widths: nothing more to read for 30 more layers.
    assert large.read == small.read
    assert large.parsed <= small.parsed
    # Judging: one verdict per distinct re-typed statement, whatever the layers.
    assert large.judged == small.judged


def test_reading_keeps_no_copy_of_the_lines() -> None:
    """Refine keeps every statement of the input until it has re-typed them all: each is cut from
    the source when asked, so what it holds is the source, not a second copy of every line."""
    text = layers(20)
    functions, reader = refine_read.read_functions(text)
    lazies = [s for fn in functions for s in refine_read.made(fn.statements) if type(s) is refine_read.Lazy]
    assert len(lazies) == 20 * 5 + 1  # every op and the return (at e3e3edd not the first op: the slow path's)
    lines = text.split("\n")
    for s in lazies:
        assert [r for r in gc.get_referents(s) if isinstance(r, str)] == [text]
        assert s.text == lines[s.line - 1].lstrip()
    assert not isinstance(reader.lines, list)
    assert list(reader.lines) == lines
    assert reader.lines[-1] == lines[-1] and reader.lines[3:5] == lines[3:5]


def test_the_check_does_not_keep_refines_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check of the refined text runs after refine's reading (every statement of the input)
    is let go: the two are not in memory at once."""
    alive: list[weakref.ref[Refiner]] = []
    original, feed = Refiner.refine, run.FileRun.feed
    seen: list[bool] = []

    def refine(self: Refiner, text: str, request: Request) -> object:
        alive.append(weakref.ref(self))
        return original(self, text, request)

    def checked(self: run.FileRun, *args: Any, **kwargs: Any) -> Any:
        seen.append(alive[0]() is None)
        return feed(self, *args, **kwargs)

    monkeypatch.setattr(Refiner, "refine", refine)
    monkeypatch.setattr(run.FileRun, "feed", checked)
    after, diagnostics, _ = refine_text("layers.mlir", layers(3), Request({("main", 0): "tensor<8x16xf32>"}), Options())
    assert not diagnostics and "?" not in after
    assert seen == [True]


def test_no_call_per_statement_for_its_operands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Refine's pass takes a statement's operand names from its form's split inline (no call of
    :meth:`.refine_read.Lazy.operand_names`: 376,231 at 480 layers); a statement that uses no
    value refine knows has ``()`` for its operands' values in its memo (no tuple of ``None`` made
    for it)."""
    calls = {"operand_names": 0}
    operand_names = refine_read.Lazy.operand_names

    def counted_names(self: refine_read.Lazy) -> list[str] | None:
        calls["operand_names"] += 1
        return operand_names(self)

    monkeypatch.setattr(refine_read.Lazy, "operand_names", counted_names)
    memos: list[dict[object, object]] = []
    original = Refiner.refine

    def refine(self: Refiner, text: str, request: Request) -> object:
        memos.append(self._memo)
        return original(self, text, request)

    monkeypatch.setattr(Refiner, "refine", refine)
    after, diagnostics, checked = refine_text(
        "layers.mlir", layers(20), Request({("main", 0): "tensor<8x16xf32>"}), Options()
    )
    assert not diagnostics and "?" not in after and checked == 20 * 5
    assert calls == {"operand_names": 0}  # (the return too: its form's plan says its operands)
    assert memos[0] and all(key[3] == () for key in memos[0])  # type: ignore[index]


def _jax_module(n: int) -> str:
    """A ``jax.export``-style module (``--dim b``): ``@main`` passes a ``get_dimension_size`` of its
    argument to a callee whose argument ``jax.global_constant = "b"`` marks, and the callee has
    ``n`` layers of ops, none of which says where ``b`` comes from."""
    act = "tensor<?x3xf32>"
    lines = [
        "module @jit_f attributes {jax.uses_shape_polymorphism = true} {",
        f"  func.func public @main(%arg0: {act}, %arg1: tensor<3x3xf32>) -> {act} {{",
        f"    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : ({act}) -> tensor<i32>",
        f"    %1 = call @_wrapped(%0, %arg0, %arg1) : (tensor<i32>, {act}, tensor<3x3xf32>) -> {act}",
        f"    return %1 : {act}",
        "  }",
        '  func.func private @_wrapped(%arg0: tensor<i32> {jax.global_constant = "b"}, '
        f"%arg1: {act}, %arg2: tensor<3x3xf32>) -> {act} {{",
    ]
    x, w = "%arg1", "%arg2"
    for k in range(n):
        lines.append(
            f"    %h{k} = stablehlo.dot_general {x}, {w}, contracting_dims = [1] x [0] : ({act}, tensor<3x3xf32>) -> {act}"
        )
        lines.append(f"    %t{k} = stablehlo.tanh %h{k} : {act}")
        lines.append(f"    %u{k} = stablehlo.multiply {w}, %arg2 : tensor<3x3xf32>")
        x, w = f"%t{k}", f"%u{k}"
    lines += [f"    return {x} : {act}", "  }", "}"]
    return "\n".join(lines) + "\n"


def test_dimension_sources_looks_only_at_the_statements_the_reader_noted(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--dim b`` finds where ``b`` comes from in the few statements that can say it (the reader notes
    the calls, ``get_dimension_size``s, ``compare``s and ``custom_call``s as it reads), not by a walk
    over every statement of every function (377,758 at 480 layers, for a handful of calls)."""
    from broadcheck.engine import refine

    walks: list[int] = []
    given: list[int] = []

    class Counted(list):  # type: ignore[type-arg]
        def __iter__(self) -> Iterator[Any]:
            walks.append(len(self))
            return super().__iter__()

    original = refine.dimension_sources

    def sources(name: str, functions: list[Any], *rest: Any) -> Any:
        kept = [fn.statements for fn in functions]
        for fn in functions:
            fn.statements = Counted(fn.statements)
        given.extend(len(noted) for noted in rest[0].values()) if rest else None
        try:
            return original(name, functions, *rest)
        finally:
            for fn, statements in zip(functions, kept, strict=True):
                fn.statements = statements

    monkeypatch.setattr(refine, "dimension_sources", sources)
    for n in (10, 40):
        after, diagnostics, checked = refine_text("jax.mlir", _jax_module(n), Request(dims={"b": 16}), Options())
        assert not diagnostics and "?" not in after and checked == 3 * n + 1
    assert walks == []  # no function's statements walked
    # @main's size and call; in the callee nothing, whatever its layers (at e3e3edd its first op, read
    # by the scanner's slow path as the line after a header's `{` was)
    assert given == [2] * 2
