"""What Bee Lives says: the prompt of each pending decision and the log line
of each move (the engine's ``decision`` and ``describe_move`` read them here,
as every game keeps its prompts in ``describe.py``)."""

from __future__ import annotations

from typing import Any

from ...core.words import with_article
from .colony import count, hive_name, month_label, spawn_strength
from .common import space_name, tile_label
from .data import game_data
from .models import (
    BackMove,
    BeeLivesState,
    CellMove,
    CleanMove,
    CollectMove,
    CoolMove,
    DefendMove,
    DropMove,
    ForageMove,
    HiveMove,
    HoneyMove,
    JoinMove,
    KeepMove,
    PlaceMove,
    PressMove,
    QueenMove,
    RaidMove,
    RequeenMove,
    RerollMove,
    SacrificeMove,
    ScareMove,
    ScoutMove,
    StarveMove,
    StayMove,
    TileMove,
    WaxMove,
)
from .raids import honey_cap
from .swarm import stay_or_leave_score


def prompt(s: BeeLivesState) -> str:
    """The question of the pending decision, for the deciding seat."""
    pend = s.pending
    assert pend is not None
    p = s.players[pend.seat]
    k = pend.kind
    who = p.name
    if k == "queen":
        return f"{who}: choose your queen (aggressive, prolific, hygienic or nomadic)."
    if k == "starve":
        return f"{who}: {pend.reason}."
    if k == "swarm_tile":
        return f"{who}: your hive swarms; {pend.reason} — choose its tile (up to 3 spaces away)."
    if k == "swarm_stay":
        return (f"{who}: stay in your hive (new queen, disease halved) or leave for the new site (fresh comb)? "
                f"({stay_or_leave_score(s)})")
    if k == "swarm_queen":
        return f"{who}: your colony stays; choose its new queen (the same type is allowed)."
    if k == "harder_spawn":
        return f"{who}: no wild hive came this month, so by the harder solo rule one of strength " \
               f"{spawn_strength(s)} comes; choose a tile up to 3 spaces from your hive."
    if k == "card_spawn":
        return f"{who}: {pend.reason}; choose a tile up to 3 spaces from your hive."
    if k == "turn":
        return f"{who}: take an action ({count(p.unassigned, 'free bee')}; {month_label(s)})."
    if k == "collect":
        f = s.forage
        assert f is not None
        offer = ", ".join(f"{n} {r}" for n, r in ((f.honey, "honey"), (f.pollen, "pollen"), (f.water, "water")) if n)
        return f"{who}: collect up to {offer} ({count(p.empty, 'empty cell')})."
    if k == "keep":
        sc = s.scout
        assert sc is not None
        return f"{who}: keep the {' or the '.join(dict.fromkeys(sc.drawn))} tile for the scouted space."
    if k == "reroll":
        r = s.raid
        assert r is not None
        left = game_data().rules.max_rerolls - r.rerolls
        return (f"{who}: your raid dice show {'+'.join(map(str, r.dice))} with {count(r.party, 'raider')}; "
                f"sacrifice one to reroll ({count(left, 'reroll')} left)?")
    if k == "sacrifice":
        r = s.raid
        assert r is not None
        return (f"{who}: {s.players[r.attacker].name} raids you with {count(r.party, 'bee')}, dice "
                f"{'+'.join(map(str, r.dice))}; sacrifice bees (each one kills a raider and weakens the raid)?")
    if k == "drop":
        return f"{who}: your party fell a bracket; remove one of your dice."
    if k == "press":
        r = s.raid
        assert r is not None
        w = s.wild[int(r.target[1:])]
        return f"{who}: sacrifice more raiders to weaken the {w.name} wild hive (strength {w.strength})?"
    if k == "honey":
        return f"{who}: take up to {honey_cap(s)} honey from the supply."
    if k == "wild_sacrifice":
        wr = s.wraid
        assert wr is not None
        w = s.wild[wr.hive]
        return (f"{who}: the {w.name} wild hive (strength {w.strength}) raids you and rolled {wr.roll}; "
                f"sacrifice bees (a defender counts 2, a free bee 1)?")
    if k == "wild_order":
        return f"{who} (first player): which of these equally close wild hives acts next?"
    if k in ("wild_forage", "wild_swarm", "wild_target", "wild_scout"):
        return f"{who} (first player): {pend.reason}."
    if k == "new_queen":
        return f"{who}: {pend.reason}; choose a queen of another type."
    if k == "campaign_spawn":
        return f"{who}: {pend.reason}; choose its tile."
    if k == "infect_pick":
        return f"{who}: {pend.reason}."
    if k == "join":
        return f"{who}: join your map group to another group; choose the group and its rotation."
    if k == "join_place":
        return f"{who}: choose where your group touches the other group (or go back)."
    return f"{who}: decide."


def _bees(n: int) -> str:
    return f"{n} bee{'s' if n != 1 else ''}"


def describe(s: BeeLivesState, move: Any) -> str:
    """The log line of ``move`` played from ``s``."""
    pend = s.pending
    who = s.players[pend.seat].name if pend is not None else "?"
    kind = pend.kind if pend is not None else ""
    if isinstance(move, QueenMove):
        return f"{who} chooses the {move.queen} queen"
    if isinstance(move, ScareMove):
        where = tile_label(s, move.tile) if 0 <= move.tile < len(s.tiles) else f"tile #{move.tile}"
        return f"{who} scares the ghosts off the {where}"
    if isinstance(move, StarveMove):
        if not move.tokens:
            return f"{who} takes no starvation token"
        return f"{who} takes {count(move.tokens, 'starvation token')}"
    if isinstance(move, TileMove):
        where = tile_label(s, move.tile) if 0 <= move.tile < len(s.tiles) else f"tile #{move.tile}"
        if kind == "wild_forage" and pend is not None and pend.hive is not None:
            return f"The {s.wild[pend.hive].name} wild hive forages the {where}"
        return f"{who} puts the new wild hive on the {where}"
    if isinstance(move, StayMove):
        return f"{who} {'stays in the hive' if move.stay else 'leaves for the new site'}"
    if isinstance(move, ForageMove):
        where = tile_label(s, move.tile) if 0 <= move.tile < len(s.tiles) else f"tile #{move.tile}"
        return f"{who} forages the {where}"
    if isinstance(move, ScoutMove):
        p = s.players[pend.seat] if pend is not None else None
        if p is None or p.hive is None:
            return f"{who} scouts a space"
        return f"{who} scouts the space {space_name(s, s.tiles[p.hive].group, move.q, move.r)}"
    if isinstance(move, RaidMove):
        target = hive_name(s, move.target) if _valid_key(s, move.target) else move.target
        return f"{who} raids {target} with {_bees(move.bees)}"
    if isinstance(move, DefendMove):
        return f"{who} defends with {_bees(move.bees)}"
    if isinstance(move, WaxMove):
        return f"{who} builds {move.bees} cell{'s' if move.bees != 1 else ''} of wax"
    if isinstance(move, CleanMove):
        return f"{who} cleans with {_bees(move.bees)}"
    if isinstance(move, CoolMove):
        return f"{who} cools the hive"
    if isinstance(move, RequeenMove):
        return f"{who} requeens with {with_article(move.queen)} queen"
    if isinstance(move, CollectMove):
        got = ", ".join(f"{n} {r}" for n, r in ((move.honey, "honey"), (move.pollen, "pollen"),
                                                 (move.water, "water")) if n)
        return f"{who} collects {got or 'nothing'}"
    if isinstance(move, KeepMove):
        return f"{who} keeps the {move.tile} tile"
    if isinstance(move, RerollMove):
        return f"{who} {'sacrifices a raider to reroll' if move.reroll else 'keeps the dice'}"
    if isinstance(move, SacrificeMove):
        if not move.defenders and not move.unassigned:
            return f"{who} sacrifices no bees"
        parts = [count(move.defenders, "defender") if move.defenders else "",
                 count(move.unassigned, "free bee") if move.unassigned else ""]
        return f"{who} sacrifices {' and '.join(x for x in parts if x)}"
    if isinstance(move, DropMove):
        return f"{who} removes a {move.die}"
    if isinstance(move, PressMove):
        if not move.bees:
            return f"{who} sacrifices no more raiders"
        return f"{who} sacrifices {count(move.bees, 'more raider')}"
    if isinstance(move, HoneyMove):
        return f"{who} takes {move.amount} honey" if move.amount else f"{who} takes no honey"
    if isinstance(move, HiveMove):
        target = hive_name(s, move.target) if _valid_key(s, move.target) else move.target
        if kind == "wild_order":
            return f"{who}: {target} acts next"
        if kind == "infect_pick":
            return f"{who}: {target} turns infected"
        return f"{who}: the wild hive targets {target}"
    if isinstance(move, CellMove):
        tile = s.wild[pend.hive].tile if pend is not None and pend.hive is not None else None
        if tile is None:
            return f"{who}: the wild hive scouts a space"
        return f"{who}: the wild hive scouts the space {space_name(s, s.tiles[tile].group, move.q, move.r)}"
    if isinstance(move, JoinMove):
        from .decisions import group_owner

        turn = f", turned {count(move.rotation, 'sixth')}" if move.rotation else ""
        return f"{who} joins the tiles of {group_owner(s, move.group)}{turn}"
    if isinstance(move, PlaceMove):
        from .decisions import place_touching

        edges = place_touching(s, move) if pend is not None else None
        return f"{who} places the tiles" + (f", touching {count(edges, 'edge')}" if edges else "")
    if isinstance(move, BackMove):
        return f"{who} chooses the group again"
    return f"{who}: {move!r}"


def _valid_key(s: BeeLivesState, key: str) -> bool:
    if len(key) < 2 or key[0] not in "pw" or not key[1:].isdigit():
        return False
    idx = int(key[1:])
    return idx < (s.n if key[0] == "p" else len(s.wild))
