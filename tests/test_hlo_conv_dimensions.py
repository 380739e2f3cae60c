"""stablehlo.convolution's dimension numbers and window clause as StableHLO's parsers read them
(:mod:`broadcheck.dialects.stablehlo.conv_syntax`): each row is iree-opt 3.13's column (1-based, the
statement written at column 3 of line 2) and message, for the custom form (``dim_numbers = ..., window
= {...}``), the generic form's attribute and its properties (``#stablehlo.conv<...>``). The fixture
``stablehlo_conv_dimensions.mlir`` holds the lines; this table holds the columns too."""

from __future__ import annotations

import pytest

from broadcheck.api import check_text

A, W, R = "tensor<1x8x8x3xf32>", "tensor<3x3x3x4xf32>", "tensor<1x6x6x4xf32>"
C = "custom op 'stablehlo.convolution' "
DIMS = "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]"


def _statement(form: str, dims: str, window: str) -> str:
    if form == "custom":
        return (
            f"%0 = stablehlo.convolution(%a, %w) dim_numbers = {dims}, window = {{{window}}} "
            f"{{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} : ({A}, {W}) -> {R}"
        )
    o, c = ("<{", "}>") if form == "properties" else ("{", "}")
    return (
        f'%0 = "stablehlo.convolution"(%a, %w) {o}batch_group_count = 1 : i64, dimension_numbers = '
        f"#stablehlo.conv<{dims}>, feature_group_count = 1 : i64{c} : ({A}, {W}) -> {R}"
    )


def _errors(statement: str) -> list[tuple[int, int, str]]:
    text = f"func.func @f(%a: {A}, %w: {W}) -> {R} {{\n  {statement}\n  return %0 : {R}\n}}\n"
    return [(d.span.line, d.span.column, d.message) for d in check_text(text) if d.severity == "error"]


PLACES = [
    ('custom', '[b, 0, 1, 1.5]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 62, C + 'expected valid keyword'),
    ('custom', '[b, 0, 1, "f"]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 62, C + 'expected valid keyword'),
    ('custom', '[b, 0, 3, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 64, C + 'Expected spatial dimensions 1, 2 not specified'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1]', 'stride = [1, 1]', 87, C + 'Expected dimensions f not specified'),
    ('custom', '[b, 0, 2, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 64, C + 'Expected spatial dimensions 1 not specified'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, i]->[b, 0, 1, f]', 'stride = [1, 1]', 75, C + 'Unexpected dimension i, expecting o'),
    ('custom', '[b, 0, 1, f, b]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 65, C + 'Unexpected keyword b'),
    ('custom', '[b, 0, 1, b]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 62, C + 'Unexpected dimension b, expecting f'),
    ('custom', '[b, 0, 1, bf]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 62, C + 'Unexpected keyword bf'),
    ('custom', '[b, -1, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 56, C + 'Unexpected dimension -1'),
    ('custom', '[b, 0, 1, f][0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 64, C + "expected 'x'"),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o][b, 0, 1, f]', 'stride = [1, 1]', 77, "expected '->'"),
    ('custom', '[b, 0, 1, ?]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 62, C + 'expected valid keyword'),
    ('custom', '[b, 0, 1, f]y[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 64, C + "expected 'x'"),
    ('custom', '[b, 0, 1, f]x[0, 1, o, o]->[b, 0, 1, f]', 'stride = [1, 1]', 75, C + 'Unexpected dimension o, expecting i'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, x]->[b, 0, 1, f]', 'stride = [1, 1]', 75, C + 'Unexpected dimension x, expecting o'),
    ('custom', '[b, 0, 0, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 59, C + 'Duplicate entries for spatial dimension 0'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 2, 1, f]', 'stride = [1, 1]', 91, C + 'Expected spatial dimensions 0 not specified'),
    ('custom', '[b, 0, 1, f]x[0, 1, i]->[b, 0, 1, f]', 'stride = [1, 1]', 73, C + 'Expected dimensions o not specified'),
    ('custom', '[]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 53, C + 'expected valid keyword'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1], stride = [1, 1]', 127, C + 'Unexpected keyword stride'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'strides = [1, 1]', 111, C + 'Unexpected keyword strides'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'pad = [[0, 0], [0]]', 121, C + 'Expected array with 2 elements, got 1 elements instead'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'pad = [[0, 0, 0], [0, 0]]', 119, C + 'Expected array with 2 elements, got 3 elements instead'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'pad = [0, 0]', 110, "expected '['"),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] junk', 'stride = [1, 1]', 91, "expected ','"),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1.0]', 116, C + 'expected integer value'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = 1', 111, "expected '['"),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride [1, 1]', 109, "expected '='"),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'lhs_dilate = [1, 1] rhs_dilate = [1, 1]', 122, "expected '}'"),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]x', 'stride = [1, 1]', 91, "expected ','"),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'pad = [[]]', 112, C + 'Expected array with 2 elements, got 0 elements instead'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1,, 1]', 115, C + 'expected integer value'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'Stride = [1, 1]', 110, C + 'Unexpected keyword Stride'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'pad = [[0, 0], [0, 0]], pad = [[0, 0], [0, 0]]', 131, C + 'Unexpected keyword pad'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', '"stride" = [1, 1]', 103, "expected '}'"),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]->', 'stride = [1, 1]', 91, "expected ','"),
    ('custom', '[b, 0, 1, f 2]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 63, "expected ']'"),
    ('custom', '[b, 0, 1, f]x[0, 1, f, o]->[b, 0, 1, f]', 'stride = [1, 1]', 72, C + 'Unexpected dimension f, expecting i, o'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f, f]', 'stride = [1, 1]', 92, C + 'Unexpected keyword f'),
    ('custom', '[b, 0, 1, 0x1]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 62, C + 'Duplicate entries for spatial dimension 1'),
    ('custom', '[b, 0, 1, f,]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 64, C + 'expected valid keyword'),
    ('custom', '[b, 0, - 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 59, C + 'Unexpected dimension -1'),
    ('custom', '[b, 0, -x, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 60, 'expected integer value'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f, 12]', 'stride = [1, 1]', 95, C + 'Expected spatial dimensions 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 not specified'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]', 'stride = [1, 1]', 139, C + 'Expected spatial dimensions 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 not specified'),
    ('custom', '[b, 0, i1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 59, C + 'Unexpected keyword i1'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f, x]', 'stride = [1, 1]', 92, C + 'Unexpected keyword x'),
    ('custom', '[b, 0, 1, _]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 62, C + 'Unexpected dimension _, expecting f'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, F]', 'stride = [1, 1]', 89, C + 'Unexpected dimension F, expecting f'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o] [b, 0, 1, f]', 'stride = [1, 1]', 77, "expected '->'"),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o] - [b, 0, 1, f]', 'stride = [1, 1]', 77, "expected '->'"),
    ('custom', '[b, 0, - x, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 60, 'expected integer value'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]  junk', 'stride = [1, 1]', 91, "expected ','"),
    ('custom', '[b, 0, 1, f] [0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 65, C + "expected 'x'"),
    ('custom', '[ b , 0 , 1 , f ] x [ 0 , 1 , i , o ] -> [ b , 0 , 1 ]', 'stride = [1, 1]', 105, C + 'Expected dimensions f not specified'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 2, f]', 'stride = [1, 1]', 91, C + 'Expected spatial dimensions 1 not specified'),
    ('custom', '[b, 0, 1, f] y [0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 65, C + "expected 'x'"),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'pad = [[0, 0], 0]', 117, "expected '['"),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]  ,  Stride = [1]', 130, C + 'Unexpected keyword Stride'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1] ,,', 120, "expected '}'"),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->', 'stride = [1, 1]', 79, "expected '['"),
    ('custom', '[b, 0, 1, f]x', 'stride = [1, 1]', 65, "expected '['"),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]', 'stride = [1, 1]', 77, "expected '->'"),
    ('custom', '[b, 0, true, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 59, C + 'Unexpected dimension -1'),
    ('custom', '[b, 0, 1, f]', 'stride = [1, 1]', 64, C + "expected 'x'"),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f, 10, 3]', 'stride = [1, 1]', 98, C + 'Expected spatial dimensions 2, 4, 5, 6, 7, 8, 9 not specified'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1 1]', 114, "expected ']'"),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'pad = [[0, 0] [0, 0]]', 116, "expected ']'"),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'pad = [[0 0], [0, 0]]', 112, "expected ']'"),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1], junk = [1]', 125, C + 'Unexpected keyword junk'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1], 5', 119, "expected '}'"),
    ('custom', '[b, 0, false, f]x[0, 1, i, o]->[b, 0, 1, f]', 'stride = [1, 1]', 59, C + 'Duplicate entries for spatial dimension 0'),
    ('custom', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', 'pad = [[0, 0], [0, 0], ]', 125, "expected '['"),
    ('generic', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1]', '', 141, 'Expected dimensions f not specified'),
    ('generic', '[b, 0, 2, f]x[0, 1, i, o]->[b, 0, 1, f]', '', 118, 'Expected spatial dimensions 1 not specified'),
    ('generic', '[b, 0, 1, f, b]x[0, 1, i, o]->[b, 0, 1, f]', '', 119, 'Unexpected keyword b'),
    ('generic', '[b, -1, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', '', 110, 'Unexpected dimension -1'),
    ('generic', '[b, 0, 1, b]x[0, 1, i, o]->[b, 0, 1, f]', '', 116, 'Unexpected dimension b, expecting f'),
    ('generic', '[b, 0, 1, f][0, 1, i, o]->[b, 0, 1, f]', '', 118, "expected 'x'"),
    ('generic', '[b, 0, 1, f]x[0, 1, i, o][b, 0, 1, f]', '', 131, "expected '->'"),
    ('generic', '[b, 0, 1, ?]x[0, 1, i, o]->[b, 0, 1, f]', '', 116, 'expected valid keyword'),
    ('generic', '(b, 0, 1, f)x[0, 1, i, o]->[b, 0, 1, f]', '', 106, "expected '['"),
    ('generic', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] junk', '', 145, "expected '>'"),
    ('generic', '[b, 0, 0, f]x[0, 1, i, o]->[b, 0, 1, f]', '', 113, 'Duplicate entries for spatial dimension 0'),
    ('generic', '[b, 0, 1, f] [0, 1, i, o]->[b, 0, 1, f]', '', 119, "expected 'x'"),
    ('generic', '[b, 0, 1, f]x[0, 1, i, o]  [b, 0, 1, f]', '', 131, "expected '->'"),
    ('generic', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]  junk', '', 145, "expected '>'"),
    ('generic', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 2, f]  ', '', 147, 'Expected spatial dimensions 1 not specified'),
    ('generic', ' (b, 0, 1, f)x[0, 1, i, o]->[b, 0, 1, f]', '', 106, "expected '['"),
    ('generic', '[b, 0, 1 f]x[0, 1, i, o]->[b, 0, 1, f]', '', 115, 'Expected dimensions f not specified'),
    ('properties', '[b, 0, 1, f]x[0, 1, i, o][b, 0, 1, f]', '', 132, "expected '->'"),
    ('properties', '[b, 0, 1, ?]x[0, 1, i, o]->[b, 0, 1, f]', '', 117, 'expected valid keyword'),
    ('properties', '(b, 0, 1, f)x[0, 1, i, o]->[b, 0, 1, f]', '', 107, "expected '['"),
    ('properties', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] junk', '', 146, "expected '>'"),
    ('properties', '[b, 0, 1, b]x[0, 1, i, o]->[b, 0, 1, f]', '', 117, 'Unexpected dimension b, expecting f'),
    ('properties', '[b, 0, 0, f]x[0, 1, i, o]->[b, 0, 1, f]', '', 114, 'Duplicate entries for spatial dimension 0'),
    ('properties', '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1]', '', 142, 'Expected dimensions f not specified'),
    ('properties', '[b, 0, 2, f]x[0, 1, i, o]->[b, 0, 1, f]', '', 119, 'Expected spatial dimensions 1 not specified'),
    ('properties', '[b, 0, 1, f, b]x[0, 1, i, o]->[b, 0, 1, f]', '', 120, 'Unexpected keyword b'),
    ('properties', '[b, -1, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', '', 111, 'Unexpected dimension -1'),
    ('properties', '[b, 0, 1, f][0, 1, i, o]->[b, 0, 1, f]', '', 119, "expected 'x'"),
    ('custom', DIMS, 'stride = [1, -x]', 117, 'expected integer value'),
    ('custom', DIMS, 'stride = [1, - true]', 117, 'expected integer value'),
    ('custom', DIMS, 'pad = [[0, -y], [0, 0]]', 115, 'expected integer value'),
    ('custom', DIMS, 'stride = [1, 1], pad = [[0, 0], [0, 0]] rhs_dilate = [1, 1]', 142, "expected '}'"),
    ('custom', DIMS, 'stride = [i1]', 113, C + 'expected integer value'),
    ('custom', DIMS, 'stride = ["1"]', 113, C + 'expected integer value'),
    # the window's values as the parser reads them: `true` is -1, `false` 0 (then the verifier's errors)
    ('custom', DIMS, 'pad = [[true, false], [0, 0]]', 8, "inferred shape '[1, 5, 6, 4]' is incompatible with return type of operation 'tensor<1x6x6x4xf32>'"),
    ('custom', DIMS, 'stride = [1, - 1]', 8, 'expects window to have positive stride for 1-th window dimension, but got -1.'),
]  # fmt: skip


@pytest.mark.parametrize(("form", "dims", "window", "column", "message"), PLACES)
def test_where_the_parser_stops(form: str, dims: str, window: str, column: int, message: str) -> None:
    assert _errors(_statement(form, dims, window)) == [(2, column, message)]


VALID = [
    ("custom", "[b, 0, 1, f] x [0, 1, i, o] -> [b, 0, 1, f]", "stride = [1, 1]"),
    ("custom", "[b,0,1,f]x[0,1,i,o]->[b,0,1,f]", "stride = [1, 1]"),
    ("custom", "[b, 0, 1 ,f]x[0, 1, i, o]->[b, 0, 01, f]", "stride = [1, 1]"),
    ("custom", DIMS, "stride = [1, 1], "),
    ("custom", DIMS, "stride=[1,1]"),
    ("custom", DIMS, "reverse = [0, 1]"),
    ("custom", DIMS, "pad = [], stride = []"),
    ("custom", DIMS, ""),
    ("generic", "[b, 0, 1, f] x [0, 1, i, o] -> [b, 0, 1, f]", ""),
    ("properties", DIMS, ""),
]


@pytest.mark.parametrize(("form", "dims", "window"), VALID)
def test_valid_forms_stay_silent(form: str, dims: str, window: str) -> None:
    assert _errors(_statement(form, dims, window)) == []


NOT_MODELLED = [
    # iree-opt: 92 "custom op '...' Expected spatial dimensions 1 not specified" (at the ',' after a space:
    # the op's text ends at the ']', so where the next token starts is not known)
    ("custom", "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 2, f] ", "stride = [1, 1]"),
    # iree-opt: 51 "expected '['" (just after the '=', outside the clause's text)
    ("custom", "(b, 0, 1, f)x[0, 1, i, o]->[b, 0, 1, f]", "stride = [1, 1]"),
    # iree-opt: 65 "custom op '...' integer value too large"
    ("custom", "[b, 0, 1, f, 9999999999999999999999]x[0, 1, i, o]->[b, 0, 1, f]", "stride = [1, 1]"),
    # iree-opt: two errors, "duplicated `input_batch_dimension` entry" then "failed parsing dot dimension
    # numbers attribute"
    ("generic", "raw input_batch_dimension = 0, input_batch_dimension = 0", ""),
]


@pytest.mark.parametrize(("form", "dims", "window"), NOT_MODELLED)
def test_what_is_not_modelled_is_passed_over(form: str, dims: str, window: str) -> None:
    assert _errors(_statement(form, dims, window)) == []
