"""Saves of older Honey Buzz rules whose moves still give the saved position and whose log alone
was worded otherwise replay in full, their log as the current rules word it."""

import json
import re
import shutil
from pathlib import Path

from beegames.core import saves
from beegames.games import get_engine

from .hb_helpers import ENGINE

DATA = Path(__file__).parent / "data"

#: the wordings rules version 4 left behind (each a regular expression)
OLD_WORDINGS = [
    r"is to drop instead of a tile being removed",
    r"^Forage tokens start on ",
    r", and owes an? \w+ action\.$",
    r"paying \d+ coins and ",
    r"^\w+ looks at a face-down tile: ",
    r", cannot store it and puts it back",
    r"\bfrom 1 orders\b",
]


def old_wordings(lines):
    return sorted({line for line in lines if any(re.search(p, line) for p in OLD_WORDINGS)})


def _replayed_in_full(tmp_path, name, version):
    """A save of rules ``version`` whose moves give the saved position, only its log worded otherwise:
    it loads replayed in full (no notice, no checkpoint, every move there to undo). Returns the match
    and the saved state."""
    path = tmp_path / name
    shutil.copy(DATA / name, path)
    doc = json.loads(path.read_text())
    match = saves.load_save(path, get_engine)
    assert doc["rules_version"] == version < ENGINE.rules_version
    assert match.notice is None and match.checkpoint is None and len(match.history) == len(doc["history"])
    saved = ENGINE.state_model.model_validate(doc["state"])
    assert match.state.model_dump(exclude={"log"}) == saved.model_dump(exclude={"log"})
    assert match.state.log != saved.log
    return match, saved


def test_a_solitaire_save_from_rules_version_3_whose_drones_lowered_values_replays_in_full(tmp_path):
    """Written by main's code under rules version 3: the forage start spot drawn at random, the drones
    twice lowering a value rather than taking a tile, an order's stack action, a forage paid for."""
    match, saved = _replayed_in_full(tmp_path, "honey-buzz-solo-rules3-drone-drops.json", 3)
    old = old_wordings(saved.log)
    assert "Forage tokens start on Ann A0." in old
    assert sum("is to drop instead of a tile being removed" in line for line in saved.log) == 2
    assert any("owes a" in line for line in old) and any("paying" in line for line in old)
    log = ENGINE.full_log(match.state)
    assert old_wordings(log) == []
    assert "Ann starts foraging from A0 (drawn at random)." in log
    assert [line for line in log if "rather than take" in line] == [
        "Ann has the drones lower the value of Acacia rather than take an Acacia tile from the field.",
        "Ann has the drones lower the value of Cherry Blossom rather than take a Cherry Blossom tile from the field."]
    assert "Ann completes order S05 (2 Rosemary) worth 12 points; its stack adds a Forage action to Ann's turn." in log
    match.undo()  # the moves replayed are there to take back


def test_an_advanced_save_from_rules_version_3_with_looks_at_face_down_tiles_replays_in_full(tmp_path):
    """Written by main's code under rules version 3: two players look at face-down tiles, collect some
    (one into a cell to choose) and put others back."""
    match, saved = _replayed_in_full(tmp_path, "honey-buzz-advanced-2p-rules3-looks.json", 3)
    assert len(old_wordings(saved.log)) >= 8
    log = ENGINE.full_log(match.state)
    assert old_wordings(log) == []
    assert "Ann looks at a face-down tile and collects its Rosemary nectar into cell a." in log
    assert "Ann looks at a face-down tile and collects its Wildflower nectar." in log
    assert "Bob looks at the tile on D3, has no empty cell for it and puts it back; gains a pollen." in log
    # what each seat may read is the same as before, line for line
    for seat in (0, 1):
        assert len(ENGINE.visible_log(match.state, seat)) == len(ENGINE.visible_log(saved, seat))


def test_the_patterns_catch_the_old_wordings():
    old = ["The value of Acacia is to drop instead of a tile being removed.", "Forage tokens start on Ann A0.",
           "Ann completes order S05 (2 Rosemary) worth 12 points, and owes a Forage action.",
           "Ann forages to B1, paying 2 coins and collects the Rosemary nectar into cell a.",
           "Ann looks at a face-down tile: Rosemary; collected.",
           "Gold: 3 coins + 0 honey and pollen + 0 from contests + 8 from 1 orders = 11.",
           "Bob looks at the tile on D3, cannot store it and puts it back; gains a pollen."]
    assert old_wordings(old) == sorted(old)
    assert old_wordings(["Ann forages to B1, paying 2 coins, and collects the Rosemary nectar into cell a.",
                         "Gold: 3 coins + 0 honey and pollen + 0 from contests + 8 from 1 order = 11.",
                         "Gold: 3 coins + 0 honey and pollen + 0 from contests + 16 from 2 orders = 19."]) == []
