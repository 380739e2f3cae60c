"""TensorFlow's windowed output size, which the ``tf`` shape functions (:mod:`.shapes`) and the
``tfl`` verifiers (:mod:`broadcheck.dialects.tfl.base`) share: a module of its own, so that a ``tf``
file does not import the ``tfl`` dialect (nor a ``tfl`` file the ``tf`` ops) for it."""

from __future__ import annotations


def windowed(size: int, window: int, dilation: int, stride: int, padding: str) -> int | None:
    """TensorFlow's ``GetWindowedOutputSizeVerbose`` (VALID or SAME); ``None`` where it fails."""
    if stride <= 0 or dilation < 1:
        return None
    effective = (window - 1) * dilation + 1
    if padding == "VALID":
        out = _div(size - effective + stride, stride)
    elif padding == "SAME":
        out = _div(size + stride - 1, stride)
    else:
        return None
    return None if out < 0 else out


def _div(a: int, b: int) -> int:
    """C++'s integer division (towards zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q
