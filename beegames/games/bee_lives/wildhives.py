"""The wild hive automaton: turn order, the seasonal priority charts,
neutral worker tokens, swarming, scouting, raids and Desperate Parties.

Each wild hive's turn is one automatic step with a log line saying what it
did. Where the rules leave a choice to the first player (equally close
tiles or hives, the site of a wild swarm, the space a wild hive scouts, the
order of equally close hives) the step stops at a pending decision for that
seat, unless the ``wild_ties`` option breaks ties automatically.
"""

from __future__ import annotations

from ...core.tasks import make
from . import hooks
from .actions import card_spawn_roll
from .colony import card, hive_name, overheating, season_of, spawn_strength, wild_active
from .common import (
    ask,
    auto_ties,
    can_spawn_near,
    d6,
    decider,
    draw_tile,
    hive_distance,
    push,
    spawn_wild,
    tile_label,
)
from .data import game_data, solo_data
from .map import add_tile, foraged_tiles, hive_tile, hive_tiles, scout_cells, tiles_within
from .models import BeeLivesState, CellMove, HiveMove, TileMove
from .raids import wild_raid_player, wild_raid_wild

FAR = 10**6


# -- turn order ---------------------------------------------------------------------------


def t_wround(s: BeeLivesState, args: list[str]) -> None:
    """Task: the wild hives' turns after a round of player turns: queue every wild hive on the map, unless
    they are dormant (spring of the first year) or no player has a free bee left (no wild turns after the
    last round)."""
    if not wild_active(s):
        return
    if not any(p.unassigned > 0 for p in s.players if not p.eliminated):
        return  # after the last round of player turns the wild hives rest
    s.wild_queue = [i for i, w in enumerate(s.wild) if w.tile is not None]
    if s.wild_queue:
        push(s, "wnext")


def order_distance(s: BeeLivesState, i: int) -> int:
    """How far wild hive ``i`` is from the first player's hive (FAR across groups)."""
    ref = s.players[decider(s)].hive
    d = hive_distance(s, ref, s.wild[i].tile)
    return FAR if d is None else d


def next_candidates(s: BeeLivesState) -> list[int]:
    """The wild hives that may act next: the closest to the first player's hive."""
    s.wild_queue = [i for i in s.wild_queue if s.wild[i].tile is not None]
    if not s.wild_queue:
        return []
    dist = {i: order_distance(s, i) for i in s.wild_queue}
    m = min(dist.values())
    tied = [i for i in s.wild_queue if dist[i] == m]
    tied.sort(key=lambda i: s.wild[i].tile or 0)
    return tied


def t_wnext(s: BeeLivesState, args: list[str]) -> None:
    """Task: the next wild hive acts, the closest to the first player's hive first; when several are equally
    close the first player chooses (unless ties are settled automatically)."""
    tied = next_candidates(s)
    if not tied:
        return
    if len(tied) > 1 and not auto_ties(s):
        ask(s, decider(s), "wild_order", targets=[f"w{i}" for i in tied],
            reason="these wild hives are equally close to your hive")
        return
    _start(s, tied[0])


def _start(s: BeeLivesState, i: int) -> None:
    s.wild_queue.remove(i)
    push(s, make("wturn", i), "wnext")


def do_wild_order(s: BeeLivesState, seat: int, move: HiveMove) -> None:
    """Start the turn of the wild hive the first player chose among those equally close."""
    s.pending = None
    _start(s, int(move.target[1:]))


# -- a turn -----------------------------------------------------------------------------------


def tokens_left(s: BeeLivesState, i: int) -> int:
    """The neutral worker tokens wild hive ``i`` has still to place this month (five a month)."""
    w = s.wild[i]
    return game_data().wild.tokens_per_month - len(w.tokens) - len(w.raid_tokens)


def _chart(s: BeeLivesState) -> list[str]:
    return list(game_data().wild.charts[season_of(s.month)])  # type: ignore[index]


def t_wturn(s: BeeLivesState, args: list[str]) -> None:
    """Task: wild hive ``args[0]``'s turn: an infected hive rolls instead (Zombees), Desperate Parties makes
    its first turn a raid on the closest hive, and otherwise it takes the topmost possible step of the
    season's priority chart."""
    i = int(args[0])
    w = s.wild[i]
    if w.tile is None:
        return
    first = not w.acted
    w.acted = True
    if s.solo is not None and i in s.solo.infected_hives:
        _infected_turn(s, i)
        return
    c = card(s)
    haunted = s.solo is not None and i in s.solo.haunted_hives
    if first and c is not None and c.wild_first_turn_raid and not haunted:
        cands = raid_candidates(s, i)
        if cands:
            if len(cands) > 1 and not auto_ties(s):
                ask(s, decider(s), "wild_target", hive=i, step=-1, targets=cands,
                    reason=f"{c.name}: the {w.name} wild hive raids the closest hive")
                return
            _raid(s, i, -1, cands[0], test=False)
            return
    run_chart(s, i, 0)


def run_chart(s: BeeLivesState, i: int, start: int) -> None:
    """Wild hive ``i`` takes the first step of the season's priority chart, from step ``start`` on, that it
    can carry out (or does nothing)."""
    steps = _chart(s)
    for idx in range(start, len(steps)):
        if _try(s, i, idx, steps[idx]):
            return
    w = s.wild[i]
    s.say(f"The {w.name} wild hive (strength {w.strength}) has nothing to do.")


def _try(s: BeeLivesState, i: int, idx: int, step: str) -> bool:
    w = s.wild[i]
    wd = game_data().wild
    if step == "swarm":
        if w.strength < wd.max_strength:
            return False
        tiles = can_spawn_near(s, w.tile)
        if not tiles:
            return False
        if len(tiles) > 1 and not auto_ties(s):
            ask(s, decider(s), "wild_swarm", hive=i, step=idx, choices=tiles,
                reason=f"the {w.name} wild hive swarms; choose where the new wild hive appears")
            return True
        _swarm(s, i, tiles[0])
        return True
    if step in ("bloom", "wilt", "harvest", "wet_if_overheating"):
        if step == "wet_if_overheating":
            if not overheating(s):
                return False
            kind = "wet"
        else:
            kind = step
        tiles = forage_candidates(s, i, kind)
        if not tiles:
            return False
        if len(tiles) > 1 and not auto_ties(s):
            ask(s, decider(s), "wild_forage", hive=i, step=idx, choices=tiles,
                reason=f"the {w.name} wild hive forages the closest {kind} tile")
            return True
        _forage(s, i, tiles[0])
        return True
    if step == "raid":
        if s.solo is not None and i in s.solo.haunted_hives:
            return False  # a haunted hive never raids
        cands = raid_candidates(s, i)
        if not cands:
            return False
        if len(cands) > 1 and not auto_ties(s):
            ask(s, decider(s), "wild_target", hive=i, step=idx, targets=cands,
                reason=f"the {w.name} wild hive looks for the closest hive to raid")
            return True
        return _raid(s, i, idx, cands[0], test=True)
    if step == "scout":
        cells = scout_candidates(s, i)
        if not cells:
            return False
        if len(cells) > 1 and not auto_ties(s):
            ask(s, decider(s), "wild_scout", hive=i, step=idx, cells=cells,
                reason=f"the {w.name} wild hive scouts; choose the space")
            return True
        _scout(s, i, cells[0])
        return True
    raise AssertionError(f"unknown chart step {step!r}")


# -- candidates -------------------------------------------------------------------------------


def forage_candidates(s: BeeLivesState, i: int, kind: str) -> list[int]:
    """The closest tiles of ``kind`` the wild hive may forage (several when tied)."""
    w = s.wild[i]
    if w.tile is None or tokens_left(s, i) <= 0:
        return []
    taken = foraged_tiles(s)
    if s.solo is not None:  # no wild hive forages a haunted or a burned tile
        taken |= set(s.solo.haunted_tiles) | set(s.solo.burned)
        if i in s.solo.haunted_hives:
            taken.add(w.tile)
    hives = hive_tiles(s)
    own = f"w{i}"
    out: list[int] = []
    best = None
    for tid, d in tiles_within(s, w.tile):
        if best is not None and d > best:
            break
        if s.tiles[tid].kind != kind or tid in taken:
            continue
        if tid in hives and hives[tid] != own:
            continue
        best = d
        out.append(tid)
    return out


def raid_candidates(s: BeeLivesState, i: int) -> list[str]:
    """The closest hives the wild hive has not raided this month (several when tied)."""
    w = s.wild[i]
    if w.tile is None or tokens_left(s, i) <= 0:
        return []
    hives = hive_tiles(s)
    own = f"w{i}"
    out: list[str] = []
    best = None
    for tid, d in tiles_within(s, w.tile):
        if best is not None and d > best:
            break
        key = hives.get(tid)
        if key is None or key == own or key in w.raided:
            continue
        if key[0] == "w" and s.solo is not None and int(key[1:]) in s.solo.haunted_hives:
            continue  # a haunted hive is never raided
        best = d
        out.append(key)
    return out


def farthest_raid_candidates(s: BeeLivesState, i: int) -> list[str]:
    """The farthest hives within reach the wild hive has not raided this month (Zombees)."""
    w = s.wild[i]
    if w.tile is None or tokens_left(s, i) <= 0:
        return []
    hives = hive_tiles(s)
    own = f"w{i}"
    found: list[tuple[int, str]] = []
    for tid, d in tiles_within(s, w.tile):
        key = hives.get(tid)
        if key is None or key == own or key in w.raided:
            continue
        if key[0] == "w" and s.solo is not None and int(key[1:]) in s.solo.haunted_hives:
            continue
        found.append((d, key))
    if not found:
        return []
    far = max(d for d, _k in found)
    return [k for d, k in found if d == far]


def scout_candidates(s: BeeLivesState, i: int) -> list[tuple[int, int]]:
    """The empty spaces wild hive ``i`` may scout (a spring chart step); none when the bag is empty."""
    w = s.wild[i]
    if w.tile is None or sum(s.bag.values()) == 0:
        return []
    return scout_cells(s, w.tile, path=game_data().map.wild_scout_needs_tile_path)


def target_strength(s: BeeLivesState, key: str) -> int:
    """The strength a wild hive compares with before raiding hive ``key``: a player's free bees plus those on
    Defend, or another wild hive's strength."""
    idx = int(key[1:])
    if key[0] == "p":
        p = s.players[idx]
        return p.unassigned + p.assigned["defend"]
    return s.wild[idx].strength


# -- the actions ---------------------------------------------------------------------------------


def _forage(s: BeeLivesState, i: int, tile: int) -> None:
    w = s.wild[i]
    w.tokens.append(tile)
    kind = s.tiles[tile].kind
    grew = ""
    if kind != "wet" and not w.foraged:
        w.foraged = True
        if w.strength < game_data().wild.max_strength:
            w.strength += 1
            grew = f" and grows to strength {w.strength}"
    s.say(f"The {w.name} wild hive forages the {tile_label(s, tile)}{grew}.")
    if s.solo is not None:
        hooks.wild_foraged(s, i, tile)
        hooks.touched(s, f"w{i}", tile)
    c = card(s)
    if c is not None and c.spawn_after_forage is not None:  # "After foraging": any hive's forage
        card_spawn_roll(s, tile, c.spawn_after_forage, c.name)


def _swarm(s: BeeLivesState, i: int, tile: int) -> None:
    wd = game_data().wild
    w = s.wild[i]
    w.strength = wd.swarm_strength
    s.say(f"The {w.name} wild hive reaches strength {wd.max_strength} and swarms, dropping to {w.strength}.")
    spawn_wild(s, tile, spawn_strength(s, wd.swarm_strength), f"a swarm of the {w.name} wild hive", parent=i)
    s.spawned = True


def _scout(s: BeeLivesState, i: int, cell: tuple[int, int]) -> None:
    w = s.wild[i]
    assert w.tile is not None
    s.reveal()
    kind = draw_tile(s)
    tid = add_tile(s, kind, s.tiles[w.tile].group, cell[0], cell[1])
    s.say(f"The {w.name} wild hive scouts and places the {tile_label(s, tid)}.")
    c = card(s)
    if c is not None and c.spawn_after_scout is not None:  # "After scouting": any hive's scout
        card_spawn_roll(s, tid, c.spawn_after_scout, c.name)


def _raid(s: BeeLivesState, i: int, idx: int, key: str, *, test: bool) -> bool:
    w = s.wild[i]
    if test:
        ts = target_strength(s, key)
        if ts > w.strength + game_data().wild.raid_margin:
            s.say(f"The {w.name} wild hive (strength {w.strength}) eyes {hive_name(s, key)} "
                  f"(strength {ts}) and holds back.")
            return False
    if s.solo is not None:
        hooks.touched(s, f"w{i}", hive_tile(s, key))
    if key[0] == "p":
        wild_raid_player(s, i, int(key[1:]), idx)
    else:
        wild_raid_wild(s, i, int(key[1:]))
    return True


# -- Zombees: an infected wild hive's turn ----------------------------------------------------------


def _infected_turn(s: BeeLivesState, i: int) -> None:
    """An infected wild hive ignores its chart: a D6 says what it does."""
    w = s.wild[i]
    roll = d6(s)
    action = solo_data().zombees.actions[roll]
    words = {"raid_closest": "raid the closest hive", "forage_bloom": "forage a bloom tile",
             "forage_wilt": "forage a wilt tile", "forage_harvest": "forage a harvest tile",
             "raid_farthest": "raid the farthest hive"}.get(action)
    if words is None:  # (one line for a turn of nothing: "it would do nothing" then "it does nothing" said it twice)
        s.say(f"The infected {w.name} wild hive rolls {roll}: it does nothing.")
        return
    s.say(f"The infected {w.name} wild hive rolls {roll}: it would {words}.")
    if action.startswith("forage_"):
        kind = action.removeprefix("forage_")
        tiles = forage_candidates(s, i, kind)
        if not tiles:
            s.say(f"The infected {w.name} wild hive finds no {kind} tile to forage and does nothing.")
            return
        if len(tiles) > 1 and not auto_ties(s):
            ask(s, decider(s), "wild_forage", hive=i, step=-1, choices=tiles,
                reason=f"the infected {w.name} wild hive forages the closest {kind} tile")
            return
        _forage(s, i, tiles[0])
        return
    if action.startswith("raid_"):
        cands = raid_candidates(s, i) if action == "raid_closest" else farthest_raid_candidates(s, i)
        if not cands:
            s.say(f"The infected {w.name} wild hive finds no hive to raid and does nothing.")
            return
        if len(cands) > 1 and not auto_ties(s):
            which = "closest" if action == "raid_closest" else "farthest"
            ask(s, decider(s), "wild_target", hive=i, step=-1, targets=cands,
                reason=f"the infected {w.name} wild hive raids the {which} hive")
            return
        _raid(s, i, -1, cands[0], test=False)


# -- answers to the first player's choices ------------------------------------------------------


def do_wild_forage(s: BeeLivesState, seat: int, move: TileMove) -> None:
    """The pending wild hive forages the tile the first player chose among the equally close ones."""
    assert s.pending is not None and s.pending.hive is not None
    i = s.pending.hive
    s.pending = None
    _forage(s, i, move.tile)


def do_wild_swarm(s: BeeLivesState, seat: int, move: TileMove) -> None:
    """The pending wild hive swarms onto the tile the first player chose."""
    assert s.pending is not None and s.pending.hive is not None
    i = s.pending.hive
    s.pending = None
    _swarm(s, i, move.tile)


def do_wild_scout(s: BeeLivesState, seat: int, move: CellMove) -> None:
    """The pending wild hive scouts the space the first player chose."""
    assert s.pending is not None and s.pending.hive is not None
    i = s.pending.hive
    s.pending = None
    _scout(s, i, (move.q, move.r))


def do_wild_target(s: BeeLivesState, seat: int, move: HiveMove) -> None:
    """The pending wild hive raids the hive the first player chose among the equally close ones; a chart raid
    that the target's strength forbids passes on to the chart's next step."""
    pend = s.pending
    assert pend is not None and pend.hive is not None and pend.step is not None
    i, idx = pend.hive, pend.step
    s.pending = None
    if idx < 0:
        _raid(s, i, idx, move.target, test=False)
        return
    if not _raid(s, i, idx, move.target, test=True):
        run_chart(s, i, idx + 1)
