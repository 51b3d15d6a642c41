"""No test waits on the clock (issue 20, points 8-9).

A UI test waits on the app's state with ``tests/ui/helpers.py:settle``; a
bare ``pilot.pause()`` guesses from CPU time that the app is idle, and a sleep
guesses from the wall clock, and both guesses fail when the machine is busy.
Only ``settle`` itself may let the clock reach a timer that is due.
"""

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
#: the waits of ``settle`` itself, each behind a check that a timer is due; the
#: conftest, which only looks for bare pauses (to keep Textual's idle guess there)
ALLOWED = {TESTS / "ui" / "helpers.py", TESTS / "conftest.py"}
#: modules whose owners are moving their waits to ``settle`` (issue 20, point 8): drop each as it
#: lands (none left: every UI test module waits on the app's state)
MOVING: set[Path] = set()
CLOCK = re.compile(r"pilot\.pause\(\)|\bsleep\(|wait_for_idle\(")


def test_no_test_waits_on_the_clock():
    offenders = []
    for path in sorted(TESTS.rglob("*.py")):
        if path in ALLOWED or path in MOVING or path == Path(__file__):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if CLOCK.search(line):
                offenders.append(f"{path.relative_to(TESTS)}:{number}: {line.strip()}")
    assert not offenders, offenders


def test_the_modules_still_moving_exist():
    """An exemption names a real module (and goes once its waits are moved)."""
    assert all(path.exists() for path in MOVING)
    still = {path for path in MOVING if CLOCK.search(path.read_text(encoding="utf-8"))}
    assert still == MOVING, f"no clock waits left in {sorted(p.name for p in MOVING - still)}: drop it from MOVING"
