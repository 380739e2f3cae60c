"""The bodies the parser builds for ``linalg.quantized_matmul``, ``quantized_batch_matmul``,
``conv_2d_nhwgc_gfhwc_q`` and ``fill_rng_2d`` (``LinalgNamedStructuredOps.yaml``'s region
builders), over their block arguments' types, as ``RegionBuilderHelper`` does: each
``cast_signed`` as ``convertScalarToDtype`` (an ``index`` is cast to an integer only; what it
cannot cast it leaves as it is), each binary function as ``buildBinaryFn``, which rejects
operands of two kinds (float, integer, complex; ``index`` is none of them) while the op is parsed,
and builds ``arith`` ops over two types of one kind, which their verifiers reject later."""

from __future__ import annotations

from broadcheck.dialects.shaped import bit_width
from broadcheck.syntax.lazyre import lazy

_FLOAT = lazy(r"(?:f\d+|bf16|tf32|f8\w*|f6\w*|f4\w*)")
_INTEGER = lazy(r"[su]?i[1-9]\d*")


class _Unknown(Exception):
    """A type or function this model does not follow (``i1`` bodies, complex casts)."""


def _kind(t: str) -> str:
    if _FLOAT.fullmatch(t):
        return "float"
    if _INTEGER.fullmatch(t):
        return "int"
    if t.startswith("complex<"):
        return "complex"
    return ""


def _cast(to: str, t: str) -> str:
    """``convertScalarToDtype``: the type of what ``cast_signed(to, value of t)`` builds."""
    if t == to:
        return t
    kind_to, kind_t = _kind(to), _kind(t)
    if "complex" in (kind_to, kind_t):
        raise _Unknown
    if kind_to == "int" and (kind_t in ("int", "float") or t == "index"):
        return to
    if kind_to == "float" and kind_t == "int":
        return to
    if kind_to == "float" and kind_t == "float":
        return to if bit_width(to) != bit_width(t) else t
    return t  # (a warning: "could not cast operand"; the value is used as it is)


class Body:
    """What building one body found: the parser's error, or the first ``arith`` op built over
    two different types (its verifier's, reported after the op's own invariants)."""

    def __init__(self) -> None:
        self.parse_error: str | None = None
        self.mismatch: str | None = None

    def binary(self, fn: str, a: str, b: str) -> str:
        kind = _kind(a)
        if kind == "" or kind != _kind(b):
            self.parse_error = (
                "Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, "
                f"got '{a}' and '{b}'"
            )
            raise _Stop
        if kind == "complex" or (kind == "int" and bit_width(a) == 1 and bit_width(b) == 1):
            raise _Unknown
        if a != b and self.mismatch is None:
            self.mismatch = f"arith.{fn}{'f' if kind == 'float' else 'i'}"
        return a


class _Stop(Exception):
    """The parser stopped at an error."""


def _quantized(body: Body, a: str, b: str, za: str, zb: str, u: str) -> None:
    """``C += (cast(U, A) - cast(U, AZp)) * (cast(U, B) - cast(U, BZp))``."""
    left = body.binary("sub", _cast(u, a), _cast(u, za))
    right = body.binary("sub", _cast(u, b), _cast(u, zb))
    body.binary("add", u, body.binary("mul", left, right))


def _fill_rng(body: Body, low: str, high: str, seed: str) -> None:
    """``O = cast(T, (offset + cast(F64, rand2)) * ((max - min) * inv_range) + min)``, where
    ``rand1 = (cast(I32, m) + seed) * multiplier + increment`` and ``rand2`` the same over ``n``
    and ``rand1`` (the constants are ``i32`` and ``f64``), built in that order."""
    rand1 = body.binary("add", body.binary("mul", body.binary("add", "i32", seed), "i32"), "i32")
    body.binary("add", body.binary("mul", body.binary("add", "i32", rand1), "i32"), "i32")
    total = body.binary("add", "f64", "f64")
    scaling = body.binary("mul", body.binary("sub", high, low), "f64")
    body.binary("add", body.binary("mul", total, scaling), low)


BUILT = {"quantized_matmul", "quantized_batch_matmul", "conv_2d_nhwgc_gfhwc_q", "fill_rng_2d"}
"""The named ops whose bodies this module builds."""


def build(name: str, types: list[str]) -> Body | None:
    """The body of ``linalg.<name>`` over its block arguments' types; None where not followed."""
    body = Body()
    try:
        if name == "fill_rng_2d" and len(types) == 4:
            _fill_rng(body, *types[:3])
        elif name in BUILT and name != "fill_rng_2d" and len(types) == 5:
            _quantized(body, *types)
        else:
            return None
    except _Stop:
        pass
    except _Unknown:
        return None
    return body
