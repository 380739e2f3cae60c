"""What the TFLite kernels check that the ``tfl`` verifier does not: warnings.

(Filled in below, op by op.)
"""

from __future__ import annotations

from broadcheck.ops import Operation
from broadcheck.semantics import Problem


def broadcast_to(op: Operation) -> Problem | None:
    return None


def broadcast_args(op: Operation) -> Problem | None:
    return None


def slice_rank(op: Operation) -> Problem | None:
    return None


def strided_slice_rank(op: Operation) -> Problem | None:
    return None


def squeeze(op: Operation) -> Problem | None:
    return None


def expand_dims(op: Operation) -> Problem | None:
    return None


def tile(op: Operation) -> Problem | None:
    return None


def pad(op: Operation) -> Problem | None:
    return None


def gather(op: Operation) -> Problem | None:
    return None


def gather_nd(op: Operation) -> Problem | None:
    return None


def fill(op: Operation) -> Problem | None:
    return None


def one_hot(op: Operation) -> Problem | None:
    return None


def batch_matmul(op: Operation) -> Problem | None:
    return None


def fully_connected(op: Operation) -> Problem | None:
    return None


def conv_2d(op: Operation) -> Problem | None:
    return None


def depthwise_conv_2d(op: Operation) -> Problem | None:
    return None


def transpose_conv(op: Operation) -> Problem | None:
    return None


def pool(op: Operation) -> Problem | None:
    return None


def reduce(op: Operation) -> Problem | None:
    return None
