"""Shared builders for the Waggle Dance tests."""

from __future__ import annotations

from beegames.core.protocol import SeatInfo
from beegames.games.waggle_dance import WaggleDanceEngine, WaggleDanceOptions, rules
from beegames.games.waggle_dance.models import Pending, Room

E = WaggleDanceEngine()
NAMES = ["Buzz", "Beatrice", "Honey", "Melissa"]


def new(n: int = 2, seed: int = 1, **opts):
    o = WaggleDanceOptions(**opts)
    return E.new_state(o, [SeatInfo(name=x) for x in NAMES[:n]], seed)


def first_turn(n: int = 2, seed: int = 1, **opts):
    return E.advance(new(n, seed, **opts))


def blank_day(pools: list[list[int]], first: int = 0, seed: int = 1, rooms: int = 3, **opts):
    """A state at the first day turn of round 1 with no blockers and the given pools."""
    n = len(pools)
    s = rules.clone(first_turn(n, seed, **opts))
    for sid, dice in s.spaces.items():
        for o, v in dice:
            rules.return_die(s, o, v)
        s.spaces[sid] = []
    for i, pool in enumerate(pools):
        pl = s.players[i]
        pl.pool = list(pool)
        pl.dice = len(pool)
        pl.rooms = [Room() for _ in range(rooms)]
        s.supply_dice[pl.colour] = 15 - pl.dice
    s.supply_rooms = 49 - rooms * n - (s.bot.honey if s.bot else 0)
    s.first = first
    s.day_ptr = first
    s.pending = Pending(seat=first, kind="turn") if s.order[first] >= 0 else None
    s.queue = ["day"]
    return s


def drive(s, chooser=None, stop=None, limit=5000, check=True):
    """Run steps and answer decisions with ``chooser(state, moves)`` (default: first legal move)."""
    for _ in range(limit):
        if stop is not None and stop(s):
            return s
        if check:
            E.check_invariants(s)
        d = E.decision(s)
        if d is None:
            if s.phase == "over":
                return s
            s = E.step(s)
            continue
        moves = E.legal_moves(s)
        m = chooser(s, moves) if chooser else moves[0]
        s = E.apply(s, m)
    raise AssertionError("did not finish")


def until_night(s):
    return drive(s, stop=lambda x: x.phase == "night")


def run_tasks(s, tasks: list[str], chooser=None, check=True):
    """Run only the given night tasks (then stop)."""
    s = rules.clone(s)
    if check:
        consistent(s)
    s.pending = None
    s.phase = "night"
    s.queue = list(tasks) + ["STOP"]
    return drive(s, chooser, stop=lambda x: x.queue and x.queue[0] == "STOP" and x.pending is None, check=check)


# A sentinel task for run_tasks: it stops the runner without doing anything.
rules._TASKS.setdefault("STOP", lambda s, rest: True)


def consistent(s):
    """Recompute every supply from what the players hold (for hand-built positions)."""
    for p in s.players:
        on_board = sum(1 for d in s.spaces.values() for o, _ in d if o == s.players.index(p))
        on_board += sum(1 for t in s.threats for o, _ in t.dice if o == s.players.index(p))
        p.dice = len(p.pool) + len(p.helpers) + on_board + sum(len(r.dice) for r in p.rooms) - p.volunteer
        s.supply_dice[p.colour] = 15 - p.dice - p.volunteer
    held_tiles = sum(len(p.rooms) for p in s.players) + (s.bot.honey if s.bot else 0)
    s.supply_rooms = 49 - held_tiles
    s.supply_eggs = 16 - sum(r.egg for p in s.players for r in p.rooms) - (s.bot.eggs if s.bot else 0)
    for c in range(6):
        held = sum(r.nectar.count(c) for p in s.players for r in p.rooms)
        held += sum(p.pending_nectar.count(c) for p in s.players) + (s.bot.nectar[c] if s.bot else 0)
        s.supply_nectar[c] = 15 - held
    return s
