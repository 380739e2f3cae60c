"""The ``tfl`` ops of one operand and one result of its shape (``tfl.logistic``, ``tfl.neg``,
``tfl.relu``, ``tfl.tanh``, ``tfl.quantize``, ...), as TensorFlow 2.21's verifier checks them.

Their ``TFL_TensorOf<[...]>`` element lists are checked only by TFLite's runtime verification
(``-tfl-runtime-verify``), not by the verifier; what it checks, found by importing one-op
flatbuffers of every pair of shapes and element types (``tests/oracle/test_tfl_unary_new.py``):
the operand and result counts; then the op's ``PredOpTrait`` (``failed to verify that x and y
must have same element type``: one element type, or quantized types on one storage type); then
its native traits in order: ``SameOperandsAndResultShape``, TensorFlow's
``SameOperandsAndResultTypeResolveRef`` (the shapes, then ``requires compatible element types``),
``SameOperandsAndResultType`` (whose inferred result type must then be the operand's, exactly).
``tfl.dequantize``'s verifier checks only the counts (any shapes,
any element types import).

PASS::

    %0 = "tfl.logistic"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>

FAIL::

    %0 = "tfl.logistic"(%x) : (tensor<1x8xf32>) -> tensor<8xf32>
"""

from __future__ import annotations

from broadcheck.dialects.common import element, tensors
from broadcheck.dialects.tfl.base import counts, inferred, same_element_as, same_resolved, same_shape
from broadcheck.ops import Operation
from broadcheck.semantics import NOT_JUDGED, Problem, Profile
from broadcheck.syntax.named import NamedTuple


class Unary(NamedTuple):
    """What the verifier of one such op checks after its counts: the subject of its element
    ``PredOpTrait`` (``None``: none), and its native traits in their order."""

    predicate: str | None
    traits: tuple[str, ...]

    def check(self, op: Operation, profile: Profile) -> Problem | None:
        """The op's verifier: counts, the element predicate, the traits."""
        problem = counts(op, 1)
        if problem is not None:
            return problem
        operand, result = op.operands[0].type, op.results[0].type
        if not tensors((operand, result)):
            return NOT_JUDGED  # a type the verifier's tensor constraints judge, not modelled here
        if self.predicate is not None and not same_element_as(result, operand):
            return Problem("BC711", {"predicate": f"{self.predicate} must have same element type"})
        for trait in self.traits:
            if trait in ("shape", "resolve-ref") and same_shape(op) is not None:
                return Problem("BC722")
            if trait == "resolve-ref" and not same_resolved(element(operand), element(result)):
                return Problem("BC1161")
            if trait == "type" and (element(operand) != element(result) or same_shape(op) is not None):
                return Problem("BC1150")
            if trait == "type" and "".join(str(operand).split()) != "".join(str(result).split()):
                return inferred(op, [str(operand)], [result])  # InferTypeOpInterface: exactly the operand's type
        return None


_XY = "x and y"
_IO = "input and output"
_VO = "values and output"

UNARY: dict[str, Unary] = {
    "abs": Unary(None, ("shape",)),
    "exp": Unary(_VO, ()),
    "log": Unary(_VO, ()),
    "sqrt": Unary(_VO, ("shape",)),
    "rsqrt": Unary(_VO, ("shape",)),
    "elu": Unary(_VO, ("shape",)),
    "tanh": Unary(_IO, ("shape",)),
    "gelu": Unary(_IO, ("shape",)),
    "hard_swish": Unary(_IO, ("shape",)),
    "logistic": Unary(_XY, ("shape",)),
    "relu": Unary(_XY, ("shape",)),
    "relu6": Unary(_XY, ("shape",)),
    "relu_n1_to_1": Unary(_XY, ("shape",)),
    "relu_0_to_1": Unary(_XY, ("shape",)),
    "log_softmax": Unary(_XY, ("shape",)),
    "neg": Unary(None, ("resolve-ref",)),
    "sin": Unary(None, ("resolve-ref",)),
    "cos": Unary(None, ("resolve-ref",)),
    "floor": Unary(None, ("resolve-ref",)),
    "ceil": Unary(None, ("resolve-ref",)),
    "round": Unary(None, ("resolve-ref",)),
    "square": Unary(None, ("resolve-ref",)),
    "sign": Unary(None, ("type",)),
    "logical_not": Unary(None, ("type",)),
    "zeros_like": Unary(None, ("type",)),
    "quantize": Unary(None, ("shape",)),
    "dequantize": Unary(None, ()),
}
"""Each op's verifier after its counts, as TensorFlow 2.21's importer showed it."""
