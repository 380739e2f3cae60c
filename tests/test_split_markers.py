"""``--split-input-file=MARKER`` with markers of any length: never a hang, and a documented
meaning for markers too short for mlir-opt's own rule (which cuts at the marker less its last
two characters: for two characters or fewer that is nothing, and mlir-opt runs out of memory).
An empty marker is a usage error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from broadcheck.text import split_marker, split_probe
from tests.conftest import EXAMPLES, Invoke
from tests.waits import HANG

ALIAS_THEN_USE = "!t = tensor<3xf32>\n// XX\n%0 = tosa.add %a, %b : (!t, tensor<2xf32>) -> !t\n"


def _broadcheck(*args: str, cwd: Path, timeout: float = HANG) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "broadcheck", *args], cwd=cwd, capture_output=True, text=True, timeout=timeout
    )


@pytest.mark.parametrize("marker", ["X", "XX", "//", "-", "--", "// ", "// -", "// --", "// ---", "// -----"])
def test_a_marker_of_any_length_ends(marker: str, tmp_path: Path) -> None:
    (tmp_path / "empty.mlir").write_text("")
    for target in (str(EXAMPLES / "valid"), "empty.mlir"):
        # a hang fails at the subprocess's timeout: no time is asserted (a loaded machine is slow)
        result = _broadcheck("check", "--isolated", f"--split-input-file={marker}", target, cwd=tmp_path)
        assert result.returncode in (0, 1), result.stderr
        assert "Traceback" not in result.stderr


def test_a_short_marker_in_the_config_ends(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "pyproject.toml").write_text('[tool.broadcheck]\nsplit-input-file = "//"\n')
    (tmp_path / "empty.mlir").write_text("")
    result = _broadcheck("check", "empty.mlir", str(EXAMPLES / "valid"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("marker", ["XX", "X", "// XX", "//"])
def test_a_short_marker_splits_where_it_occurs(marker: str, run: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "a.mlir"
    path.write_text(ALIAS_THEN_USE)
    # The alias is defined in the part before the marker's line: the part after cannot see it.
    result = run("check", "--isolated", "--output-format", "concise", f"--split-input-file={marker}", str(path))
    assert "undefined symbol alias id 't' [BC001]" in result.out
    # A marker the file does not hold: one part, and the op's own problem.
    result = run("check", "--isolated", "--output-format", "concise", "--split-input-file=YY", str(path))
    assert "operands don't have broadcast-compatible shapes [BC101]" in result.out


def test_an_empty_marker_is_a_usage_error(run: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "a.mlir"
    path.write_text(ALIAS_THEN_USE)
    result = run("check", "--isolated", "--split-input-file=", str(path))
    assert result.code == 2
    assert "the split marker is empty" in result.err
    result = run("check", "--isolated", "--split-input-file=a\nb", str(path))
    assert result.code == 2 and "line break" in result.err


@pytest.mark.parametrize("value", ['""', '"  "'])
def test_an_empty_marker_in_the_config_is_an_error(value: str, run: Invoke, tmp_path: Path) -> None:
    config = tmp_path / "broadcheck.toml"
    config.write_text(f"split-input-file = {value}\n")
    (tmp_path / "a.mlir").write_text("")
    result = run("check", "--config", str(config), str(tmp_path / "a.mlir"))
    assert result.code == 2
    assert "'split-input-file' must be true, false or a marker string" in result.err


@pytest.mark.parametrize(
    ("line", "marker", "expected"),
    [
        ("// -----", "// -----", (True, 7)),
        ("// ----", "// -----", (False, 7)),
        ("//-----", "// -----", None),
        ("// -----0", "// -----", (False, 7)),
        ("XX", "XX", (True, 3)),
        ("a XX b", "XX", (True, 5)),
        ("X", "XX", None),
        ("X", "X", (True, 2)),
        ("x // y", "//", (True, 5)),
    ],
)
def test_split_marker(line: str, marker: str, expected: tuple[bool, int] | None) -> None:
    assert split_marker(line, marker) == expected


@settings(max_examples=300, deadline=None)
@given(marker=st.text("/-X 0", min_size=1, max_size=6), line=st.text("/-X 0ab", max_size=40))
def test_split_marker_follows_the_documented_rule(marker: str, line: str) -> None:
    """A reference reading of the rule: cut at the probe; a full marker (no near miss) when the
    probe is the whole marker, else the marker's last two characters must follow, then not a 0."""
    probe = split_probe(marker)
    assert probe  # never empty: the search for it always advances
    found = split_marker(line, marker)
    at = line.find(probe)
    if at < 0:
        assert found is None
        return
    assert found is not None and found[1] == at + len(probe) + 1
    if len(marker) <= 2:
        assert found[0] is True
    else:
        rest = line[at + len(probe) :]
        assert found[0] == (rest[:2] == marker[-2:] and rest[2:3] != "0")
