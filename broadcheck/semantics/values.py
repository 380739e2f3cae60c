"""Broadcasting values, not just shapes: the element relation of the ONNX
``Broadcast`` operator (seed 000), which NumPy's ``broadcast_to`` also follows.

``Zm[i1..inY] = Ym[f(i1, dYm_1, dY_1), ...]`` with ``f(a, B, C) = a`` if
``B == C`` and the first index if ``B == 1``: ranks are first equalised by adding
leading size-1 dimensions, then each size-1 dimension repeats its only element.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from broadcheck.ops import Shape


class ValuesError(ValueError):
    """Values that cannot be broadcast to the requested shape, or are not a nested list of a shape."""


def shape_of(values: Any) -> Shape:
    """The shape of a nested list (a scalar has shape ``()``); raises :class:`ValuesError` if ragged."""
    if not isinstance(values, list):
        return ()
    if not values:
        return (0,)
    inner = [shape_of(v) for v in values]
    if any(s != inner[0] for s in inner):
        raise ValuesError("the nested lists are ragged: every row must have the same shape")
    return (len(values), *inner[0])


def _at(values: Any, index: Sequence[int]) -> Any:
    for i in index:
        values = values[i]
    return values


def broadcast_to(values: Any, shape: Sequence[int]) -> Any:
    """``values`` (a nested list or a scalar) repeated to ``shape``, as nested lists."""
    source = tuple(shape_of(values))
    target = tuple(shape)
    if len(source) > len(target):
        raise ValuesError(f"cannot broadcast shape {source} to the lower rank {target}")
    padded = (1,) * (len(target) - len(source)) + source  # Ym: ranks equalised
    for have, want in zip(padded, target, strict=True):
        if have not in (1, want):
            raise ValuesError(f"cannot broadcast shape {source} to {target}: size {have} is neither 1 nor {want}")
    offset = len(target) - len(source)

    def build(prefix: tuple[int, ...]) -> Any:
        if len(prefix) == len(target):
            # f(a, B, C): the index itself where the sizes agree, the first where the size is 1.
            index = [0 if padded[k] == 1 else prefix[k] for k in range(offset, len(target))]
            return _at(values, index)
        return [build((*prefix, i)) for i in range(target[len(prefix)])]

    return build(())
