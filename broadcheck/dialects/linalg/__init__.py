"""Linalg as in the LLVM that iree-base-compiler 3.13 carries: ``linalg.broadcast`` (rules:
:mod:`broadcheck.semantics.linalg`), the named structured ops, ``linalg.generic`` and
``linalg.transpose`` (:mod:`.structured`), ``linalg.pack``/``unpack`` (:mod:`.pack`),
``linalg.softmax`` and the Winograd transforms (:mod:`.transforms`); their custom forms in
:mod:`.forms`."""

from broadcheck.dialects.linalg import pack, regions, structured, transforms
from broadcheck.dialects.linalg.bodies import BUILT
from broadcheck.dialects.linalg.forms import (
    built_form,
    contract_form,
    elementwise_form,
    generic_form,
    ins_outs,
    keyword_group,
    named_form,
    reduce_form,
)
from broadcheck.dialects.linalg.forms import pack as pack_form
from broadcheck.dialects.op import OPERAND_LIST, RESULT, Assembly, Op, custom, family, ops
from broadcheck.dialects.terminators import by_parent

FORM = custom(ins_outs)
_FORMS = {"matmul": named_form, "elementwise": elementwise_form, **dict.fromkeys(BUILT, built_form)}
"""The named ops whose C++ parsers check more than their form (:mod:`.forms`)."""

OPS = ops(
    Op("linalg.broadcast", FORM, family("linalg-broadcast"), "linalg-broadcast"),
    [
        Op(
            f"linalg.{name}",
            FORM,
            structured.check_named,
            "linalg-structured",
            assembly=Assembly("form", form=_FORMS[name]) if name in _FORMS else None,
        )
        for name in structured.NAMED
    ],
    Op(
        "linalg.generic",
        FORM,
        structured.check_generic,
        "linalg-structured",
        assembly=Assembly("form", form=generic_form),
    ),
    Op("linalg.transpose", FORM, structured.check_transpose, "linalg-structured"),
    Op(
        "linalg.contract",
        FORM,
        structured.check_contract,
        "linalg-structured",
        assembly=Assembly("form", form=contract_form),
    ),
    Op(
        "linalg.scaled_contract",
        FORM,
        structured.check_scaled_contract,
        "linalg-structured",
        assembly=Assembly("form", form=contract_form),
    ),
    Op("linalg.map", FORM, regions.check_map, "linalg-regions"),
    Op("linalg.reduce", FORM, regions.check_reduce, "linalg-regions", assembly=Assembly("form", form=reduce_form)),
    Op("linalg.pack", custom(pack_form), pack.check_pack, "linalg-pack"),
    Op("linalg.softmax", custom(keyword_group), transforms.check_softmax, "linalg-transforms"),
    [
        Op(f"linalg.winograd_{kind}_transform", custom(keyword_group), transforms.check_winograd, "linalg-transforms")
        for kind in ("filter", "input", "output")
    ],
    Op("linalg.unpack", custom(pack_form), pack.check_pack, "linalg-pack"),
    Op("linalg.yield", OPERAND_LIST, by_parent, "linalg-regions"),
    # `linalg.index 2 : index`: judged by its parent (its dim against the loops); its type is `index`
    Op("linalg.index", RESULT, by_parent, "linalg-regions", assembly=Assembly("index")),
)
