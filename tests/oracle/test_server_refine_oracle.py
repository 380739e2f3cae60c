"""The editor's "Refine @main from its argument types" (``broadcheck/server/refactor.py``, the
plan the server's code action carries) against iree-opt 3.13, as a user meets it: in each JAX
symbolic export (``bench/.data/exports-jax/*-dyn.export.mlir``) @main's dynamic dimensions are
written as 1, 8 and 64 in its signature, which leaves the body stale (broadcheck reports it);
the action's edits applied, the text checks clean, iree-opt verifies it, and it is the text
``broadcheck refine --arg`` writes with those types. The server tests' StableHLO and Linalg
fixtures are verified as well."""

from __future__ import annotations

import pytest

from broadcheck.api import check_text
from broadcheck.engine.options import Options
from broadcheck.engine.refine import Request
from broadcheck.engine.refine_read import arguments_of, read_functions
from broadcheck.engine.refine_run import refine_text
from broadcheck.server.refactor import plan
from tests.lsp_client import apply_edits
from tests.oracle.test_refine_jax import EXPORTS, IREE_OPT, iree_verifies
from tests.test_server_refine import HLO, HLO_REFINED, LINALG

pytestmark = pytest.mark.oracle


def _stale(text: str, batch: int) -> tuple[str, int]:
    """``text`` with @main's argument types static at ``batch``, and its head's line (0-based)."""
    lines = text.split("\n")
    head = next(i for i, line in enumerate(lines) if "func.func public @main(" in line)
    arguments, sep, rest = lines[head].partition(") -> ")
    lines[head] = arguments.replace("?", str(batch)) + sep + rest
    return "\n".join(lines), head


def _as_cli(text: str, name: str) -> str:
    """What ``broadcheck refine --arg`` writes for @``name`` with its argument types as written."""
    functions, _ = read_functions(text)
    fn = next(f for f in functions if f.name == name)
    request = Request({(name, i): t.text for i, (_, t) in enumerate(arguments_of(fn))})
    return refine_text("cli.mlir", text, request, Options())[0]


def test_the_refine_action_on_jax_exports_verifies_with_iree() -> None:
    exports = sorted(EXPORTS.glob("*-dyn.export.mlir"))
    if not exports:
        pytest.skip(f"no JAX symbolic exports in {EXPORTS} (make exports, or copy them there)")
    done: list[tuple[str, str]] = []
    for path in exports:
        for batch in (1, 8, 64):
            text, head = _stale(path.read_text(), batch)
            assert any(d.severity == "error" for d in check_text(text, path=path.name)), path.name
            found = plan(path.name, text, Options(), "utf-16", line=head)
            assert found is not None and found.broken is None and not found.stops, (path.name, batch)
            refined = apply_edits(text, found.edits)
            assert refined == _as_cli(text, "main"), (path.name, batch)
            assert check_text(refined, path=path.name) == [], (path.name, batch)
            done.append((f"{path.name}@{batch}", refined))
    for linalg_or_hlo in (HLO, LINALG):
        found = plan("t.mlir", linalg_or_hlo, Options(), "utf-16", line=0)
        assert found is not None
        done.append(("fixture", apply_edits(linalg_or_hlo, found.edits)))
    assert done[-2][1] == HLO_REFINED
    verdicts = iree_verifies([text for _, text in done])
    assert [(name, v) for (name, _), v in zip(done, verdicts, strict=True) if v is not None] == [], IREE_OPT
    print(f"\nrefine action: {len(done)} texts, every one verified by {IREE_OPT}")
