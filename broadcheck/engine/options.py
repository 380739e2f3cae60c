"""What a run checks and how: the settings, and nothing that changes while it runs."""

from __future__ import annotations

from dataclasses import dataclass, field

from broadcheck.optable import OpTable
from broadcheck.semantics import Profile


@dataclass(frozen=True, slots=True)
class Options:
    """The settings of a run; the defaults are broadcheck's defaults."""

    profile: Profile = Profile.SPEC
    ops: OpTable = field(default_factory=OpTable)
    """``--op PATTERN=SEMANTICS`` over the declarations."""
    split_marker: str | None = None
    verify_diagnostics: bool = False
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
