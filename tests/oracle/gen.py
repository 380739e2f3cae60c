"""Random TOSA elementwise cases for the differential test against the real MLIR verifier.

Each case is one module holding one ``func.func`` with one TOSA op whose operand and result
types come from a seeded :class:`random.Random`, so a run is reproducible from ``(seed, count)``.

What is generated:

* ops: ``tosa.add``, ``tosa.sub``, ``tosa.maximum``, ``tosa.minimum``, ``tosa.pow``
  (f32, f32 -> f32), ``tosa.select`` (i1, f32, f32 -> f32), ``tosa.equal``, ``tosa.greater``
  (f32, f32 -> i1), ``tosa.logical_and`` (i1, i1 -> i1);
* operand ranks 0-4, equal most of the time, sometimes unequal; now and then an unranked
  operand or result (``tensor<*x...>``);
* dims mostly from {1, 2, 3, ?}, occasionally larger (4 ... 1024);
* results: the broadcast shape, the broadcast shape with static dims relaxed to ``?`` or ``?``
  dims made static, or a wrong shape (one dim changed, an extra leading dim, a dropped dim,
  a random shape, 0-d).

What is deliberately NOT generated, because the real verifier rejects it for reasons that have
nothing to do with broadcasting (its ODS type constraints and other traits run before the
Broadcastable trait, so these cases would only compare messages broadcheck does not model):

* size-0 dims (``tensor<0xf32>``, ``tensor<2x0xf32>``): TOSA's type constraint fails first with
  ``'tosa.add' op operand #0 must be tosa-conformant tensor of number values, but got
  'tensor<0xf32>'``;
* mismatched or wrong element types (f32 vs i32, f32 condition for select, non-i1 compare
  result): ``requires the same element type for all operands and results`` (add/sub/max/min/pow,
  before the trait), ``requires the same element type for all operands`` (equal/greater, before
  the trait), ``expect input and output to have same element type, got 'i32' and 'f32'``
  (select's own verifier, after the trait), or ``operand #0 must be tosa-conformant tensor of
  1-bit signless integer values, but got ...``;
* vector types: rejected by the type constraint (``must be tosa-conformant tensor of number
  values, but got 'vector<2xf32>'``), so the trait's ``cannot broadcast vector with tensor`` is
  unreachable through TOSA;
* unary ops and ``tosa.clamp``: ``SameOperandsAndResultShape`` runs before the trait
  (``'tosa.abs' op requires the same shape for all operands and results``), so no trait message
  can ever come out of them;
* ``tosa.mul`` / ``tosa.negate``: extra operands and their own verifiers.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

Dim = int | None
"""A static size, or ``None`` for ``?``."""

Shape = tuple[Dim, ...] | None
"""A ranked shape, or ``None`` for an unranked tensor."""

OPS: dict[str, tuple[tuple[str, ...], str]] = {
    "tosa.add": (("f32", "f32"), "f32"),
    "tosa.sub": (("f32", "f32"), "f32"),
    "tosa.maximum": (("f32", "f32"), "f32"),
    "tosa.minimum": (("f32", "f32"), "f32"),
    "tosa.pow": (("f32", "f32"), "f32"),
    "tosa.select": (("i1", "f32", "f32"), "f32"),
    "tosa.equal": (("f32", "f32"), "i1"),
    "tosa.greater": (("f32", "f32"), "i1"),
    "tosa.logical_and": (("i1", "i1"), "i1"),
}
"""Op name -> (operand element types, result element type)."""

DEFAULT_SEED = 20240611
DEFAULT_COUNT = 20_000

_LARGE = (4, 5, 6, 7, 8, 13, 16, 21, 64, 1024)


@dataclass(frozen=True, slots=True)
class Case:
    """One generated op: its types and the module text that holds it."""

    index: int
    op: str
    operands: tuple[Shape, ...]
    result: Shape
    text: str

    def signature(self) -> str:
        """The op's type signature, for reports."""
        elems, relem = OPS[self.op]
        ins = ", ".join(tensor_type(s, e) for s, e in zip(self.operands, elems, strict=True))
        return f"({ins}) -> {tensor_type(self.result, relem)}"


def tensor_type(shape: Shape, element: str) -> str:
    """``tensor<2x?xf32>``, ``tensor<f32>`` or ``tensor<*xf32>``."""
    if shape is None:
        return f"tensor<*x{element}>"
    return "tensor<" + "".join(("?" if d is None else str(d)) + "x" for d in shape) + element + ">"


def module_text(op: str, operands: tuple[Shape, ...], result: Shape, name: str = "f") -> str:
    """A module holding one function that applies ``op`` to its arguments and returns it."""
    elems, relem = OPS[op]
    in_types = [tensor_type(s, e) for s, e in zip(operands, elems, strict=True)]
    out_type = tensor_type(result, relem)
    names = [f"%a{i}" for i in range(len(operands))]
    args = ", ".join(f"{n}: {t}" for n, t in zip(names, in_types, strict=True))
    return (
        f"func.func @{name}({args}) -> {out_type} {{\n"
        f"  %0 = {op} {', '.join(names)} : ({', '.join(in_types)}) -> {out_type}\n"
        f"  return %0 : {out_type}\n"
        "}\n"
    )


def broadcast(shapes: list[tuple[Dim, ...]]) -> tuple[Dim, ...] | None:
    """The MLIR (llvm) broadcast of ranked shapes, or ``None`` if incompatible.

    Only used to aim the generator at interesting results; the expected verdict always comes
    from the oracle, never from this function.
    """
    if not shapes:
        return None
    out: list[Dim] = list(shapes[0])
    for shape in shapes[1:]:
        ones: list[Dim] = [1] * abs(len(shape) - len(out))
        if len(shape) > len(out):
            out = ones + out
        padded = ones + list(shape) if len(shape) < len(out) else list(shape)
        for i, (a, b) in enumerate(zip(out, padded, strict=True)):
            if a is None or b is None:
                other = b if a is None else a
                out[i] = other if other is not None and other > 1 else None
            elif a == 1 or b == 1 or a == b:
                out[i] = max(a, b)
            else:
                return None
    return tuple(out)


class Generator:
    """Draws cases from a seeded random stream."""

    def __init__(self, seed: int = DEFAULT_SEED) -> None:
        self.rng = random.Random(seed)

    def dim(self) -> Dim:
        """A dim: mostly 1, 2, 3 or ?, occasionally something larger."""
        r = self.rng.random()
        if r < 0.28:
            return 1
        if r < 0.53:
            return 2
        if r < 0.75:
            return 3
        if r < 0.93:
            return None
        return self.rng.choice(_LARGE)

    def operand_from(self, base: tuple[Dim, ...], rank: int) -> tuple[Dim, ...]:
        """An operand of ``rank`` that mostly agrees with the trailing dims of ``base``."""
        tail = base[len(base) - rank :] if rank <= len(base) else (1,) * (rank - len(base)) + base
        dims: list[Dim] = []
        for d in tail:
            r = self.rng.random()
            if r < 0.55:
                dims.append(d)
            elif r < 0.75:
                dims.append(1)
            elif r < 0.85:
                dims.append(None)
            else:
                dims.append(self.dim())
        return tuple(dims)

    def operands(self, count: int) -> tuple[Shape, ...]:
        """Operand shapes: equal ranks most of the time, sometimes unequal or unranked."""
        base_rank = self.rng.choice((0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4))
        base = tuple(self.dim() for _ in range(base_rank))
        equal = self.rng.random() < 0.85
        shapes: list[Shape] = []
        for _ in range(count):
            if self.rng.random() < 0.05:
                shapes.append(None)
                continue
            rank = base_rank if equal else self.rng.randint(0, 4)
            shapes.append(self.operand_from(base, rank))
        return tuple(shapes)

    def result(self, operands: tuple[Shape, ...]) -> Shape:
        """A result shape: right, loosened, tightened or wrong."""
        ranked = [s for s in operands if s is not None]
        inferred = broadcast(ranked)
        if inferred is None:
            rank = self.rng.randint(0, 4)
            inferred = ranked[0] if ranked else tuple(self.dim() for _ in range(rank))
        r = self.rng.random()
        if r < 0.04:
            return None
        if r < 0.42:
            return inferred
        if r < 0.57:  # static dims relaxed to ?
            return tuple(None if d is not None and self.rng.random() < 0.5 else d for d in inferred)
        if r < 0.65:  # ? dims made static
            return tuple(self.dim() if d is None else d for d in inferred)
        if r < 0.78 and inferred:  # one dim changed
            i = self.rng.randrange(len(inferred))
            return (*inferred[:i], self.dim(), *inferred[i + 1 :])
        if r < 0.84:  # extra leading dim
            return (self.dim(), *inferred)
        if r < 0.89 and inferred:  # a dim dropped
            return inferred[1:]
        if r < 0.92:
            return ()
        return tuple(self.dim() for _ in range(self.rng.randint(0, 5)))

    def case(self, index: int) -> Case:
        """The next case."""
        op = self.rng.choice(tuple(OPS))
        operands = self.operands(len(OPS[op][0]))
        result = self.result(operands)
        return Case(index, op, operands, result, module_text(op, operands, result))


def generate(count: int = DEFAULT_COUNT, seed: int = DEFAULT_SEED) -> Iterator[Case]:
    """``count`` reproducible cases from ``seed``."""
    gen = Generator(seed)
    for i in range(count):
        yield gen.case(i)
