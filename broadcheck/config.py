"""Configuration: ``[tool.broadcheck]`` in ``pyproject.toml``, found by walking up.

Discovery starts in the current directory and walks up to the first
``pyproject.toml`` with a ``[tool.broadcheck]`` table, stopping at a directory
that holds ``.git`` (as ruff, mypy and black do). ``--config PATH`` names a file
instead (a ``pyproject.toml``, or any other TOML file whose top level holds the
keys); ``--isolated`` ignores configuration files. Command-line options override
the file. An unknown key or a bad value is an error (exit 2) naming the file, the
key and what is allowed. The defaults live here and nowhere else.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable, Mapping

from broadcheck.ops import Frozen
from broadcheck.text import check_marker

TYPE_CHECKING = False  # not typing's: a run whose result is cached imports no typing (start-up)
if TYPE_CHECKING:
    from typing import Any

PROFILES = ("spec", "llvm")
OUTPUT_FORMATS = ("full", "concise", "json", "sarif", "github", "junit", "gitlab")
DEFAULT_SPLIT_MARKER = "// -----"


class ConfigError(Exception):
    """A configuration file that cannot be used; the message says where and why."""


class Settings(Frozen):
    """Every setting, with broadcheck's defaults."""

    __slots__ = __match_args__ = (
        "profile",
        "ops",
        "exclude",
        "select",
        "ignore",
        "output_format",
        "split_input_file",
        "verify_diagnostics",
        "extend_select",
        "extend_exclude",
        "per_file_ignores",
        "respect_gitignore",
        "cache_dir",
        "root",
        "path",
    )
    profile: str
    ops: tuple[tuple[str, str], ...]
    exclude: tuple[str, ...]
    select: tuple[str, ...]
    ignore: tuple[str, ...]
    output_format: str | None
    """None: github under GitHub Actions, else full."""
    split_input_file: str | None
    """The marker, when splitting."""
    verify_diagnostics: bool
    extend_select: tuple[str, ...]
    """Code prefixes added to ``select`` (when ``select`` names some: else every code is on)."""
    extend_exclude: tuple[str, ...]
    """Globs added to ``exclude``."""
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...]
    """(glob, code prefixes): the codes not reported in the files the glob matches."""
    respect_gitignore: bool
    """Whether walks skip what ``.gitignore`` and ``.ignore`` files say."""
    cache_dir: str | None
    """Where the result cache lives (None: ``.broadcheck_cache`` beside the configuration)."""
    root: str
    """Where ``exclude`` globs are anchored: the config file's directory, or the cwd."""
    path: str | None
    """The configuration file these settings came from, if any."""

    def __init__(
        self,
        profile: str = "spec",
        ops: tuple[tuple[str, str], ...] = (),
        exclude: tuple[str, ...] = (),
        select: tuple[str, ...] = (),
        ignore: tuple[str, ...] = (),
        output_format: str | None = None,
        split_input_file: str | None = None,
        verify_diagnostics: bool = False,
        extend_select: tuple[str, ...] = (),
        extend_exclude: tuple[str, ...] = (),
        per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = (),
        respect_gitignore: bool = True,
        cache_dir: str | None = None,
        root: str | None = None,
        path: str | None = None,
    ) -> None:
        put = object.__setattr__
        put(self, "profile", profile)
        put(self, "ops", ops)
        put(self, "exclude", exclude)
        put(self, "select", select)
        put(self, "ignore", ignore)
        put(self, "output_format", output_format)
        put(self, "split_input_file", split_input_file)
        put(self, "verify_diagnostics", verify_diagnostics)
        put(self, "extend_select", extend_select)
        put(self, "extend_exclude", extend_exclude)
        put(self, "per_file_ignores", per_file_ignores)
        put(self, "respect_gitignore", respect_gitignore)
        put(self, "cache_dir", cache_dir)
        put(self, "root", os.getcwd() if root is None else root)
        put(self, "path", path)

    def merged(self, **overrides: Any) -> Settings:
        """These settings with every non-``None`` override applied."""
        values = {name: getattr(self, name) for name in self.__match_args__}
        values.update((k, v) for k, v in overrides.items() if v is not None)
        return Settings(**values)

    @property
    def selected_codes(self) -> tuple[str, ...]:
        """``select`` with ``extend-select``: empty (every code) unless ``select`` names some."""
        return (*self.select, *self.extend_select) if self.select else ()

    @property
    def excluded_globs(self) -> tuple[str, ...]:
        """``exclude`` with ``extend-exclude``."""
        return (*self.exclude, *self.extend_exclude)


_KEYS = (
    "cache-dir",
    "exclude",
    "extend-exclude",
    "extend-select",
    "ignore",
    "ops",
    "output-format",
    "per-file-ignores",
    "profile",
    "respect-gitignore",
    "select",
    "split-input-file",
    "verify-diagnostics",
)


def find(start: str) -> tuple[str, dict[str, Any]] | None:
    """The nearest ``pyproject.toml`` with ``[tool.broadcheck]``, not above the repository
    root, and its contents. ``start`` is an absolute directory."""
    directory = start
    while True:
        candidate = os.path.join(directory, "pyproject.toml")
        found = _stat(candidate)
        if found is not None and stat.S_ISREG(found.st_mode):
            data = _read(candidate)
            if "broadcheck" in _tool(candidate, data):
                return candidate, data
        if _stat(os.path.join(directory, ".git")) is not None:
            return None
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def _stat(path: str) -> os.stat_result | None:
    """``os.stat``, or None for a path that is not there, as pathlib's ``is_file`` and
    ``exists`` see it: any other error (no permission) is raised."""
    try:
        return os.stat(path)
    except OSError as err:
        if err.errno in _ABSENT or getattr(err, "winerror", None) in _ABSENT_ON_WINDOWS:
            return None
        raise
    except ValueError:  # an embedded NUL
        return None


_ABSENT = (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP)
_ABSENT_ON_WINDOWS = (21, 123, 1921)  # not ready, invalid name, a symbolic link loop


MAX_CONFIG_BYTES = 4 << 20
"""A configuration file is read up to this size (``--config /dev/zero`` must not read forever)."""


def _read(path: str) -> dict[str, Any]:
    """A TOML file's contents; every way it can fail is a :class:`ConfigError` naming it."""
    from broadcheck.inputs import read_limited

    try:
        data = read_limited(path, MAX_CONFIG_BYTES)
    except OSError as err:
        raise ConfigError(f"{path}: cannot read: {err.strerror or err}") from None
    if data.isascii():
        plain = _plain_toml(data.decode("ascii"))
        if plain is not None:
            return plain
    import tomllib  # (with its patterns, datetime and string: a quarter of a clean run's instructions)

    try:
        return tomllib.loads(data.decode("utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"{path}: invalid TOML: {err}") from None
    except UnicodeDecodeError as err:  # TOML files are UTF-8
        raise ConfigError(
            f"{path}: invalid TOML: not UTF-8 (byte 0x{err.object[err.start]:02x} at offset {err.start})"
        ) from None
    except RecursionError:  # tomllib reads nested arrays and inline tables recursively
        raise ConfigError(f"{path}: invalid TOML: arrays or inline tables nested too deeply") from None


_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_BLANK = " \t"
_ENDS = frozenset(" \t,]}#\n")


class _NotPlain(Exception):
    """The document steps outside :func:`_plain_toml`'s subset: tomllib reads it."""


def _plain_toml(text: str) -> dict[str, Any] | None:
    """What ``tomllib.loads(text)`` returns, for an ASCII document in a plain subset of TOML
    (the one a ``[tool.broadcheck]`` table is written in): comments, ``[a.b]`` headers and
    ``key = value`` lines with (dotted) keys, ASCII strings without escapes, ``true``/``false``,
    decimal integers, arrays (over several lines) and inline tables of those. Anything else,
    valid or not (``[[...]]``, escapes, floats, dates, a key or table given twice,
    a table reopened that TOML may or may not allow, a control character, ``\r``), is None:
    tomllib reads it, and says its errors. Importing tomllib costs a configured clean run
    about a quarter of its instructions (its patterns, ``datetime``, ``string``)."""
    if not text.isascii() or any((c < " " and c not in "\t\n") or c == "\x7f" for c in text):
        return None
    try:
        return _PlainReader(text).document()
    except (_NotPlain, IndexError, ValueError):  # (ValueError: a string not closed)
        return None


class _PlainReader:
    """The reader of :func:`_plain_toml`: raises :class:`_NotPlain` where the subset ends."""

    __slots__ = ("at", "dotted", "frozen", "headers", "text")

    def __init__(self, text: str) -> None:
        self.text = text + "\n"
        self.at = 0
        self.headers: set[tuple[str, ...]] = set()
        """The tables a ``[header]`` defined."""
        self.dotted: set[tuple[str, ...]] = set()
        """The tables dotted keys made."""
        self.frozen: set[tuple[str, ...]] = set()
        """The inline tables."""

    def document(self) -> dict[str, Any]:
        root: dict[str, Any] = {}
        table: dict[str, Any] = root
        where: tuple[str, ...] = ()
        section: set[tuple[str, ...]] = set()  # the tables this header's dotted keys made
        text = self.text
        while self.at < len(text):
            self.blank()
            c = text[self.at]
            if c == "\n":
                self.at += 1
            elif c == "#":
                self.at = text.index("\n", self.at) + 1
            elif c == "[":
                if text[self.at + 1] == "[":
                    raise _NotPlain
                self.at += 1
                where = self.key()
                if text[self.at] != "]" or where in self.headers:
                    raise _NotPlain
                self.at += 1
                self.end_of_line()
                table = root
                for n in range(1, len(where) + 1):
                    if where[:n] in self.dotted or where[:n] in self.frozen:
                        raise _NotPlain
                    table = table.setdefault(where[n - 1], {})
                    if type(table) is not dict:
                        raise _NotPlain
                self.headers.add(where)
                section = set()
            else:
                key = self.key()
                if text[self.at] != "=":
                    raise _NotPlain
                self.at += 1
                self.blank()
                self.put(table, where, key, section, self.value(where + key, 0))
                self.end_of_line()
        return root

    def put(
        self,
        table: dict[str, Any],
        where: tuple[str, ...],
        key: tuple[str, ...],
        section: set[tuple[str, ...]],
        value: Any,
    ) -> None:
        """``key = value`` in ``table`` (at ``where``), making the tables a dotted key names."""
        for n, part in enumerate(key[:-1], len(where) + 1):
            path = where + key[: n - len(where)]
            if part in table:
                if path not in section:
                    raise _NotPlain
            else:
                table[part] = {}
                section.add(path)
                self.dotted.add(path)
            table = table[part]
        if key[-1] in table:
            raise _NotPlain
        table[key[-1]] = value

    def blank(self) -> None:
        text = self.text
        while text[self.at] in _BLANK:
            self.at += 1

    def end_of_line(self) -> None:
        """Blanks, a comment, the line's end."""
        self.blank()
        if self.text[self.at] == "#":
            self.at = self.text.index("\n", self.at)
        if self.text[self.at] != "\n":
            raise _NotPlain
        self.at += 1

    def space(self) -> None:
        """Blanks, comments and line ends (inside an array)."""
        text = self.text
        while True:
            self.blank()
            if text[self.at] == "#":
                self.at = text.index("\n", self.at)
            if text[self.at] != "\n":
                return
            self.at += 1

    def key(self) -> tuple[str, ...]:
        """A bare key, or bare keys joined by dots; the blanks after it read."""
        text = self.text
        parts = []
        while True:
            self.blank()
            start = self.at
            if text[start] == '"' or text[start] == "'":
                parts.append(self.string())
            else:
                while text[self.at] in _BARE:
                    self.at += 1
                if self.at == start:
                    raise _NotPlain
                parts.append(text[start : self.at])
            self.blank()
            if text[self.at] != ".":
                return tuple(parts)
            self.at += 1

    def string(self) -> str:
        """A string (or a quoted key) on one line, without escapes."""
        text = self.text
        c = text[self.at]
        end = text.index(c, self.at + 1)
        found = text[self.at + 1 : end]
        if (end == self.at + 1 and text[end + 1] == c) or "\n" in found or (c == '"' and "\\" in found):
            raise _NotPlain  # a multi-line string, a line end, an escape
        self.at = end + 1
        return found

    def value(self, path: tuple[str, ...], depth: int) -> Any:
        text = self.text
        c = text[self.at]
        if depth > 32:
            raise _NotPlain
        if c == '"' or c == "'":
            return self.string()
        if c == "[":
            self.at += 1
            items = []
            while True:
                self.space()
                if text[self.at] == "]":
                    break
                items.append(self.value(path, depth + 1))
                self.space()
                if text[self.at] == ",":
                    self.at += 1
                elif text[self.at] != "]":
                    raise _NotPlain
            self.at += 1
            return items
        if c == "{":
            opened = self.at
            self.at += 1
            table: dict[str, Any] = {}
            self.frozen.add(path)
            self.blank()
            if text[self.at] == "}":
                self.at += 1
                return table
            inner: set[tuple[str, ...]] = set()
            while True:
                key = self.key()
                if text[self.at] != "=":
                    raise _NotPlain
                self.at += 1
                self.blank()
                self.put(table, path, key, inner, self.value(path + key, depth + 1))
                self.blank()
                if text[self.at] == "}":
                    self.at += 1
                    if "\n" in text[opened : self.at]:  # (an array in it over lines)
                        raise _NotPlain
                    return table
                if text[self.at] != ",":
                    raise _NotPlain
                self.at += 1
        start = self.at
        while text[self.at] not in _ENDS:
            self.at += 1
        word = text[start : self.at]
        if word == "true" or word == "false":
            return word == "true"
        digits = word.removeprefix("-")
        if digits.isdigit() and (digits == "0" or digits[0] != "0"):
            return int(word)
        raise _NotPlain


def _tool(path: str, data: Mapping[str, Any]) -> Mapping[str, Any]:
    """The ``tool`` table of a TOML file's ``data`` (empty if it has none); anything else there
    is an error, as it is in any ``pyproject.toml`` (PEP 518: ``tool`` is a table)."""
    tool = data.get("tool", {})
    if not isinstance(tool, dict):
        raise ConfigError(f"{path}: 'tool' must be a table (such as [tool.broadcheck]), not {_kind(tool)}")
    return tool


def _kind(value: object) -> str:
    """How a TOML value is named in an error: ``a string ('x')``, ``an integer (1)``, ..."""
    names = {str: "a string", bool: "a boolean", int: "an integer", float: "a float", list: "an array"}
    name = names.get(type(value), "a date or time")
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    return f"{name} ({shown})"


def _strings(path: str, key: str, value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{path}: [tool.broadcheck] '{key}' must be a list of strings, not {value!r}")
    return tuple(value)


def _choice(path: str, key: str, value: object, allowed: Iterable[str]) -> str:
    allowed = tuple(allowed)
    if value not in allowed:
        raise ConfigError(f"{path}: [tool.broadcheck] '{key}' is {value!r}; allowed: {', '.join(allowed)}")
    return str(value)


def check_codes(codes: Iterable[str], known: Iterable[str], where: str) -> tuple[str, ...]:
    """Code prefixes for select/ignore, upper-cased; each must match some code."""
    known = tuple(known)
    out = []
    for code in codes:
        code = code.strip().upper()
        if not code or not any(k.startswith(code) for k in known):
            raise ConfigError(f"{where}: '{code}' matches no broadcheck code (see 'broadcheck rules')")
        out.append(code)
    return tuple(out)


def parse(path: str, table: Mapping[str, Any], semantics: Iterable[str], codes: Iterable[str]) -> Settings:
    """Settings from a ``[tool.broadcheck]`` table, validated."""
    values: dict[str, Any] = {}
    semantics = tuple(sorted({*semantics, "none"}))
    for key, value in table.items():
        if key not in _KEYS:
            raise ConfigError(f"{path}: [tool.broadcheck] unknown key '{key}'; allowed keys: {', '.join(_KEYS)}")
        if key == "profile":
            values["profile"] = _choice(path, key, value, PROFILES)
        elif key == "output-format":
            values["output_format"] = _choice(path, key, value, OUTPUT_FORMATS)
        elif key in ("exclude", "extend-exclude"):
            values[key.replace("-", "_")] = _strings(path, key, value)
        elif key in ("select", "ignore", "extend-select"):
            where = f"{path}: [tool.broadcheck] '{key}'"
            values[key.replace("-", "_")] = check_codes(_strings(path, key, value), codes, where)
        elif key == "per-file-ignores":
            if not isinstance(value, dict):
                raise ConfigError(f"{path}: [tool.broadcheck] 'per-file-ignores' must be a table of glob = [codes]")
            values["per_file_ignores"] = tuple(
                (
                    str(glob),
                    check_codes(
                        _strings(path, f"per-file-ignores.{glob}", codes_of),
                        codes,
                        f"{path}: [tool.broadcheck] 'per-file-ignores.{glob}'",
                    ),
                )
                for glob, codes_of in value.items()
            )
        elif key == "respect-gitignore":
            if not isinstance(value, bool):
                raise ConfigError(f"{path}: [tool.broadcheck] 'respect-gitignore' must be true or false")
            values["respect_gitignore"] = value
        elif key == "cache-dir":
            if not isinstance(value, str) or not value:
                raise ConfigError(f"{path}: [tool.broadcheck] 'cache-dir' must be a path, not {_kind(value)}")
            # relative to the configuration file's directory, as ruff reads it
            values["cache_dir"] = os.path.join(os.path.dirname(os.path.abspath(path)), os.path.expanduser(value))
        elif key == "ops":
            if not isinstance(value, dict):
                raise ConfigError(f"{path}: [tool.broadcheck] 'ops' must be a table of op-name glob = semantics")
            values["ops"] = tuple(
                (str(pattern), _choice(path, f"ops.{pattern}", sem, semantics)) for pattern, sem in value.items()
            )
        elif key == "split-input-file":
            if value is True:
                values["split_input_file"] = DEFAULT_SPLIT_MARKER
            elif value is False:
                values["split_input_file"] = None
            elif isinstance(value, str) and value.strip() and check_marker(value.strip()) is None:
                values["split_input_file"] = value.strip()
            else:
                why = check_marker(value.strip()) if isinstance(value, str) else None
                raise ConfigError(
                    f"{path}: [tool.broadcheck] 'split-input-file' must be true, false or a marker string"
                    + (f": {why.split(' (')[0]}" if why else f", not {_kind(value)}")
                )
        elif key == "verify-diagnostics":
            if not isinstance(value, bool):
                raise ConfigError(f"{path}: [tool.broadcheck] 'verify-diagnostics' must be true or false")
            values["verify_diagnostics"] = value
    return Settings(**values, root=os.path.realpath(os.path.dirname(path)), path=path)


def load(config: str | None, isolated: bool, cwd: str, semantics: Iterable[str], codes: Iterable[str]) -> Settings:
    """The settings in force: from ``config`` (a file named on the command line), or
    discovered from ``cwd`` (an absolute directory), or the defaults."""
    if isolated:
        return Settings(root=cwd)
    if config is not None:
        from pathlib import Path  # the path is shown as pathlib writes it (``./a//b.toml`` -> ``a/b.toml``)

        path = str(Path(config))
        data = _read(path)
    else:
        found = find(cwd)
        if found is None:
            return Settings(root=cwd)
        path, data = found
    tool = _tool(path, data)
    # A pyproject.toml holds other tools' tables; another file may hold the keys at its top level.
    table = tool.get("broadcheck", {} if os.path.basename(path) == "pyproject.toml" else data)
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.broadcheck] must be a table, not {_kind(table)}")
    return parse(path, table, semantics, codes)


def selected(code: str, select: tuple[str, ...], ignore: tuple[str, ...]) -> bool:
    """Whether ``code`` is reported: the longer matching prefix of select or ignore wins, ties ignore (as ruff)."""
    chosen = max((len(p) for p in (select or ("",)) if code.startswith(p)), default=-1)
    if chosen < 0:
        return False
    ignored = max((len(p) for p in ignore if code.startswith(p)), default=-1)
    return chosen > ignored
