"""Shared builders for the Waggle Dance tests."""

from __future__ import annotations

from beegames.core.protocol import SeatInfo
from beegames.games.waggle_dance import WaggleDanceEngine, WaggleDanceOptions
from beegames.games.waggle_dance.data import components
from beegames.games.waggle_dance.day import PlaceDie
from beegames.games.waggle_dance.fastcopy import clone
from beegames.games.waggle_dance.models import Room
from beegames.games.waggle_dance.owners import return_die
from beegames.games.waggle_dance.tasks import registered, task

E = WaggleDanceEngine()
NAMES = ["Buzz", "Beatrice", "Honey", "Melissa"]


def new(n: int = 2, seed: int = 1, humans: int | None = None, **opts):
    """A new game of ``n`` seats; the first ``humans`` are people (all by default) and the rest
    computers. (In 2022, two people or more at the keyboard make card offers go by public facts.)"""
    o = WaggleDanceOptions(**opts)
    kinds = ["human" if humans is None or i < humans else "computer" for i in range(n)]
    return E.new_state(o, [SeatInfo(name=x, kind=k) for x, k in zip(NAMES[:n], kinds, strict=True)], seed)


def first_turn(n: int = 2, seed: int = 1, humans: int | None = None, **opts):
    return E.advance(new(n, seed, humans, **opts))


def comp(s):
    return components(s.options.ruleset)


def blank_day(pools: list[list[int]], first: int = 0, seed: int = 1, rooms: int = 3, **opts):
    """A state at the first day turn of round 1 with no blockers and the given pools."""
    n = len(pools)
    s = clone(first_turn(n, seed, **opts))
    c = comp(s)
    for sid, dice in s.spaces.items():
        for o, v in dice:
            return_die(s, o, v)
        s.spaces[sid] = []
    for i, pool in enumerate(pools):
        pl = s.players[i]
        pl.pool = list(pool)
        pl.dice = len(pool)
        pl.rooms = [Room() for _ in range(rooms)]
        s.supply_dice[pl.colour] = c.dice_per_colour - pl.dice
    s.supply_rooms = c.room_tiles - rooms * n - (s.bumblebot.honey if s.bumblebot else 0)
    s.first = first
    s.day_ptr = first
    s.pending = PlaceDie(seat=first) if s.order[first] >= 0 else None
    s.queue = ["day_turn"]
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


def _stop(s, args):
    """A sentinel task for run_tasks: it stops the runner without doing anything."""
    s.queue.insert(0, "STOP")
    return True


if "STOP" not in registered():
    task("STOP")(_stop)


def run_tasks(s, tasks: list[str], chooser=None, check=True):
    """Run only the given night tasks (then stop)."""
    s = clone(s)
    if check:
        consistent(s)
    s.pending = None
    s.phase = "night"
    s.queue = list(tasks) + ["STOP"]
    # stop at the sentinel, or once a round end replaced the queue
    return drive(s, chooser, stop=lambda x: x.pending is None and (not x.queue or x.queue[0] == "STOP"
                                                                   or "STOP" not in x.queue), check=check)


def run_task(s, name: str):
    """Run one task's handler directly on ``s`` (mutates it); returns what the handler returned."""
    head, *args = name.split(" ")
    return registered()[head](s, args)


def consistent(s):
    """Recompute every supply from what the players hold (for hand-built positions)."""
    c = comp(s)
    for i, p in enumerate(s.players):
        on_board = sum(1 for d in s.spaces.values() for o, _ in d if o == i)
        on_board += sum(1 for t in s.threats for o, _ in t.dice if o == i)
        p.dice = len(p.pool) + len(p.helpers) + len(p.sick) + on_board + sum(len(r.dice) for r in p.rooms) \
            - p.volunteer
        own = p.dice + (0 if s.first_edition else p.volunteer)
        s.supply_dice[p.colour] = c.dice_per_colour - own
    b = s.bumblebot
    held_tiles = sum(len(p.rooms) for p in s.players) + (b.honey if b else 0)
    s.supply_rooms = c.room_tiles - held_tiles
    s.supply_eggs = c.eggs - sum(r.egg for p in s.players for r in p.rooms) - (b.eggs if b else 0)
    for colour in range(6):
        held = sum(r.nectar.count(colour) for p in s.players for r in p.rooms)
        held += sum(p.pending_nectar.count(colour) for p in s.players) + (b.nectar[colour] if b else 0)
        s.supply_nectar[colour] = c.nectar_per_colour - held
    return s


def give(s, seat, *cards):
    """Move Queen Bee cards from the deck (or the box) into a seat's hand."""
    for c in cards:
        if c in s.queen_deck:
            s.queen_deck.remove(c)
        else:
            s.queen_box.remove(c)
        s.players[seat].hand.append(c)
