"""Vector as in the LLVM that iree-base-compiler 3.13 carries: ``vector.broadcast`` (rules:
:mod:`broadcheck.semantics.vector`) and the shape ops of :mod:`.checks`, their custom forms
in :mod:`.forms`."""

from broadcheck.dialects.op import CONVERSION, OPERAND_LIST, RESULT, SAME, Assembly, Op, custom, family, ops
from broadcheck.dialects.terminators import by_parent
from broadcheck.dialects.vector import checks, forms, mask, memory, more

OPS = ops(
    Op(
        "vector.broadcast",
        CONVERSION,
        family("vector-broadcast"),
        "vector-broadcast",
        assembly=Assembly("vector", 1),  # `$source attr-dict : type($source) to type($vector)`
    ),
    Op(
        "vector.extract",
        custom(forms.extract),
        checks.check_extract,
        "vector-shape",
        assembly=forms.Parser(forms.extract_parse),
    ),
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
    Op("vector.fma", SAME, more.check_fma, "vector-shape", assembly=forms.Parser(more.fma_parse)),
    Op("vector.step", RESULT, checks.check_step, "vector-shape"),
    Op(
        "vector.extract_strided_slice",
        CONVERSION,
        checks.check_extract_strided_slice,
        "vector-shape",
        assembly=forms.Parser(more.strided_parse),
    ),
    Op(
        "vector.insert_strided_slice",
        custom(more.insert_strided_slice),
        more.check_insert_strided_slice,
        "vector-shape",
        assembly=forms.Parser(more.strided_parse),
    ),
    Op("vector.outerproduct", custom(forms.outerproduct), checks.check_outerproduct, "vector-shape"),
    Op(
        "vector.contract",
        custom(forms.contract),
        checks.check_contract,
        "vector-shape",
        assembly=forms.Parser(forms.contract_parse),
    ),
    Op(
        "vector.reduction",
        custom(forms.reduction),
        checks.check_reduction,
        "vector-shape",
        assembly=forms.Parser(forms.reduction_parse),
    ),
    Op("vector.multi_reduction", custom(forms.multi_reduction), checks.check_multi_reduction, "vector-shape"),
    Op(
        "vector.transfer_read",
        custom(forms.transfer_read),
        checks.check_transfer_read,
        "vector-transfer",
        assembly=forms.Parser(forms.transfer_read_parse),
    ),
    Op(
        "vector.transfer_write",
        custom(forms.transfer_write),
        checks.check_transfer_write,
        "vector-transfer",
        assembly=forms.Parser(forms.transfer_write_parse),
    ),
    Op("vector.load", custom(memory.load), memory.check_load, "vector-memory"),
    Op("vector.store", custom(memory.store), memory.check_store, "vector-memory"),
    Op("vector.maskedload", custom(memory.masked_load), memory.check_masked_load, "vector-memory"),
    Op("vector.maskedstore", custom(memory.masked_store), memory.check_masked_store, "vector-memory"),
    Op("vector.expandload", custom(memory.masked_load), memory.check_masked_load, "vector-memory"),
    Op("vector.compressstore", custom(memory.masked_store), memory.check_masked_store, "vector-memory"),
    Op("vector.gather", custom(memory.gather), memory.check_gather, "vector-memory"),
    Op("vector.scatter", custom(memory.scatter), memory.check_scatter, "vector-memory"),
    Op("vector.type_cast", CONVERSION, memory.check_type_cast, "vector-memory"),
    Op("vector.create_mask", custom(memory.create_mask), memory.check_create_mask, "vector-mask"),
    Op("vector.constant_mask", custom(memory.constant_mask), memory.check_constant_mask, "vector-mask"),
    Op("vector.shuffle", custom(more.shuffle), more.check_shuffle, "vector-shuffle"),
    Op("vector.interleave", custom(more.interleave), more.check_interleave, "vector-shuffle"),
    Op("vector.deinterleave", custom(more.deinterleave), more.check_deinterleave, "vector-shuffle"),
    Op("vector.from_elements", custom(more.from_elements), more.check_from_elements, "vector-shuffle"),
    Op("vector.to_elements", custom(more.to_elements), more.check_to_elements, "vector-shuffle"),
    Op("vector.scalable.insert", custom(more.scalable_insert), more.check_scalable_insert, "vector-shuffle"),
    Op("vector.scalable.extract", custom(more.scalable_extract), more.check_scalable_extract, "vector-shuffle"),
    Op("vector.print", custom(more.print_), more.check_print, "vector-print"),
    Op("vector.vscale", custom(more.vscale), more.check_vscale, "vector-print"),
    Op(
        "vector.mask",
        custom(mask.mask),
        mask.check_mask,
        "vector-mask",
        assembly=forms.Parser(mask.mask_parse),
        late_uses=True,
    ),
    Op("vector.yield", OPERAND_LIST, by_parent, "vector-mask"),
    Op("vector.scan", custom(mask.scan), mask.check_scan, "vector-shape"),
)
