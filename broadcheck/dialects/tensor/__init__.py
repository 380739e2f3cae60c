"""The tensor dialect as in the MLIR that iree-base-compiler 3.13 carries (``TensorOps.td``,
``TensorOps.cpp``): each op's printed form (:mod:`.forms`) and check (:mod:`.checks`).

``tensor.dim``'s verifier no longer rejects an index out of range: its ODS types are all it
checks. ``tensor.yield`` is judged by its parent (``pad``, ``generate``).
``tensor.pack``/``unpack`` moved to Linalg (``linalg.pack``).
"""

from broadcheck.dialects.op import CONVERSION, FUNCTIONAL, OPERAND_LIST, Op, custom, ops
from broadcheck.dialects.tensor import checks, forms
from broadcheck.dialects.terminators import by_parent

OPS = ops(
    Op("tensor.cast", CONVERSION, checks.check_cast, "tensor-cast"),
    Op("tensor.bitcast", CONVERSION, checks.check_bitcast, "tensor-cast"),
    Op("tensor.dim", custom(forms.dim), checks.check_dim, "tensor-element"),
    Op("tensor.rank", custom(forms.rank), checks.check_rank, "tensor-element"),
    Op("tensor.extract", custom(forms.extract), checks.check_extract, "tensor-element"),
    Op("tensor.insert", custom(forms.insert), checks.check_insert, "tensor-element"),
    Op("tensor.from_elements", custom(forms.from_elements), checks.check_from_elements, "tensor-element"),
    Op("tensor.splat", custom(forms.splat), checks.check_splat, "tensor-element"),
    Op("tensor.empty", custom(forms.sized), checks.check_empty, "tensor-element"),
    Op("tensor.generate", custom(forms.sized), checks.check_generate, "tensor-element"),
    Op("tensor.extract_slice", custom(forms.extract_slice), checks.check_extract_slice, "tensor-slice"),
    Op("tensor.insert_slice", custom(forms.insert_slice), checks.check_insert_slice, "tensor-slice"),
    Op("tensor.parallel_insert_slice", custom(forms.insert_slice), checks.check_insert_slice, "tensor-slice"),
    Op("tensor.expand_shape", custom(forms.expand_shape), checks.check_expand_shape, "tensor-reshape"),
    Op("tensor.collapse_shape", custom(forms.collapse_shape), checks.check_collapse_shape, "tensor-reshape"),
    Op("tensor.reshape", FUNCTIONAL, checks.check_reshape, "tensor-reshape"),
    # (its parser resolves the source and the sizes after its region, with the types written there)
    Op("tensor.pad", custom(forms.pad), checks.check_pad, "tensor-pad", late_uses=True),
    Op("tensor.concat", custom(forms.concat), checks.check_concat, "tensor-concat"),
    Op("tensor.gather", custom(forms.gather), checks.check_gather, "tensor-gather"),
    Op("tensor.scatter", custom(forms.scatter), checks.check_scatter, "tensor-gather"),
    Op("tensor.yield", OPERAND_LIST, by_parent, "tensor-pad"),
)
