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

from broadcheck import plaintoml
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
        plain = plaintoml.loads(data.decode("ascii"))
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
