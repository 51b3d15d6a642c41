"""Multi-year saves: written by the engine before the solo modes existed
(rules version 1), they replay exactly and play on; new saves of every mode
resume exactly."""

import json
import shutil
from pathlib import Path

from beegames.core import saves
from beegames.core.protocol import SeatInfo
from beegames.core.simulate import play_game
from beegames.games import get_engine
from beegames.games.bee_lives import campaigns

from .bl_helpers import E

DATA = Path(__file__).parent / "data"


def _open(tmp_path, name):
    path = tmp_path / name
    shutil.copy(DATA / name, path)
    return path, saves.load_save(path, get_engine)


def test_saves_written_before_the_solo_modes_resume_exactly(tmp_path):
    for name, years in (("bee-lives-2y-solo-rules1.json", 2), ("bee-lives-3y-duo-rules1.json", 3)):
        path, match = _open(tmp_path, name)
        doc = json.loads((DATA / name).read_text())
        assert doc["rules_version"] == 1 and "mode" not in doc["options"]
        if E.rules_version == 1:
            assert match.notice is None  # the history replays to the saved position: undo works as before
        elif match.notice is not None:  # a later rules version replays it differently: it opens where it was
            assert "older Bee Lives rules" in match.notice
        saved = E.state_model.model_validate(doc["state"])
        if match.notice is None and E.rules_version > 1:
            # only the log's wording changed since (the engine replays reworded logs): the same position,
            # its log worded as the current rules word it
            assert match.state.model_dump(exclude={"log"}) == saved.model_dump(exclude={"log"})
            assert len(match.state.log) == len(saved.log) and match.state.log != saved.log
        else:
            assert match.state == saved
        assert match.state.year == 2 and match.state.years == years
        assert match.state.solo is None and len(match.history) == len(doc["history"])
        assert path.read_bytes() == (DATA / name).read_bytes()  # opening never rewrites the file


def _play_on_and_save_again(match, tmp_path):
    """Play ``match`` to its end (checking every state), save it and open it again."""
    while not match.over:
        if match.decision is None:
            match.step()
            continue
        match.play(match.computer_move())
        E.check_invariants(match.state)
    again = saves.load_save(saves.write_save(match, tmp_path / "on.json"), get_engine)
    assert again.state == match.state and (again.notice is None) == (match.checkpoint is None)


def test_an_old_multi_year_save_plays_on_to_the_end_and_saves_again(tmp_path):
    _path, match = _open(tmp_path, "bee-lives-3y-duo-rules1.json")
    _play_on_and_save_again(match, tmp_path)
    assert match.state.year == 3 or all(p.eliminated or p.workers == 0 for p in match.state.players)


def test_saves_of_every_mode_resume_exactly(tmp_path):
    configs = [{"mode": "challenge", "challenge": "indecisive", "years": "2"},
               {"mode": "scenario", "scenario": "haunted-hives", "years": "2"},
               {"mode": "campaign", "campaign": "zombees", "challenge": "under-siege"},
               {"mode": "campaign", "campaign": "wildfire"}]
    for k, opts in enumerate(configs):
        seats = [SeatInfo(name="Amber", kind="computer", level="good")]
        match, _ = play_game(E, E.options_model.model_validate(opts), seats, seed=40 + k, max_decisions=70)
        path = saves.write_save(match, tmp_path / f"m{k}.json")
        back = saves.load_save(path, get_engine)
        assert back.state == match.state and back.notice is None
        assert back.state.solo == match.state.solo and back.state.solo is not None


def test_a_save_from_rules_version_2_opens_and_plays_on(tmp_path):
    """Written by the engine before issue 19 (rules version 2): a three-year game in its first
    year; it opens where it was and plays on under the new rules."""
    _path, match = _open(tmp_path, "bee-lives-3y-duo-rules2.json")
    doc = json.loads((DATA / "bee-lives-3y-duo-rules2.json").read_text())
    assert doc["rules_version"] == 2 and E.rules_version > 2
    assert match.notice and "older Bee Lives rules" in match.notice
    assert match.state == E.state_model.model_validate(doc["state"])
    for i in range(len(match.header.seats)):
        match.set_player(i, E.make_player("basic", i))
    _play_on_and_save_again(match, tmp_path)


def test_a_save_with_tasks_in_the_old_format_replays_exactly(tmp_path):
    """Written before issue 21 (rules version 4), when the queue held ``"ask_starve:0:"``:
    the state read from it holds the kernel's ``"ask_starve 0"``, equals the replayed state
    (no notice under the same rules) and plays on."""
    name = "bee-lives-2y-duo-rules4-old-tasks.json"
    _path, match = _open(tmp_path, name)
    doc = json.loads((DATA / name).read_text())
    assert doc["rules_version"] == 4 and doc["state"]["queue"][:2] == ["ask_starve:0:", "feed_apply:"]
    if E.rules_version in (4, 5):  # (5 only words the log anew: version 4 saves replay in full)
        assert match.notice is None and match.checkpoint is None
    assert match.state == E.state_model.model_validate(doc["state"])
    assert match.state.queue[:2] == ["ask_starve 0", "feed_apply"] or E.rules_version > 4
    for i in range(len(match.header.seats)):
        match.set_player(i, E.make_player("basic", i))
    _play_on_and_save_again(match, tmp_path)


def test_a_campaign_save_written_before_the_hooks_replays_exactly_and_plays_on(tmp_path):
    """Written before issue 21 point 3 (rules version 4), when the campaign decisions were classes
    of kinds.py and flow.py listed the campaign tasks: Three Generations in year 2, a campaign
    spawn pending and two more queued. It replays to the saved state and plays on."""
    name = "bee-lives-3gen-rules4-before-hooks.json"
    _path, match = _open(tmp_path, name)
    doc = json.loads((DATA / name).read_text())
    assert doc["rules_version"] == 4 and doc["state"]["queue"][:2] == ["tg_spawn", "tg_spawn"]
    if E.rules_version in (4, 5):  # (5 only words the log anew: version 4 saves replay in full)
        assert match.notice is None and match.checkpoint is None
    assert match.state == E.state_model.model_validate(doc["state"])
    assert type(match.state.pending) is campaigns.CampaignSpawn
    _play_on_and_save_again(match, tmp_path)


def test_a_save_from_rules_version_4_with_an_aggressive_raid_replays_in_full(tmp_path):
    """Version 5 only words a raid's line anew (it names what an Aggressive queen adds): a version 4
    save holding such a raid replays in full, no notice, and its log reads as the current rules word it."""
    from beegames.core.state import headline

    name = "bee_lives_november_hinted.json"
    path = tmp_path / name
    shutil.copy(DATA.parent.parent / "coach" / "data" / name, path)
    doc = json.loads(path.read_text())
    match = saves.load_save(path, get_engine)
    assert doc["rules_version"] == 4 and match.notice is None and match.checkpoint is None
    saved = E.state_model.model_validate(doc["state"])
    assert match.state.model_dump(exclude={"log"}) == saved.model_dump(exclude={"log"})
    named = [headline(line) for line in match.state.log if "(aggressive queen +" in line]
    assert named and all(line.startswith("Raid strength ") for line in named)
    assert not any("(aggressive queen +" in line for line in saved.log)


def _replayed_in_full(tmp_path, name, version):
    """A save of rules ``version`` whose moves give the saved position, only its log worded otherwise:
    it loads replayed in full (no notice, no checkpoint). Returns the match and the saved state."""
    path = tmp_path / name
    shutil.copy(DATA / name, path)
    doc = json.loads(path.read_text())
    match = saves.load_save(path, get_engine)
    assert doc["rules_version"] == version and match.notice is None and match.checkpoint is None
    saved = E.state_model.model_validate(doc["state"])
    assert match.state.model_dump(exclude={"log"}) == saved.model_dump(exclude={"log"})
    return match, saved


def test_a_save_from_rules_version_5_with_an_idle_infected_hive_replays_in_full(tmp_path):
    """Version 6 tells an infected wild hive's roll of nothing in one line ("rolls 6: it does
    nothing") where version 5 wrote two: a version 5 Zombees save holding such a turn replays in
    full, no notice, its log as the current rules word it."""
    match, saved = _replayed_in_full(tmp_path, "bee-lives-zombees-rules5-infected-idle.json", 5)
    assert any("it would do nothing" in line for line in saved.log)
    idle = [line for line in match.state.log if line.endswith(": it does nothing.")]
    assert idle and not any("it would do nothing" in line or line.endswith("wild hive does nothing.")
                            for line in match.state.log)


def test_a_save_from_rules_version_6_with_a_wild_raid_on_a_wild_hive_replays_in_full(tmp_path):
    """Version 7 tells a wild hive's raid on another wild hive by its two D6s and what the stronger adds
    ("the D6s show 6 and 1, so 6 against 1"), where version 6 wrote "6 -> 6 against 1 -> 1", and a join
    of the map names whose tiles it touched ("to the tiles of Cy", not "to the map"): a version 6 save
    holding both replays in full, no notice, its log as the current rules word it."""
    match, saved = _replayed_in_full(tmp_path, "bee-lives-3p-rules6-wild-raid.json", 6)
    assert any("6 -> 6 against 1 -> 1" in line for line in saved.log)
    told = [line for line in match.state.log if "wild hive (strength 1) raids the DANDELION" in line]
    assert told == ["The ACORN wild hive (strength 1) raids the DANDELION wild hive (strength 1): the D6s show 6 "
                    "and 1, so 6 against 1; the ACORN wild hive wins."]
    assert not any(" -> " in line and "against" in line for line in match.state.log)
    # and the joining of the map says whose tiles each group touched
    assert [line for line in match.state.log if " joins their " in line] == [
        "Ann joins their 4 tiles to the tiles of Cy, turned 1 sixth; 2 groups left.",
        "Bob joins their 2 tiles to the tiles of Ann and Cy, turned 2 sixths; 1 group left."]


def test_a_save_from_rules_version_7_with_an_aggressive_requeen_replays_in_full(tmp_path):
    """Version 8 writes "gives way to an aggressive queen" where version 7 wrote "a aggressive": a
    version 7 save holding such requeens replays in full, no notice, its log as the current rules word it."""
    match, saved = _replayed_in_full(tmp_path, "bee-lives-2y-duo-rules7-aggressive.json", 7)
    assert any("gives way to a aggressive queen" in line for line in saved.log)
    told = [line for line in match.state.log if "gives way to an aggressive queen" in line]
    assert len(told) == sum("gives way to a aggressive queen" in line for line in saved.log)
    assert not any("a aggressive" in line for line in match.state.log)


def test_a_save_from_rules_version_8_whose_loser_had_no_worker_left_replays_in_full(tmp_path):
    """Version 9's result says who has no worker left and so cannot win, where version 8 named only
    the winner beside a list of scores that held the other colony too: a version 8 save of such a game
    replays in full, no notice, its last line as the current rules word it."""
    match, saved = _replayed_in_full(tmp_path, "bee-lives-duo-rules8-no-worker-left.json", 8)
    assert saved.log[-1] == "Ann wins with 28 VP."
    assert match.state.log[-1] == "Ann wins with 28 VP. Robo has no worker left and cannot win."
    assert E.result(match.state).summary == match.state.log[-1]
