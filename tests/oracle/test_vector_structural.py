"""Differential test: Vector's structural ops against iree-base-compiler 3.13 (issue 29).

Each case is one function whose arguments feed one op in its custom form
(``BROADCHECK_VECTOR_CASES`` per family, default 2500, at least 2000; ``BROADCHECK_ORACLE_SEED``):

* ``strided``: ``vector.extract_strided_slice`` on sources of rank 1-3 (some dims scalable):
  lists of equal length or not, longer than the rank, offsets and sizes in and out of their
  dims, strides 1 or 2, offset + size past the dim, results right, off by a dim or of another
  element type, scalable dims sliced or whole.

Verdict, first message, line and column must equal iree-opt's (``campaign.compare``).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from . import campaign
from .campaign import Case, module, vector

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_VECTOR_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20261128))


def _p(rng: random.Random, p: float) -> bool:
    return rng.random() < p


def _list(values: list[int]) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


def strided_case(rng: random.Random, index: int) -> Case:
    rank = rng.randint(1, 3)
    shape = [rng.randint(1, 6) for _ in range(rank)]
    scalable = [_p(rng, 0.12) for _ in range(rank)]
    n = rng.randint(0, rank)
    offsets, sizes = [], []
    for k in range(n):
        if scalable[k] and _p(rng, 0.6):
            offsets.append(0)
            sizes.append(shape[k])
            continue
        size = rng.randint(1, shape[k])
        offsets.append(rng.randint(0, shape[k] - size))
        sizes.append(size)
    strides = [1] * n
    roll = rng.random()
    if roll < 0.05 and n:
        offsets[rng.randrange(n)] += rng.choice([1, 2, shape[0]])
    elif roll < 0.1 and n:
        sizes[rng.randrange(n)] += rng.choice([1, 2])
    elif roll < 0.13 and n:
        strides[rng.randrange(n)] = 2
    elif roll < 0.16:
        offsets = [*offsets, 0]
    elif roll < 0.19:
        offsets, sizes, strides = [*offsets, 0], [*sizes, 1], [*strides, 1]
    elif roll < 0.21 and n:
        offsets[rng.randrange(n)] = -1
    out = [*sizes[: len(offsets)], *shape[len(sizes) :]] if len(sizes) <= rank else list(shape)
    out = out[:rank] if len(out) > rank else out
    oscal = list(scalable[: len(out)])
    element = "f32"
    roll = rng.random()
    if roll < 0.08 and out:
        i = rng.randrange(len(out))
        out[i] = out[i] + 1
    elif roll < 0.12:
        element = "f16"
    elif roll < 0.15 and out:
        oscal[rng.randrange(len(out))] ^= True
    source = vector(shape, "f32", scalable)
    result = vector(out, element, oscal) if out else element
    body = (
        f"%0 = vector.extract_strided_slice %v offsets = {_list(offsets)}, sizes = {_list(sizes)}, "
        f"strides = {_list(strides)} : {source} to {result}"
    )
    return Case(index, "strided", "vector.extract_strided_slice", "custom", module([("%v", source)], body))


FAMILIES = {"strided": strided_case}


@pytest.fixture(scope="module")
def ctx() -> Any:
    return campaign.ctx_or_fail()


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_vector_structural_ops_match_iree(family: str, ctx: Any) -> None:
    """Verdict, first message, line and column equal IREE's on every case of the family."""
    cases = campaign.generate(family, COUNT, SEED, FAMILIES[family])
    campaign.compare(f"vector {family}", cases, ctx, seed=SEED)
