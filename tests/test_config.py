"""Configuration discovery and validation, selection, and suppressions."""

from __future__ import annotations

from pathlib import Path

import pytest

from broadcheck.config import selected
from tests.conftest import Invoke

BAD = '%0 = "tf.AddV2"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>\n'
DYNAMIC = '%0 = "test.broadcastable"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<4xf32>\n'
MINE = '%0 = "my.add"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>\n'


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository with a config at its root and a nested directory to run from."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "pyproject.toml").write_text('[tool.broadcheck]\nprofile = "llvm"\nops = {"my.*" = "mlir"}\n')
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "b" / "dyn.mlir").write_text(DYNAMIC)
    (tmp_path / "a" / "b" / "mine.mlir").write_text(MINE)
    monkeypatch.chdir(tmp_path / "a" / "b")
    return tmp_path


def test_config_is_found_from_a_nested_directory(run: Invoke, repo: Path) -> None:
    assert run("check", "dyn.mlir").code == 0  # llvm profile from the config
    result = run("check", "--output-format", "concise", "mine.mlir")  # ops from the config
    assert result.code == 1 and "'my.add' op operands" in result.out


def test_command_line_overrides_config(run: Invoke, repo: Path) -> None:
    assert run("check", "--profile", "spec", "dyn.mlir").code == 1
    assert run("check", "--op", "my.*=none", "mine.mlir").code == 0


def test_isolated_ignores_config(run: Invoke, repo: Path) -> None:
    assert run("check", "--isolated", "dyn.mlir").code == 1
    assert run("check", "--isolated", "mine.mlir").code == 0


def test_discovery_stops_at_the_git_boundary(run: Invoke, repo: Path, tmp_path: Path) -> None:
    inner = repo / "a"
    (inner / ".git").mkdir()  # a nested repository: the root config is out of reach
    assert run("check", "dyn.mlir").code == 1


def test_nearest_config_wins(run: Invoke, repo: Path) -> None:
    (repo / "a" / "pyproject.toml").write_text('[tool.broadcheck]\nprofile = "spec"\n')
    assert run("check", "dyn.mlir").code == 1
    (repo / "a" / "pyproject.toml").write_text('[project]\nname = "x"\n')  # no table: keep walking
    assert run("check", "dyn.mlir").code == 0


def test_explicit_config_file(run: Invoke, repo: Path) -> None:
    Path("custom.toml").write_text('profile = "spec"\n')
    assert run("check", "--config", "custom.toml", "dyn.mlir").code == 1
    result = run("check", "--config", "missing.toml", "dyn.mlir")
    assert result.code == 2
    assert "missing.toml: cannot read" in result.err


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            'profil = "llvm"',
            "[tool.broadcheck] unknown key 'profil'; allowed keys: cache-dir, exclude, extend-exclude,",
        ),
        ('profile = "gcc"', "[tool.broadcheck] 'profile' is 'gcc'; allowed: spec, llvm"),
        (
            'output-format = "xml"',
            "'output-format' is 'xml'; allowed: full, concise, json, sarif, github, junit, gitlab",
        ),
        ('ops = {"x.*" = "fortran"}', "'ops.x.*' is 'fortran'; allowed: "),
        ("select = [1]", "'select' must be a list of strings"),
        ('select = ["XY"]', "'XY' matches no broadcheck code"),
        ("split-input-file = 3", "'split-input-file' must be true, false or a marker string"),
        ("profile = ", "invalid TOML"),
    ],
)
def test_bad_config_exits_2_naming_file_and_key(run: Invoke, repo: Path, body: str, message: str) -> None:
    (repo / "pyproject.toml").write_text(f"[tool.broadcheck]\n{body}\n")
    result = run("check", "dyn.mlir")
    assert result.code == 2
    assert result.err.startswith(f"broadcheck: error: {repo / 'pyproject.toml'}: ")
    assert message in result.err


def test_exclude_and_split_from_config(run: Invoke, repo: Path) -> None:
    (repo / "pyproject.toml").write_text(
        '[tool.broadcheck]\nexclude = ["a/b/dyn.mlir", "generated"]\nsplit-input-file = true\n'
    )
    (repo / "a" / "b" / "generated").mkdir()
    (repo / "a" / "b" / "generated" / "x.mlir").write_text(BAD)
    Path("split.mlir").write_text("!t = tensor<3xf32>\n// -----\n" + BAD.replace("tensor<3xf32>", "!t"))
    result = run("check", "--output-format", "concise", ".")
    assert "dyn.mlir" not in result.out and "generated" not in result.out
    assert "split.mlir:3:30: error: undefined symbol alias id 't'" in result.out
    assert run("check", "--exclude", "split.mlir", ".").code == 0


def test_select_and_ignore_with_prefixes(run: Invoke, repo: Path) -> None:
    Path("two.mlir").write_text(BAD + '%1 = "tf.AddV2"(%a) : (tensor<3xf32) -> tensor<3xf32>\n')

    def codes(*args: str) -> list[str]:
        out = run("check", "--isolated", "--output-format", "concise", *args, "two.mlir").out
        return [line.rsplit("[", 1)[1].rstrip("]") for line in out.splitlines()[:-1]]

    assert codes() == ["BC001", "BC101"]  # the parse error first, as MLIR reports it
    assert codes("--select", "BC1") == ["BC101"]
    assert codes("--ignore", "BC0") == ["BC101"]
    assert codes("--select", "BC0,BC101", "--ignore", "BC1") == ["BC001", "BC101"]
    result = run("check", "--select", "ZZ9", "two.mlir")
    assert result.code == 2 and "'ZZ9' matches no broadcheck code" in result.err


@pytest.mark.parametrize(
    ("code", "select", "ignore", "expected"),
    [
        ("BC101", (), (), True),
        ("BC101", ("BC2",), (), False),
        ("BC101", (), ("BC1",), False),
        ("BC101", ("BC101",), ("BC1",), True),
        ("BC101", ("BC1",), ("BC101",), False),
        ("BC101", ("BC1",), ("BC1",), False),
    ],
)
def test_selected(code: str, select: tuple[str, ...], ignore: tuple[str, ...], expected: bool) -> None:
    assert selected(code, select, ignore) is expected


SUPPRESSED = """\
// broadcheck: ignore[BC101]
%0 = "tf.AddV2"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>
%1 = "tf.AddV2"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>  // broadcheck: ignore
%2 = "tf.AddV2"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>  // broadcheck: ignore[BC102, BC101]
%3 = "tf.AddV2"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: broadcheck: ignore[BC101]
%4 = "tf.AddV2"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>
// broadcheck: ignore[BC104]
%5 = "tf.AddV2"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
"""


def test_suppressions(run: Invoke, repo: Path) -> None:
    Path("s.mlir").write_text(SUPPRESSED)
    result = run("check", "--isolated", "--output-format", "concise", "s.mlir")
    assert result.out.splitlines() == [
        "s.mlir:4:76: error: unused suppression: 'ignore[BC102]' matches no problem [BC003]",
        "s.mlir:5:6: error: 'tf.AddV2' op operands don't have broadcast-compatible shapes [BC101]",
        "s.mlir:7:6: error: 'tf.AddV2' op operands don't have broadcast-compatible shapes [BC101]",
        "s.mlir:8:1: error: unused suppression: 'ignore[BC104]' matches no problem [BC003]",
        "Found 4 errors in 1 file.",
    ]


def test_file_wide_suppression(run: Invoke, repo: Path) -> None:
    Path("f.mlir").write_text(BAD + "// broadcheck: file-ignore[BC1]\n" + BAD)
    result = run("check", "--isolated", "--output-format", "concise", "f.mlir")
    # Codes are exact, as in ruff's noqa: a prefix suppresses nothing, and is an error of its own.
    assert (
        "f.mlir:2:1: error: malformed suppression '// broadcheck: file-ignore[BC1]': "
        "'BC1' is not a code such as BC101 [BC004]" in result.out
    )
    assert result.out.count("[BC101]") == 2
    Path("f.mlir").write_text(BAD + "// broadcheck: file-ignore[BC101]\n" + BAD)
    assert run("check", "--isolated", "f.mlir").code == 0
    Path("f.mlir").write_text("// broadcheck: file-ignore\n" + BAD)
    assert run("check", "--isolated", "f.mlir").code == 0
