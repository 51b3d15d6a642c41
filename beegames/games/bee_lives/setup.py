"""Setting up a game: the common area, each player's area and the queen choice."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.rng import Rng, RngState
from ...core.tasks import make
from . import hooks
from .colony import set_queen
from .common import ask, push, turn_order
from .data import SEASONS, derived, game_data
from .map import add_tile
from .models import QUEENS, BeeLivesState, Player, QueenMove, WildHive
from .options import BeeLivesOptions


def new_game(options: BeeLivesOptions, names: Sequence[str], seed: int) -> BeeLivesState:
    """A new game for ``names`` from ``options`` and ``seed``: shuffled season decks, the solo mode and the
    game's length, each colony's starting area on its own bloom tile, the first player, a scenario's own
    map; the queen choice is queued. Raises ValueError for a player count outside 1 to 4, or a solo mode
    with more than one player."""
    d = game_data()
    n = len(names)
    if not 1 <= n <= 4:
        raise ValueError("Bee Lives takes 1 to 4 players")
    rs = RngState.from_seed(seed)
    r = Rng(rs)
    decks: dict[str, list[str]] = {}
    for season in SEASONS:
        ids = [c.id for c in d.cards.cards if c.season == season]
        r.shuffle(ids)
        decks[season] = ids
    if options.mode != "basic" and n != 1:
        raise ValueError(f"The {options.mode} mode is a solo mode: choose 1 player.")
    mode = hooks.mode_of(options, r)
    bag = dict(derived().tile_total)
    bag[d.map.start_tile] -= n
    start = d.board.starting_workers
    players = [Player(name=nm, workers=start, unassigned=start, comb=d.board.comb.start) for nm in names]
    s = BeeLivesState(
        options=options,
        n=n,
        years=hooks.years_of(options, mode),
        players=players,
        wild=[WildHive(name=nm) for nm in d.wild.names],
        bag=bag,
        decks=decks,
        rng=rs,
        solo=mode,
    )
    for i, p in enumerate(s.players):
        p.hive = add_tile(s, d.map.start_tile, i, 0, 0)
    if options.first_player == "random":
        s.first = r.below(n) if n > 1 else 0
        how = "chosen at random"
    else:
        k = int(options.first_player) - 1
        s.first = k if k < n else 0
        how = "as set up" if k < n else f"seat {k + 1} is empty, so seat 1"
    where = "Each hive stands on its own bloom tile." if mode is None or mode.scenario is None else \
        "The scenario sets the starting map."
    s.say(f"Bee Lives for {n} player{'s' if n > 1 else ''}"
          f"{'' if s.years == 1 else f', {s.years} years'}. {where}")
    s.say(f"{s.players[s.first].name} has the first player marker ({how}).")
    if s.solo is not None:
        hooks.lay_out(s)
        hooks.started(s)
    s.queue = ["queens"]
    return s


# -- the queen choice (all players at once: asked in turn, applied together) ---------


def t_queens(s: BeeLivesState, args: list[str]) -> None:
    """Task: the queen choice of setup: ask every seat in turn order, then apply the choices together."""
    s.phase = "setup"
    push(s, *[make("ask_queen", i) for i in turn_order(s)], "queens_apply")


def t_ask_queen(s: BeeLivesState, args: list[str]) -> None:
    """Task: ask seat ``args[0]`` for its queen."""
    ask(s, int(args[0]), "queen")


def queen_moves(s: BeeLivesState) -> list[QueenMove]:
    """The queen types the deciding seat may choose at setup: all four, unless a solo mode narrows them."""
    allowed = hooks.queens_allowed(s, s.pending.seat if s.pending is not None else 0)
    return [QueenMove(queen=q) for q in QUEENS if q in allowed]


def do_queen_choice(s: BeeLivesState, seat: int, move: QueenMove) -> None:
    """Note the seat's queen; the choices are applied together once every seat has chosen."""
    s.choices[seat] = QUEENS.index(move.queen)
    s.pending = None


def t_queens_apply(s: BeeLivesState, args: list[str]) -> None:
    """Task: every colony takes the queen it chose (Hygienic turns its disease track to side B), then the
    first month is queued."""
    for i in turn_order(s):
        q = QUEENS[s.choices[i]]
        set_queen(s.players[i], q)
        hooks.queen_chosen(s, i, q, "setup")
        side = " (disease track side B)" if s.players[i].side == "B" else ""
        s.say(f"{s.players[i].name} chooses the {q} queen{side}.")
    s.choices = {}
    push(s, "month")
