"""Advanced variant: face-down nectar tiles, private looks, per-seat views, undo barriers."""

import re

import pytest

from beegames.core.errors import IllegalMove
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.core.state import PrivateLine
from beegames.core.views import redact
from beegames.games.honey_buzz import HoneyBuzzOptions, turns
from beegames.games.honey_buzz.common import index, space_name
from beegames.games.honey_buzz.models import HoneyBuzzState, NectarTile, PeekMove, RecallMove, StoreMove

from .hb_helpers import ENGINE, add_tile, check, new, play


def owe(s, *actions):
    s.todo = list(actions)
    s.pending = None
    turns.next_action(s)
    return s


def occupied(s):
    return [i for i, t in enumerate(s.field) if t is not None]


def test_field_fronts_are_hidden_items_seen_by_nobody_at_first():
    s = new(2, advanced=True, advanced_removal="random")
    items = ENGINE.hidden_items(s)
    field = [it for it in items if it.path[0] == "field"]
    assert len(field) == 16 and all(not it.seen_by and it.stand_in == "?" for it in field)
    assert {it.path[0] for it in items} >= {"order_stacks", "orders_box", "nectar_box"}
    assert not ENGINE.has_hidden_information(s)
    v = ENGINE.view(s, 0)
    assert all(t is None or (t.kind == "?" and t.back) for t in v.field)
    assert v.order_stacks == [["?"] * len(st) for st in s.order_stacks]


def test_scouting_look_is_private_and_a_reveal():
    s = new(2, advanced=True)
    i = occupied(s)[0]
    space = (i // 6, i % 6)
    assert RecallMove(scout=space) in ENGINE.legal_moves(s)
    s2 = play(s, RecallMove(scout=space))
    assert s2.revealed > s.revealed, "a look cannot be undone"
    assert s2.seen[i] == [0] and s2.field[i] == s.field[i], "the tile goes back"
    private = [e for e in s2.log if isinstance(e, PrivateLine)]
    assert len(private) == 1 and private[0].seats == (0,) and s.field[i].kind and \
        {"W": "Wildflower", "R": "Rosemary", "C": "Cherry Blossom", "A": "Acacia"}[s.field[i].kind] in str(private[0])
    public = ENGINE.visible_log(s2, 1)
    assert not any(str(private[0]) == line for line in public)
    assert str(private[0]) in ENGINE.visible_log(s2, 0)
    assert ENGINE.has_hidden_information(s2)
    v0, v1 = ENGINE.view(s2, 0), ENGINE.view(s2, 1)
    assert v0.field[i].kind == s.field[i].kind and v1.field[i].kind == "?"
    check(s2)


def test_view_matches_the_default_redaction_for_every_seat():
    s = new(3, advanced=True)
    i = occupied(s)[0]
    s = play(s, RecallMove(scout=(i // 6, i % 6)))
    for seat in (None, 0, 1, 2):
        fast = ENGINE.view(s, seat)
        slow = redact(s, ENGINE.hidden_items(s), seat)
        assert fast == slow


def test_views_do_not_depend_on_what_a_seat_has_not_seen():
    s = new(2, advanced=True)
    i = occupied(s)[0]
    s = play(s, RecallMove(scout=(i // 6, i % 6)))
    other = s.model_copy(deep=True)
    unseen = [i for i in occupied(other) if 0 not in other.seen[i]]
    kinds = [other.field[i].kind for i in unseen]
    kinds = kinds[1:] + kinds[:1]
    for i, k in zip(unseen, kinds):
        other.field[i] = NectarTile(kind=k, back=other.field[i].back)
    other.order_stacks = [list(reversed(st)) for st in other.order_stacks]
    assert ENGINE.view(other, 0) == ENGINE.view(s, 0)


def rosemary_hive(s, seat=0, cells=1):
    add_tile(s, seat, (1, 5), (1, 6), "market")
    if cells > 1:
        add_tile(s, seat, (3, 2), (3, 1), "market")


def test_forage_looks_and_collects_a_storable_tile_in_public():
    s = new(2, advanced=True)
    rosemary_hive(s)
    i = next(i for i in occupied(s) if s.field[i].kind == "R")
    s = owe(s, "forage")
    assert ENGINE.decision(s).kind == "peek"
    assert len(ENGINE.legal_moves(s)) == 16
    s = play(s, PeekMove(space=(i // 6, i % 6)))
    assert s.field[i] is None
    assert s.players[0].cells[0].nectar.kind == "R" and s.players[0].cells[0].nectar.back is not None
    assert "Rosemary" in ENGINE.visible_log(s, 1)[-3] or any("Rosemary" in x for x in ENGINE.visible_log(s, 1)[-4:])
    check(s)


def test_forage_puts_back_an_unstorable_tile_and_gains_pollen():
    s = new(2, advanced=True)
    i = occupied(s)[0]
    s = owe(s, "forage")
    s2 = play(s, PeekMove(space=(i // 6, i % 6)))
    assert s2.field[i] == s.field[i] and s2.seen[i] == [0]
    assert s2.players[0].pollen == 1
    assert isinstance(s2.log[-3], PrivateLine) or any(isinstance(e, PrivateLine) for e in s2.log[-4:])
    with pytest.raises(IllegalMove):
        empty = next(j for j, t in enumerate(s.field) if t is None)
        ENGINE.apply(s, PeekMove(space=(empty // 6, empty % 6)))


def test_collected_tile_with_two_matching_cells_asks_where():
    s = new(2, advanced=True)
    rosemary_hive(s, cells=2)
    i = next(i for i in occupied(s) if s.field[i].kind == "R")
    s = owe(s, "forage")
    s = play(s, PeekMove(space=(i // 6, i % 6)))
    assert ENGINE.decision(s).kind == "store"
    assert len(ENGINE.legal_moves(s)) == 2
    # the tile waiting for its cell keeps its back from the other seat too (issue 19)
    assert ENGINE.view(s, 0).pending.tile.back is not None
    assert ENGINE.view(s, 1).pending.tile.back is None and ENGINE.view(s, 1).pending.space is None
    assert ENGINE.view(s, 1) == redact(s, ENGINE.hidden_items(s), 1)
    check(s)
    s = play(s, StoreMove(cell=(3, 3)))
    assert [c.nectar is not None for c in s.players[0].cells] == [False, True]
    check(s)


def test_forage_with_an_empty_field_gains_pollen():
    s = new(2, advanced=True)
    s.nectar_removed = [t for t in s.field if t is not None]
    s.field = [None] * len(s.field)
    s.seen = [[] for _ in s.field]
    s = owe(s, "forage")
    assert s.players[0].pollen == 1 and s.current == 1


def test_undo_stops_at_a_look():
    opts = HoneyBuzzOptions(advanced=True, config="star")
    match = Match.new(ENGINE, options=opts, seats=[SeatInfo(name="A"), SeatInfo(name="B")], seed=3)
    st = match.state
    i = occupied(st)[0]
    match.play(RecallMove(scout=(i // 6, i % 6)))
    assert match.history[-1].barrier
    assert not match.can_undo()


def test_saves_keep_the_seen_marks():
    s = new(2, advanced=True)
    i = occupied(s)[0]
    s = play(s, RecallMove(scout=(i // 6, i % 6)))
    again = type(s).model_validate_json(s.model_dump_json())
    assert again == s and again.seen[i] == [0]
    assert index((i // 6, i % 6)) == i


def test_backs_of_collected_tiles_stay_on_them():
    s = new(2, advanced=True)
    rosemary_hive(s)
    i = next(i for i in occupied(s) if s.field[i].kind == "R")
    back = s.field[i].back
    s = owe(s, "forage")
    s = play(s, PeekMove(space=(i // 6, i % 6)))
    from beegames.games.honey_buzz import view

    assert view.hive(s, 0).cells[0].back == back


def test_backs_of_tiles_in_opponent_hives_are_hidden():
    """Issue 19: "you may not look at the backs of the nectar tiles in opponent hives". The back
    is a hidden item seen only by the hive's owner: the other seat's view (what its screen
    draws and its computer player is given) has none, and no log line it reads names the
    space the tile lay on (which would name the back)."""
    s = new(2, advanced=True)
    rosemary_hive(s)
    i = next(i for i in occupied(s) if s.field[i].kind == "R")
    back = s.field[i].back
    space = (i // 6, i % 6)
    s = owe(s, "forage")
    s = play(s, PeekMove(space=space))
    items = [it for it in ENGINE.hidden_items(s) if it.path[:2] == ("players", 0) and it.path[-1] == "back"]
    assert [it.seen_by for it in items] == [frozenset({0})]
    assert ENGINE.view(s, 0).players[0].cells[0].nectar.back == back
    other = ENGINE.view(s, 1).players[0].cells[0].nectar
    assert other.kind == "R" and other.back is None
    assert ENGINE.view(s, None).players[0].cells[0].nectar.back is None
    for seat in (None, 0, 1):
        assert ENGINE.view(s, seat) == redact(s, ENGINE.hidden_items(s), seat)
    public = [line for line in ENGINE.visible_log(s, 1) if "collects its" in line]
    assert public and not any(space_name(space) in line for line in public)
    mine = [line for line in ENGINE.visible_log(s, 0) if "lay on" in line]
    assert len(mine) == 1 and "back" in mine[0]


def test_an_advanced_save_from_rules_version_2_opens_and_hides_the_backs(tmp_path):
    """Written by the engine before issue 19 (rules version 2, random table f removal recorded
    in its options): its moves still give the saved position and only its log was worded
    otherwise (rules version 4 replays such saves), so it replays in full; the backs in the
    other hive are now hidden, and so is where each collected tile lay, which its old log told
    everyone."""
    import shutil
    from pathlib import Path

    from beegames.core import saves
    from beegames.games import get_engine

    src = Path(__file__).parent / "data" / "honey-buzz-advanced-2p-rules2.json"
    path = tmp_path / src.name
    shutil.copy(src, path)
    doc = saves.read_document(path)
    assert doc.rules_version == 2 and doc.options["advanced_removal"] == "random"
    match = saves.load_save(path, get_engine)
    assert match.notice is None and match.checkpoint is None and len(match.history) == len(doc.history)
    s = match.state
    assert s.model_dump(exclude={"log"}) == HoneyBuzzState.model_validate(doc.state).model_dump(exclude={"log"})
    told = [line for line in doc.state["log"] if isinstance(line, str)]  # (its public lines)
    assert any(re.search(r"looks at the tile on [A-D]\d: \w+", line) for line in told)
    assert not any(re.search(r"looks at the tile on [A-D]\d: \w+", line) for line in ENGINE.visible_log(s, 1))
    backs = [c for c in s.players[0].cells if c.nectar is not None and c.nectar.back]
    assert backs, "the saved game has collected tiles"
    assert all(c.nectar is None or c.nectar.back is None for c in match.view(1).state.players[0].cells)
    for i in range(len(match.header.seats)):
        match.set_player(i, ENGINE.make_player("basic", i))
    while not match.over:
        if match.decision is None:
            match.step()
            continue
        match.play(match.computer_move())
        ENGINE.check_invariants(match.state)
    again = saves.load_save(saves.write_save(match, tmp_path / "on.json"), get_engine)
    assert again.state == match.state and (again.notice is None) == (match.checkpoint is None)
