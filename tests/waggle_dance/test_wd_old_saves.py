"""Saves made before the rules split (rules version 1) still load and play on."""

from pathlib import Path

import pytest

from beegames.core import saves
from beegames.core.protocol import SeatInfo
from beegames.core.state import detail, headline
from beegames.games import get_engine
from beegames.games.waggle_dance.migrate import is_old, upgrade

from .wd_helpers import E

DATA = Path(__file__).parent / "data" / "rules_v1_saves"
FILES = sorted(DATA.glob("*.json"))


def test_there_are_old_saves_of_every_kind():
    kinds = {saves.read_document(f).state["pending"]["kind"] for f in FILES}
    assert {"turn", "nectar", "trade", "gain", "shuffle", "shuffle_offer", "volunteer", "eager", "honey_card",
            "reward", "lose_nectar"} <= kinds
    assert all(saves.read_document(f).rules_version == 1 for f in FILES)
    assert E.rules_version == 8


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_old_save_opens_at_its_position_and_plays_to_the_end(path, tmp_path):
    doc = saves.read_document(path)
    assert is_old(doc.state)
    copy = tmp_path / path.name
    copy.write_text(path.read_text())
    match = saves.load_save(copy, get_engine)
    # the history no longer replays under the new rules: the game goes on from the saved position
    assert match.notice and "older" in match.notice
    state = match.state
    upgraded = E.state_model.model_validate(upgrade(doc.state))
    assert upgraded.players == state.players and upgraded.spaces == state.spaces
    E.check_invariants(state)
    for i, seat in enumerate(match.header.seats):
        match.set_player(i, E.make_player("good", i))
        assert isinstance(seat, SeatInfo)
    for _ in range(5000):
        if match.over:
            break
        if match.decision is None:
            assert match.step()
        else:
            match.play(match.computer_move(), advance=False)
        E.check_invariants(match.state)
    assert match.over
    saves.write_save(match, copy)
    again = saves.load_save(copy, get_engine)
    assert again.state == match.settled_state()


def _plays_to_the_end_and_reloads(match, path):
    """``match`` played to its end by `basic` computers in every seat, the invariants checked at
    every step; saved to ``path`` and loaded again, it is the same game bit for bit."""
    for i in range(len(match.header.seats)):
        match.set_player(i, E.make_player("basic", i))
    while not match.over:
        if match.decision is None:
            assert match.step()
        else:
            match.play(match.computer_move(), advance=False)
        E.check_invariants(match.state)
    again = saves.load_save(saves.write_save(match, path), get_engine)
    assert again.state == match.settled_state()


def test_a_2014_save_from_rules_version_2_opens_and_plays_on(tmp_path):
    """Written by the engine before issue 19 (rules version 2), waiting on an egg at C."""
    src = Path(__file__).parent / "data" / "rules_v2_saves" / "wd2014-2p-egg-rules2.json"
    copy = tmp_path / src.name
    copy.write_text(src.read_text())
    doc = saves.read_document(copy)
    assert doc.rules_version == 2 and doc.options["ruleset"] == "2014" and doc.state["pending"]["kind"] == "egg"
    match = saves.load_save(copy, get_engine)
    assert match.notice and "older" in match.notice
    assert match.state == E.state_model.model_validate(doc.state)
    _plays_to_the_end_and_reloads(match, copy)


V3 = Path(__file__).parent / "data" / "rules_v3_saves"


@pytest.mark.parametrize("name,replays", [("solo", True), ("one-human-2p", True),
                                          ("hotseat-2p-offer", False), ("hotseat-3p-threats", False)])
def test_2022_saves_from_rules_version_3_open_and_keep_their_reading(name, replays, tmp_path):
    """Written before 2022 offers went by public facts at a shared keyboard (rules version 3):
    a game with one person replays from its seed as before (the solo one too: the rules since
    word its log differently, with why Bumblebot's Pair card placed no pair, and nothing else);
    a game of two people or more opens at its saved position and goes on asking only holders, as
    it was played; either plays to the end and saves and loads again bit for bit."""
    copy = tmp_path / f"{name}.json"
    copy.write_text((V3 / f"{name}.json").read_text())
    doc = saves.read_document(copy)
    assert doc.rules_version == 3 and doc.options["ruleset"] == "2022"
    match = saves.load_save(copy, get_engine)
    assert (match.notice is None) is replays
    saved = E.state_model.model_validate(doc.state)
    assert match.state.model_dump(exclude={"log"}) == saved.model_dump(exclude={"log"})
    assert not match.state.public_offers
    if replays:  # every move replayed (the log now worded as the current rules word it)
        assert len(match.history) == len(doc.history) and match.checkpoint is None
    else:
        assert match.state == saved
    _plays_to_the_end_and_reloads(match, copy)


V4 = Path(__file__).parent / "data" / "rules_v4_saves"


def test_a_2014_save_from_rules_version_4_with_one_person_resumes_at_its_position(tmp_path):
    """Written by main before rules version 5 (one person, two computers, 2014), in the tmux app:
    saved at round 2's dawn, where the person may play Volunteer. Its log no longer replays
    (the blockers' line now says they stay all game), so it opens at its saved position with
    the older-rules notice, still asking the person at dawn, and plays to the end."""
    copy = tmp_path / "wd2014.json"
    copy.write_text((V4 / "wd2014-1p2c-dawn.json").read_text())
    doc = saves.read_document(copy)
    assert doc.rules_version == 4 and doc.options["ruleset"] == "2014" and doc.state["speak_up"] == [0]
    match = saves.load_save(copy, get_engine)
    assert match.notice and "older" in match.notice and "version 4, now 8" in match.notice
    assert match.state == E.state_model.model_validate(doc.state)
    assert match.decision is not None and match.decision.seat == 0 and match.decision.kind == "window"
    assert "volunteer" in [getattr(m, "card", None) for m in match.legal_moves()]
    _plays_to_the_end_and_reloads(match, copy)


V6 = Path(__file__).parent / "data" / "rules_v6_saves"


def test_a_2014_save_from_rules_version_6_replays_its_log_worded_anew(tmp_path):
    """Written by main at rules version 6 (Ann and a computer, 2014, the engine's own players),
    after Ann's Scouting: version 7 words the setup's Queen Bee deck and Scouting's private line
    as a headline and a detail, and version 8 remembers the first nectar of the trade the save
    stopped in (for a step back), and nothing else changed, so the save replays from its seed (no
    notice, every move kept), its log now worded by the new rules; it plays to the end and saves
    and loads again bit for bit."""
    copy = tmp_path / "wd2014.json"
    copy.write_text((V6 / "wd2014-2p-scouting.json").read_text())
    doc = saves.read_document(copy)
    assert doc.rules_version == 6 and doc.options["ruleset"] == "2014"
    assert any(str(line).startswith("This game's Queen Bee cards (") for line in doc.state["log"])
    match = saves.load_save(copy, get_engine)
    assert match.notice is None and match.checkpoint is None and len(match.history) == len(doc.history)
    saved = E.state_model.model_validate(doc.state)
    # (saved at a trade's second nectar: the replay also remembers the first one, for a step back)
    exclude = {"log": True, **(E.replay_additions or {})}
    assert match.state.model_dump(exclude=exclude) == saved.model_dump(exclude=exclude)
    assert saved.pending is not None and saved.pending.kind == "trade_second"
    assert {"kind": "back"} in [m.model_dump() for m in match.legal_moves()]
    log = [str(line) for line in match.state.log]
    assert len(log) == len(saved.log)
    deck = next(line for line in log if line.startswith("This game's Queen Bee deck: "))
    assert headline(deck) == "This game's Queen Bee deck: 29 cards of 10 kinds." and "Shift Change" in detail(deck)
    scout = next(line for line in log if " keeps " in line and "on top now" in line)
    assert detail(scout) == "Only you see this line."
    _plays_to_the_end_and_reloads(match, copy)
