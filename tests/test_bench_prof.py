"""bench/prof.py sums a profile's self time by the engine's stage: each stage's code is found."""

from __future__ import annotations

import pytest

from bench import prof

ROOT = prof._REPO + "broadcheck/"


@pytest.mark.parametrize(
    ("file", "name", "stage"),
    [
        (ROOT + "engine/regions.py", "label", "labels"),
        (ROOT + "engine/regions.py", "_label_arguments", "labels"),
        (ROOT + "engine/scan_labels.py", "start", "labels"),
        (ROOT + "engine/regions.py", "opened", "regions"),
        (ROOT + "engine/scan.py", "block", "reader"),
        (ROOT + "engine/scan_pieces.py", "_continue", "reader"),
        (ROOT + "syntax/statement.py", "read_statement", "reader"),
        (ROOT + "engine/forms.py", "read_form", "form"),
        (ROOT + "dialects/stablehlo/common.py", "check", "check"),
        (ROOT + "engine/flow.py", "use", "values"),
        (ROOT + "engine/run.py", "statement", "run"),
        (ROOT + "cli.py", "main", "other"),
        ("~", "<method 'sub' of 're.Pattern' objects>", "built-ins"),
        ("/usr/lib/python3.11/re/__init__.py", "sub", "other"),
    ],
)
def test_each_function_is_summed_under_its_stage(file: str, name: str, stage: str) -> None:
    assert prof.stage_of(file, name) == stage


def test_every_place_of_a_stage_is_a_file_or_folder_of_the_package() -> None:
    for _, places in prof.STAGES:
        for place in places:
            path = prof.Path(prof._REPO) / "broadcheck" / place.partition(":")[0]
            assert path.exists(), place
