"""``scf.while``'s refinement held to iree-opt 3.13 (issue 32): for the custom and the generic form
(fixtures ``scf_while*`` under ``tests/fixtures/refine/``), iree-opt verifies the input and
broadcheck's refined output; where refinement stops, the error broadcheck gives (the parse error a
new type handed to a loop that keeps its old ones makes) is iree-opt's first error, line, column
and message, on the input with the new argument types written in.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from broadcheck.engine.options import Options
from broadcheck.engine.refine import Request
from broadcheck.engine.refine_run import refine_text
from tests.conftest import FIXTURES
from tests.oracle.test_refine_breaks import arg_request, iree_first_error

pytestmark = pytest.mark.oracle

FILES = sorted((FIXTURES / "refine").glob("scf_while*.mlir"))


def _refine(path: Path) -> tuple[bool, Request, str, list[tuple[int, int, str]]]:
    """(whether it should stop, the request, the refined text, broadcheck's errors)."""
    words = shlex.split(path.read_text().splitlines()[0].removeprefix("// RUN:"))
    stops = words[0] == "not"
    args = words[words.index("%s") + 1 :]
    request = arg_request(args)
    after, diagnostics, _ = refine_text(path.name, path.read_text(), request, Options())
    errors = [(d.line, d.column, d.message) for d in diagnostics if d.severity == "error"]
    return stops, request, after, errors


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scf_while_against_iree_opt(path: Path) -> None:
    """The input verifies; the output verifies, or the stop's error is iree-opt's."""
    assert iree_first_error(path.read_text()) is None
    stops, request, after, errors = _refine(path)
    if not stops:
        assert not errors and iree_first_error(after) is None
        return
    text = path.read_text()
    for (_, index), new in request.args.items():  # (the fixtures change @main's arguments)
        head, rest = text.split("func.func @main(", 1)
        found = re.findall(r"%[\w$.\-]+: tensor<[^>]*>", rest.split(")", 1)[0])
        name = found[index].split(":")[0]
        rest = rest.replace(found[index], f"{name}: {new}", 1)
        text = head + "func.func @main(" + rest
    assert errors, "refinement should stop with an error"
    assert iree_first_error(text) == errors[0]
