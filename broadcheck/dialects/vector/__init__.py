"""Vector as in the LLVM that iree-base-compiler 3.13 carries: ``vector.broadcast`` (rules:
:mod:`broadcheck.semantics.vector`) and the shape ops of :mod:`.checks`, their custom forms
in :mod:`.forms`."""

from broadcheck.dialects.op import CONVERSION, RESULT, SAME, Assembly, Op, custom, family, ops
from broadcheck.dialects.vector import checks, forms

OPS = ops(
    Op(
        "vector.broadcast",
        CONVERSION,
        family("vector-broadcast"),
        "vector-broadcast",
        assembly=Assembly("vector", 1),  # `$source attr-dict : type($source) to type($vector)`
    ),
    Op("vector.extract", custom(forms.extract), checks.check_extract, "vector-shape"),
    Op("vector.insert", custom(forms.insert), checks.check_insert, "vector-shape"),
    Op("vector.shape_cast", CONVERSION, checks.check_shape_cast, "vector-shape"),
    Op("vector.transpose", custom(forms.transpose), checks.check_transpose, "vector-shape"),
    Op(
        "vector.bitcast",
        CONVERSION,
        checks.check_bitcast,
        "vector-shape",
        assembly=Assembly("vector", 1),  # `$source attr-dict : type($source) to type($result)`
    ),
    Op("vector.fma", SAME),
    Op("vector.step", RESULT, checks.check_step, "vector-shape"),
    Op("vector.extract_strided_slice", CONVERSION, checks.check_extract_strided_slice, "vector-shape"),
    Op("vector.outerproduct", custom(forms.outerproduct), checks.check_outerproduct, "vector-shape"),
    Op("vector.contract", custom(forms.contract), checks.check_contract, "vector-shape"),
    Op("vector.reduction", custom(forms.reduction), checks.check_reduction, "vector-shape"),
    Op("vector.multi_reduction", custom(forms.multi_reduction), checks.check_multi_reduction, "vector-shape"),
    Op("vector.transfer_read", custom(forms.transfer_read), checks.check_transfer_read, "vector-transfer"),
    Op("vector.transfer_write", custom(forms.transfer_write), checks.check_transfer_write, "vector-transfer"),
)
