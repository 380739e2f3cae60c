"""What a run keeps per form and holds per block (issue 31's peak RSS on files of distinct
statements, genrss): counted in bytes and calls, never timed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from broadcheck import inputs
from broadcheck.engine import fix_read
from broadcheck.engine.forms import Form, read_form
from broadcheck.engine.options import Options
from broadcheck.engine.run import Memory
from broadcheck.runner import check_one

_PLAIN = [
    "%_ = arith.addf %_, %_ : f32",
    "%_ = stablehlo.add %_, %_ : tensor<4xf32>",
    '%_ = "tosa.abs"(%_) : (tensor<2xf32>) -> tensor<2xf32>',
    "%_ = stablehlo.broadcast_in_dim %_, dims = [1] : (tensor<2048xbf16>) -> tensor<77x2048xbf16>",
]


def test_a_form_of_a_one_line_op_keeps_12_slots() -> None:
    """A form of a one-line op with no region, nothing it defines, no literal and no error (most
    forms of a file of distinct statements: 56.6k of gen2's 63k) is 12 slots, 128 bytes with its
    GC header: at ea872ef every form was 21 (200 bytes), at f830a58 15 (152 bytes; its `error`,
    `plain` and `_again` are the class's now, gen2rss)."""
    for key in _PLAIN:
        form = read_form(key)
        assert type(form) is Form and form.error is None and form.split >= 0, key
        assert not hasattr(form, "__dict__")
        assert sys.getsizeof(form) <= 128, (key, sys.getsizeof(form))
        assert (form.simple, form.regions, form.arguments, form.successor_types, form.inner, form.literal) == (
            True, 0, (), (), None, None,
        )  # fmt: skip


def test_a_form_with_more_holds_its_own_fields() -> None:
    """Definitions, successors, a wrapped op, a literal: a :class:`Rich` form, which
    holds every field (:data:`FIELDS`)."""
    from broadcheck.engine.forms import FIELDS, Rich

    cases = {
        "%_ = arith.constant dense<[1, 2]> : tensor<2xi64>": "literal",
        "scf.for %_ = %_ to %_ step %_ {\n}": "arguments",
        "cf.br ^bb1(%_ : i32)": "successor_types",
    }
    for key, field in cases.items():
        form = read_form(key)
        assert type(form) is Rich, key
        assert getattr(form, field) not in (None, 0, ()), (key, field)
        assert all(hasattr(form, name) for name in FIELDS)
    assert read_form("scf.for %_ = %_ to %_ step %_ {\n}").arguments == ("index",)
    broken = read_form("%_ = stablehlo.add %_, %_ : tensor<4xf32")  # (an error: a Rich form holds it)
    assert type(broken) is Rich and broken.error is not None and broken.statement is None


def test_a_form_read_again_keeps_its_statement() -> None:
    """A form whose statement was let go and read again keeps it from then on (its class is the
    kept one: at f830a58 a slot of every form, `_again`, said so)."""
    form = read_form(_PLAIN[1])
    form.release()
    assert form._statement is None
    statement = form.statement
    assert statement is not None and isinstance(form, Form) and type(form) is not Form
    form.release()
    assert form.statement is statement and sys.getsizeof(form) <= 128


def test_a_distinct_file_keeps_plain_forms(tmp_path: Path) -> None:
    """300 distinct one-line ops, each seen once: every form the run keeps of them is a plain
    :class:`Form` (at ea872ef there was no other kind: 21 slots each)."""
    body = "".join(f"  %v{i} = stablehlo.add %a, %a : tensor<{i + 1}xf32>\n" for i in range(300))
    path = tmp_path / "distinct.mlir"
    path.write_text(f"func.func @f(%a: tensor<4xf32>) {{\n{body}  return\n}}\n")
    memory = Memory()
    check_one(str(path), Options(), "-", memory=memory)
    kept = [f for f in memory.forms.values() if f.key.startswith("%_ = stablehlo.add")]
    assert len(kept) == 300 and {type(f) for f in kept} == {Form}
    assert sum(sys.getsizeof(f) for f in kept) <= 300 * 128  # (60,000 bytes at ea872ef, 45,600 at f830a58)


def test_a_large_file_has_its_large_blocks_mapped_on_their_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``read_blocks`` asks ``malloc`` to map large blocks on their own (``inputs.long_lines``)
    once a file is read past :data:`inputs.LARGE` bytes, whatever its lines (at ea872ef only for
    a line longer than a block: gen2's 100k ops peaked 3 MB higher, glibc's heap holding the
    freed blocks); a small file never asks, nor does a line longer than a block but shorter than
    :data:`inputs.LONG_LINE`. The blocks are what they were, a quarter of a megabyte each past
    :data:`inputs.LARGE` (:data:`inputs.LARGE_BLOCK`; a megabyte at ea872ef)."""
    calls: list[int] = []
    monkeypatch.setattr(inputs, "long_lines", lambda: calls.append(1))
    monkeypatch.setattr(inputs, "LARGE", 1 << 20)  # (8 MB: this test's file is smaller)
    small = tmp_path / "small.mlir"
    small.write_bytes(b"a = 1\n" * 1000)
    assert b"".join(inputs.read_blocks(str(small))) == small.read_bytes()
    assert calls == []
    large = tmp_path / "large.mlir"
    large.write_bytes(b"%0 = arith.addf %1, %2 : f32\n" * 60_000)  # 1.7 MB
    blocks = list(inputs.read_blocks(str(large)))
    assert b"".join(blocks) == large.read_bytes() and calls
    assert max(len(b) for b in blocks) <= (1 << 18) + 30  # (and the line cut at the block before)
    monkeypatch.setattr(inputs, "LARGE", 1 << 23)
    calls.clear()
    wide = tmp_path / "wide.mlir"
    wide.write_bytes(b"a = 1\n" + b"x" * (1 << 19) + b"\nb = 2\n")  # (a line of 0.5 MB: two blocks)
    blocks = list(inputs.read_blocks(str(wide), 1 << 18))
    assert b"".join(blocks) == wide.read_bytes() and len(blocks) == 2 and calls == []


def test_the_fix_stage_holds_a_page_of_a_quarter_megabyte(tmp_path: Path) -> None:
    """The fix stage's :class:`~.fix_read.Paged` text reads and keeps pages of about 256 KB
    (1 MB at ea872ef: its reading held two pages' bytes, their join and the decoded page, 4 MB
    over the check's end on bench/gen.py's 100k ops)."""
    path = tmp_path / "big.mlir"
    line = "%0 = arith.addf %1, %2 : f32\n"
    path.write_text(line * 40_000)  # 1.2 MB
    paged = fix_read.Paged(str(path))
    paged.read()
    assert len(paged) == len(line) * 40_000
    pages = [paged._offsets[i + 1] - paged._offsets[i] for i in range(len(paged._offsets) - 1)]
    assert len(pages) >= 4 and max(pages) <= (1 << 18) + 30
    middle = len(paged) // 2
    assert paged[middle : middle + len(line)] == (line * 2)[middle % len(line) :][: len(line)]
    assert len(paged._cached[1]) <= (1 << 18) + 30
