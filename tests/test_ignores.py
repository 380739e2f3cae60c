"""Walks skip what ``.gitignore`` says, exactly as git does: each case is a repository whose
files a walk must find just as ``git ls-files --others --exclude-standard`` lists them (the
untracked files git does not ignore), from the top and from subdirectories."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from broadcheck.ignores import parse_line, translate
from broadcheck.inputs import expand

GIT = shutil.which("git")
pytestmark = pytest.mark.skipif(GIT is None, reason="git is not installed")

FILES = [
    "a.mlir",
    "b.mlir",
    "x/a.mlir",
    "x/b.mlir",
    "x/y/a.mlir",
    "x/y/z/b.mlir",
    "build/a.mlir",
    "build/sub/c.mlir",
    "src/build/d.mlir",
    "src/x/build.mlir",
    "src/x/y/e.mlir",
    "doc/frotz/e.mlir",
    "a/frotz/f.mlir",
    "foo/bar/g.mlir",
    "foo/baz/bar/h.mlir",
    "foo/bar.mlir",
    "abc/i.mlir",
    "Build/upper.mlir",
    "sp ace.mlir",
    "#hash.mlir",
    "!bang.mlir",
    "[br].mlir",
    "q?.mlir",
    "star*.mlir",
    "trail .mlir",
    "deep/a/b/c/d.mlir",
    "c.mlir",
    "-.mlir",
    "x.mlir.mlir",
    "é.mlir",
]

# (name, {ignore file: content}); every content is also tried with CRLF line endings.
CASES: list[tuple[str, dict[str, str]]] = [
    ("a name at any depth", {".gitignore": "build\n"}),
    ("a directory name", {".gitignore": "build/\n"}),
    ("anchored at the top", {".gitignore": "/build\n"}),
    ("anchored directory", {".gitignore": "/build/\n"}),
    ("every file, one back", {".gitignore": "*.mlir\n!a.mlir\n"}),
    ("a path with a slash", {".gitignore": "x/y\n"}),
    ("a middle double star", {".gitignore": "x/**/b.mlir\n"}),
    ("a leading double star", {".gitignore": "**/build\n"}),
    ("double stars around", {".gitignore": "**/build/**\n"}),
    ("a trailing double star", {".gitignore": "build/**\n"}),
    ("re-include under a double star", {".gitignore": "build/**\n!build/sub/\n"}),
    ("re-include in an ignored directory", {".gitignore": "build/\n!build/a.mlir\n"}),
    ("a star in a name", {".gitignore": "a*.mlir\n"}),
    ("a question mark", {".gitignore": "?.mlir\n"}),
    ("a class", {".gitignore": "[ab].mlir\n"}),
    ("a negated class", {".gitignore": "[!a].mlir\n"}),
    ("a caret class", {".gitignore": "[^ab].mlir\n"}),
    ("a range", {".gitignore": "[a-c].mlir\n"}),
    ("a named class", {".gitignore": "[[:alpha:]].mlir\n"}),
    ("a digit class", {".gitignore": "[[:digit:]].mlir\n[[:punct:]].mlir\n"}),
    ("a bracket first in a class", {".gitignore": "[]b[].mlir\n"}),
    ("an escaped hash", {".gitignore": "\\#hash.mlir\n"}),
    ("a comment", {".gitignore": "#hash.mlir\n"}),
    ("an escaped bang", {".gitignore": "\\!bang.mlir\n"}),
    ("a space inside", {".gitignore": "sp ace.mlir\n"}),
    ("trailing spaces dropped, not tabs", {".gitignore": "b.mlir   \nc.mlir\t\n"}),
    ("an escaped trailing space", {".gitignore": "trail\\ \ntrail\\ .mlir\n"}),
    ("a nested directory path", {".gitignore": "doc/frotz/\n"}),
    ("a directory name at any depth", {".gitignore": "frotz/\n"}),
    ("double star between", {".gitignore": "foo/**/bar\n"}),
    ("a star directory", {".gitignore": "*/a.mlir\n"}),
    ("everything in a directory, one back", {".gitignore": "x/*\n!x/y/\n"}),
    ("case matters", {".gitignore": "Build\n"}),
    ("a trailing backslash", {".gitignore": "abc\\\n"}),
    ("an unclosed class", {".gitignore": "[ab\nc.mlir\n"}),
    ("a deep double star", {".gitignore": "deep/**/d.mlir\n"}),
    ("everything", {".gitignore": "**\n"}),
    ("everything but mlir files", {".gitignore": "*\n!*/\n!*.mlir\n"}),
    ("an escaped star", {".gitignore": "star\\*.mlir\n"}),
    ("an escaped question mark", {".gitignore": "q\\?.mlir\n"}),
    ("a literal bracket", {".gitignore": "\\[br\\].mlir\n"}),
    ("a non-ASCII name", {".gitignore": "é.mlir\n"}),
    ("a double extension", {".gitignore": "*.mlir.mlir\n"}),
    ("a dash", {".gitignore": "-.mlir\n"}),
    ("stars of three", {".gitignore": "***/b.mlir\n"}),
    ("a double star inside a name", {".gitignore": "x/**b.mlir\n"}),
    ("a leading slash and a star", {".gitignore": "/*.mlir\n"}),
    ("a blank line and comments", {".gitignore": "\n# build\n\n   \nfoo\n"}),
    ("a lone bang", {".gitignore": "!\nbuild\n"}),
    ("a lone slash", {".gitignore": "/\n"}),
    ("nested files", {".gitignore": "*.mlir\n", "x/.gitignore": "!b.mlir\n", "x/y/.gitignore": "!*.mlir\n"}),
    ("a nested anchored pattern", {"x/.gitignore": "/a.mlir\ny/z\n"}),
    ("a nested name", {"src/.gitignore": "build\n"}),
    ("a deeper file wins", {".gitignore": "!a.mlir\n", "x/.gitignore": "a.mlir\n"}),
    ("the repository's exclude file", {".git/info/exclude": "abc/\n*.mlir.mlir\n"}),
    ("exclude file and gitignore", {".git/info/exclude": "a.mlir\n", ".gitignore": "!x/a.mlir\n"}),
    ("a range of symbols", {".gitignore": "[!-#].mlir\n"}),
    ("a class with an escaped bracket", {".gitignore": "[\\]a].mlir\n"}),
    ("an unknown named class", {".gitignore": "[[:nope:]].mlir\nb.mlir\n"}),
]


def _git(cwd: Path, *args: str) -> str:
    home = cwd.parent / "home"
    home.mkdir(exist_ok=True)
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "GIT_CONFIG_NOSYSTEM": "1",
        "LC_ALL": "C",
    }
    done = subprocess.run([GIT or "git", *args], cwd=cwd, env=env, capture_output=True, check=True)
    return done.stdout.decode("utf-8", "surrogateescape")


def _repository(tmp_path: Path, ignores: dict[str, str]) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    for name in FILES:
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text("// x\n")
    for name, content in ignores.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(content, newline="")
    return repo


def _untracked(repo: Path, top: str) -> set[str]:
    """What git lists as untracked and not ignored under ``top``: ``*.mlir`` files, relative to the repository."""
    listed = _git(repo / top, "ls-files", "-z", "--others", "--exclude-standard", "--full-name")
    return {p for p in listed.split("\0") if p.endswith(".mlir")}


def _ignored(repo: Path, paths: tuple[str, ...]) -> set[str]:
    """Which of ``paths`` git ignores."""
    try:
        return set(_git(repo, "check-ignore", *paths).split())
    except subprocess.CalledProcessError:  # exit 1: none is
        return set()


def _walked(repo: Path, top: str) -> set[str]:
    previous = os.getcwd()
    os.chdir(repo)
    try:
        found = [p for p in expand((top,)) if isinstance(p, str)]
    finally:
        os.chdir(previous)
    return {os.path.normpath(p).replace(os.sep, "/") for p in found}


@pytest.mark.parametrize("crlf", [False, True], ids=["lf", "crlf"])
@pytest.mark.parametrize(("name", "ignores"), CASES, ids=[c[0] for c in CASES])
def test_a_walk_finds_what_git_does_not_ignore(tmp_path: Path, name: str, ignores: dict[str, str], crlf: bool) -> None:
    if crlf:
        ignores = {k: v.replace("\n", "\r\n") for k, v in ignores.items()}
    repo = _repository(tmp_path, ignores)
    tops = ("x", "src", "build", "foo")
    ignored = _ignored(repo, tops)
    for top in (".", *tops):
        if top in ignored:
            # A directory named on the command line is walked even if it is itself ignored,
            # as ruff does (git lists nothing in it): test_a_named_ignored_directory_is_walked.
            continue
        want = _untracked(repo, top)
        got = _walked(repo, top)
        assert got == want, (name, top, sorted(got ^ want))


def test_a_named_ignored_directory_is_walked(tmp_path: Path) -> None:
    repo = _repository(tmp_path, {".gitignore": "build/\n*.tmp.mlir\n"})
    (repo / "build" / "x.tmp.mlir").write_text("// x\n")
    assert _walked(repo, "build") == {"build/a.mlir", "build/sub/c.mlir"}
    assert _walked(repo, ".") == _untracked(repo, ".")


def test_gitignore_outside_a_repository_is_not_read(tmp_path: Path) -> None:
    (tmp_path / ".gitignore").write_text("*.mlir\n")
    (tmp_path / "a.mlir").write_text("// x\n")
    assert _walked(tmp_path, ".") == {"a.mlir"}


def test_an_ignore_file_applies_anywhere_and_wins_over_gitignore(tmp_path: Path) -> None:
    (tmp_path / ".ignore").write_text("*.mlir\n!keep.mlir\n")
    for name in ("a.mlir", "keep.mlir", "sub/b.mlir"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("// x\n")
    assert _walked(tmp_path, ".") == {"keep.mlir"}
    (tmp_path / "r").mkdir()
    repo = _repository(tmp_path / "r", {".gitignore": "!a.mlir\n", ".ignore": "a.mlir\n"})
    assert "a.mlir" not in _walked(repo, ".")
    assert "x/a.mlir" not in _walked(repo, ".")


def test_without_respecting_ignores_every_file_is_found(tmp_path: Path) -> None:
    repo = _repository(tmp_path, {".gitignore": "*\n"})
    previous = os.getcwd()
    os.chdir(repo)
    try:
        found = {os.path.normpath(p) for p in expand((".",), respect_ignores=False) if isinstance(p, str)}
    finally:
        os.chdir(previous)
    assert found == set(FILES)


@pytest.mark.parametrize(
    ("line", "is_dir", "path", "matched"),
    [
        ("foo", False, "a/foo", True),
        ("foo/", False, "foo", False),
        ("foo/", True, "foo", True),
        ("/foo", False, "a/foo", False),
        ("a/*/c", False, "a/b/c", True),
        ("a/*/c", False, "a/b/x/c", False),
        ("a/**/c", False, "a/b/x/c", True),
        ("a/**/c", False, "a/c", True),
    ],
)
def test_one_pattern(line: str, is_dir: bool, path: str, matched: bool) -> None:
    pattern = parse_line(line, "")
    assert pattern is not None
    assert pattern.matches(path, is_dir) is matched


def test_a_pattern_that_cannot_match() -> None:
    assert translate("[ab") is None
    assert translate("ab\\") is None
