"""What a run keeps of the statements it read (issue 31's peak RSS on files of distinct
statements): counted in objects, never timed."""

from __future__ import annotations

from pathlib import Path

import pytest

from broadcheck.engine import forms as forms_module
from broadcheck.engine.options import Options
from broadcheck.engine.run import Memory
from broadcheck.runner import check_one
from broadcheck.syntax import written


def _kept(memory: Memory) -> list[str]:
    """The keys of the forms that still hold their statement."""
    return [form.key for form in memory.forms.values() if form._statement is not None]


def test_a_statement_read_once_is_not_kept_whatever_path_took_it(tmp_path: Path) -> None:
    """Statements over two lines (the slow path), statements whose types name an alias (their
    verdict is the alias's, asked again on each line), a function's head: each key is seen once,
    and no form keeps its statement once used (at 07f1a89 all of them kept theirs)."""
    rows = []
    for i in range(60):
        rows.append(f"  %c{i} = stablehlo.constant\n      dense<{i}.5> : tensor<4xf32>\n")
        rows.append(f"  %s{i} = stablehlo.add %c{i}, %c{i} : !t{i}\n")
    aliases = "".join(f"!t{k} = tensor<4xf32>\n" for k in range(60))
    body = "".join(rows)
    path = tmp_path / "distinct.mlir"
    path.write_text(
        f"{aliases}func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {{\n{body}  return %a : tensor<4xf32>\n}}\n"
    )
    memory = Memory()
    result = check_one(str(path), Options(), "-", memory=memory)
    assert not isinstance(result, Exception) and result.diagnostics == []
    assert len(memory.forms) >= 120
    assert _kept(memory) == []  # (ea872ef kept `%_ = stablehlo.constant`'s: a first line the fast pass read)


def _counted_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The keys the forms read from here on (:func:`.forms._read`), in order."""
    reads: list[str] = []
    real = forms_module._read

    def counted(key: str) -> object:
        reads.append(key)
        return real(key)

    monkeypatch.setattr(forms_module, "_read", counted)
    return reads


def test_a_key_that_comes_back_is_read_twice_at_most(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A form whose statement went and whose key comes back on a path that needs it reads it
    again once, then keeps it: 50 lines of one multi-line key read it twice, not 50 times
    (07f1a89 read it once and kept it)."""
    reads = _counted_reads(monkeypatch)
    rows = "".join(f"  %c{i} = stablehlo.constant\n      dense<1.5> : tensor<4xf32>\n" for i in range(50))
    path = tmp_path / "again.mlir"
    path.write_text(f"func.func @f() {{\n{rows}  return\n}}\n")
    memory = Memory()
    check_one(str(path), Options(), "-", memory=memory)
    assert len(reads) == 1  # (the first read is read_form's; `_read` is the reading again)
    kept = [form.key for form in memory.forms.values() if form._statement is not None]
    assert kept == [reads[0]]  # (ea872ef kept the first line's too: the fast pass read it, not whole)


def test_clean_types_are_kept_by_type_not_by_signature(tmp_path: Path) -> None:
    """``written._CLEAN`` holds each clean type's text once (interned), not each signature: 150
    distinct signatures over 6 types keep 6 texts (07f1a89 kept the 150 signatures)."""
    written._CLEAN.clear()
    shapes = ["3x1", "1x4", "3x4", "2x3", "5x5", "1x1"]
    rows = []
    n = 0
    for a in shapes:
        for b in shapes:
            for c in shapes[:4]:
                rows.append(f"  %{n} = tosa.add %a, %b : (tensor<{a}xf32>, tensor<{b}xf32>) -> tensor<{c}xf32>\n")
                n += 1
    path = tmp_path / "signatures.mlir"
    path.write_text(f"func.func @f(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) {{\n{''.join(rows[:150])}  return\n}}\n")
    check_one(str(path), Options(), "-", memory=Memory())
    assert "tensor<3x1xf32>" in written._CLEAN
    assert len(written._CLEAN) <= len(shapes) + 2  # (and the function's own argument types)
    assert not [text for text in written._CLEAN if "->" in text]


def test_the_fix_stage_reads_no_statement_of_the_check_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The fix stage scans the module again with the check's forms: a function's head names its
    symbol from its key and a multi-line statement's form is asked only if the planner asks, so
    none of the statements the check let go (the heads of the 41 functions among them) is read
    again to plan one fix."""
    functions = "".join(
        f"func.func @g{k}(%a: tensor<4xf32>) -> tensor<4xf32> {{\n"
        f"  %c = stablehlo.constant\n      dense<{k}.5> : tensor<4xf32>\n"
        f"  %s = stablehlo.add %a, %c : tensor<4xf32>\n  return %s : tensor<4xf32>\n}}\n"
        for k in range(40)
    )
    stale = (
        "func.func @stale(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x4xf32> {\n"
        "  %0 = tosa.add %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x1xf32>\n"
        "  %1 = tosa.abs %0 : (tensor<3x1xf32>) -> tensor<3x1xf32>\n"
        "  return %1 : tensor<3x1xf32>\n}\n"
    )
    path = tmp_path / "fixes.mlir"
    path.write_text(functions + stale)
    reads = _counted_reads(monkeypatch)
    memory = Memory()
    result = check_one(str(path), Options(), "-", memory=memory)
    assert not isinstance(result, Exception)
    assert any(d.fix is not None for d in result.diagnostics)
    assert [f for f in memory.forms.values() if f.name == "func.func" and f._statement is not None] == []
    assert [key for key in reads if key.startswith("func.func")] == []
    assert len(reads) <= 2
