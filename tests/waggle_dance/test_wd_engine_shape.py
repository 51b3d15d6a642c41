"""Issue 10, section 2: the rules engine's shape (decision kinds, tasks, owners, one home per fact)."""

from __future__ import annotations

import ast
import random
from collections import Counter
from pathlib import Path

import beegames.games.waggle_dance as pkg
from beegames.games.waggle_dance import ai, night, queries
from beegames.games.waggle_dance.bumblebot import bumblebot
from beegames.games.waggle_dance.models import BLOCKERS, BUMBLEBOT, DecisionBase, Room
from beegames.games.waggle_dance.owners import Blockers, BumblebotOwner, Seat, owner_of
from beegames.games.waggle_dance.state import WaggleDanceState
from beegames.games.waggle_dance.tasks import registered

from .wd_helpers import E, blank_day, consistent, first_turn, run_task

PKG = Path(pkg.__file__).parent


def test_the_rules_live_in_modules_named_after_the_rulebook():
    assert not (PKG / "rules.py").exists()
    for name in ("setup", "day", "night", "threats", "cards", "queries", "reactions", "bumblebot", "owners",
                 "tasks"):
        assert (PKG / f"{name}.py").exists(), name


def test_every_decision_kind_is_a_class_with_legality_effect_and_prompt():
    kinds = DecisionBase.kinds()
    assert {"turn", "egg", "nectar", "trade", "trade_second", "gain", "rearrange", "offer_volunteer",
            "offer_eager_bee", "offer_shuffle", "offer_bounty", "offer_honey", "offer_hatch", "reward",
            "lose_nectar", "lose_room", "window", "directions", "scouting", "private"} <= set(kinds)
    for kind, cls in kinds.items():
        for method in ("legal", "apply", "prompt"):
            assert getattr(cls, method) is not getattr(DecisionBase, method), (kind, method)
        # the state's pending field takes every kind (a discriminated union built from them)
        data = {"kind": kind, "seat": 0}
        fields = cls.model_fields
        for name, field in fields.items():
            if field.is_required() and name not in data:
                data[name] = {"purpose": "move", "rooms": [], "room": 0, "flower": 1, "space": "E1",
                              "before": "A", "threat": "Wasp", "name": "dusk", "cards": []}[name]
        s = first_turn(2)
        dumped = s.model_dump()
        dumped["pending"] = data
        assert type(WaggleDanceState.model_validate(dumped).pending) is cls


def test_tasks_are_named_by_what_they_do_and_documented():
    tasks = registered()
    assert len(tasks) >= 30
    for name, fn in tasks.items():
        if name == "STOP":
            continue
        assert name.islower() and name.replace("_", "").isalpha() and len(name) >= 5, name
        assert fn.__doc__ and len(fn.__doc__) > 20, name
    assert not {"Fh", "Fx", "Bx", "Dp", "t_D"} & set(tasks)


def test_no_owner_equals_bumblebot_branches_outside_the_owner_interface():
    for path in PKG.glob("*.py"):
        if path.name in ("owners.py", "bumblebot.py", "models.py", "queries.py", "ai.py", "view.py",
                         "invariants.py", "setup.py", "scoring.py"):
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare) and any(isinstance(op, ast.Eq) for op in node.ops):
                names = [ast.unparse(x) for x in [node.left, *node.comparators]]
                assert "BUMBLEBOT" not in names, (path.name, ast.unparse(node))


def test_one_owner_interface_for_players_bumblebot_and_blockers():
    s = first_turn(1)
    assert isinstance(owner_of(s, 0), Seat)
    assert isinstance(owner_of(s, BUMBLEBOT), BumblebotOwner) and owner_of(s, BUMBLEBOT).name == "Bumblebot"
    assert isinstance(owner_of(s, BLOCKERS[0]), Blockers) and not owner_of(s, BLOCKERS[0]).acts
    assert bumblebot(s) is s.bumblebot


def test_one_home_for_the_flower_majority():
    """The night and the computer players share queries.flower_awards."""
    rnd = random.Random(4)
    for _ in range(60):
        s = blank_day([[], [], []])
        dice = [(rnd.choice([0, 1, 2, BLOCKERS[0]]), 3) for _ in range(rnd.randint(1, 7))]
        s.spaces["D3"] = list(dice)
        consistent(s)
        expected = [ai.award(s, dice, p) for p in range(3)]
        run_task(s, "gather_nectar 3")
        assert [len(p.pending_nectar) for p in s.players] == expected
    assert night.flower_awards is queries.flower_awards


def test_one_home_for_room_capacity_and_what_a_pair_does(monkeypatch):
    s = blank_day([[], []])
    assert queries.room_capacity(s) == 4
    room = Room(nectar=[1, 1, 1, 1], dice=[3, 3])
    assert queries.pair_effect(room, 4) == "honey" and queries.pair_effect(Room(egg=True, dice=[2, 2]), 4) == "hatch"
    monkeypatch.setattr(queries, "_capacity", lambda ruleset: 5)
    s.players[0].rooms = [Room(nectar=[2, 2, 2, 2])]
    assert queries.rooms_with_space(s.players[0], queries.room_capacity(s)) == [0]
    assert Counter(queries.pair_values(Room(dice=[4, 4, 1]))) == Counter([4])


def test_the_engine_only_routes():
    src = (PKG / "engine.py").read_text()
    assert "PlaceMove" not in src and "NectarMove" not in src
    assert len(src.splitlines()) < 200
    assert E.rules_version == 8


def test_the_fast_placement_check_agrees_with_the_legal_moves():
    """One legality path: PlaceDie.allows answers exactly as membership in PlaceDie.legal."""
    from beegames.games.waggle_dance.models import PlaceMove

    rnd = random.Random(2)
    checked = 0
    for seed in range(4):
        s = first_turn(3, seed=seed, threats=True)
        for _ in range(120):
            d = E.decision(s)
            if d is None:
                if s.phase == "over":
                    break
                s = E.step(s)
                continue
            if d.kind == "turn":
                legal = E.legal_moves(s)
                for v in range(0, 8):
                    for t in ("A1", f"C{v}", f"D{v}", "D1", "R0", "R9", "T0", "G6", "E3", "A03", ""):
                        m = PlaceMove(die=v, target=t)
                        assert s.pending.allows(s, m) == (m in legal), (m, seed)
                        checked += 1
            s = E.apply(s, rnd.choice(E.legal_moves(s)))
    assert checked > 1000
