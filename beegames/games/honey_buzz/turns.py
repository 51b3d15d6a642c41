"""The two turn types and the flow of a turn.

A turn is either **Take a Tile** (beeline, expand the hive, then the hive
actions woken by the cells the tile encloses) or **Recall Workers** (every
worker back, then a free scout). The actions a turn owes sit in
``state.todo``; the player picks their order. At the very end of the turn
the order stacks emptied this turn flip their next card, the end triggers
are checked, and play passes on (to the drones in solitaire).
"""

from __future__ import annotations

from typing import Any

from ...core.errors import IllegalMove
from ...core.words import with_article
from . import actions, contests, market, orders, scoring
from .common import aname, ask, index, manhattan, space_name
from .data import game_data
from .models import Beeline, Cell, HiveTile, HoneyBuzzState, PlaceMove, RecallMove, Space, TakeMove
from .placement import HiveIndex, accepts_for, is_legal_slot
from .tasks import DRONE_TURN, push, task

AUTO_ACTIONS = ("accounting", "newbee")


# -- starting a turn ----------------------------------------------------------------------


def start_turn(s: HoneyBuzzState) -> None:
    """The current player's turn begins: nothing owed or held yet, and the choice between taking a tile and recalling
    workers is asked."""
    s.todo = []
    s.flip = []
    s.holding = None
    p = s.players[s.current]
    s.say(f"— {p.name}'s turn (round {s.turn}).")
    ask(s, "turn")


def box_of(s: HoneyBuzzState, kind: str) -> str:
    """The hive box holding the stack of tile kind ``kind`` at this player count; raises KeyError for another kind."""
    for box, kinds in game_data().setup.boxes(s.n if not s.solo else 2).items():
        if kind in kinds:
            return box
    raise KeyError(kind)


def beeline_height(s: HoneyBuzzState, box: str) -> int:
    """The height a new beeline in ``box`` must have (0: any height)."""
    lines = s.boxes[box]
    return max(b.height for b in lines) + 1 if lines else 0


def why_not_take(s: HoneyBuzzState, kind: str, workers: int) -> str | None:
    """None if the current player may make this beeline and take this tile."""
    data = game_data()
    p = s.players[s.current]
    if kind not in s.stacks:
        return f"There is no {kind} tile."
    box = box_of(s, kind)
    if s.solo and box in s.drones:
        return f"A drone sits in the {data.box_name(box)} hive box."
    if s.stacks[kind] <= 0:
        return f"The {aname(kind)} stack is empty."
    if kind == "decree" and p.coins < data.components.decree_cost:
        return f"A Decree tile costs {data.components.decree_cost} coins; you have {p.coins}."
    need = beeline_height(s, box)
    if workers < 1:
        return "A beeline needs at least one worker."
    if need and workers != need:
        return (f"The tallest beeline in the {data.box_name(box)} box has {need - 1} worker"
                f"{'s' if need != 2 else ''}: yours must have exactly {need}.")
    if workers > p.available and not p.available:
        return "You have no worker free: recall them from the hive board first."
    if workers > p.available:
        have = f"you have only {p.available} worker{'s' if p.available != 1 else ''} free"
        if need:  # (a beeline there already: say why one worker is not enough)
            return (f"A beeline in the {data.box_name(box)} box must be one taller than the tallest there, "
                    f"{need} workers; {have}.")
        return f"{have[0].upper()}{have[1:]}."
    return None


def legal_takes(s: HoneyBuzzState) -> list[TakeMove]:
    """Every tile the current player may take, with each beeline height allowed in its box."""
    p = s.players[s.current]
    out = []
    for kind in game_data().components.standard_tiles:
        box = box_of(s, kind)
        need = beeline_height(s, box)
        heights = [need] if need else list(range(1, p.available + 1))
        for h in heights:
            if why_not_take(s, kind, h) is None:
                out.append(TakeMove(tile=kind, workers=h))
    return out


def scout_targets(s: HoneyBuzzState) -> list[Space | None]:
    """Where the current player may scout after a recall (None: nowhere)."""
    p = s.players[s.current]
    out: list[Space | None] = [None]
    if s.advanced:
        out += [sp for sp in _field_spaces(s) if s.field[index(sp)] is not None]
    elif p.forage is not None:
        out += forage_reach(p.forage, 1)
    return out


def _field_spaces(s: HoneyBuzzState) -> list[Space]:
    f = game_data().field
    return [(r, c) for r in range(f.rows) for c in range(f.cols)]


def forage_reach(start: Space, steps: int) -> list[Space]:
    """Field spaces within ``steps`` orthogonal moves of ``start`` (not
    ``start`` itself; start spots are never re-entered)."""
    f = game_data().field
    out = []
    for r in range(f.rows):
        for c in range(f.cols):
            d = manhattan(start, (r, c))
            if 1 <= d <= steps:
                out.append((r, c))
    return out


def legal_turn(s: HoneyBuzzState) -> list[Any]:
    """The turn's choices: each tile the player may take, and recalling workers with each scout target."""
    return [*legal_takes(s), *(RecallMove(scout=t) for t in scout_targets(s))]


# -- take a tile --------------------------------------------------------------------------


def take(s: HoneyBuzzState, move: TakeMove) -> None:
    """Take a Tile: make a beeline of ``move.workers`` in the tile's box and take the tile (paying for a Decree), then
    ask where it goes; raises IllegalMove with :func:`why_not_take`'s reason."""
    data = game_data()
    why = why_not_take(s, move.tile, move.workers)
    if why:
        raise IllegalMove(why)
    p = s.players[s.current]
    box = box_of(s, move.tile)
    s.boxes[box].append(Beeline(seat=s.current, height=move.workers))
    p.available -= move.workers
    s.stacks[move.tile] -= 1
    cost = ""
    if move.tile == "decree":
        p.coins -= data.components.decree_cost
        cost = f", paying {data.components.decree_cost} coins"
    s.holding = move.tile
    s.say(f"{p.name} makes a beeline of {move.workers} in the {data.box_name(box)} box and takes "
          f"{'an' if aname(move.tile)[0] in 'AEIOU' else 'a'} {aname(move.tile)} tile{cost}.")
    ask(s, "place")


def place(s: HoneyBuzzState, move: PlaceMove) -> None:
    """Place the tile taken: it joins the hive, each space it encloses becomes an empty cell, and the icons round the
    new cells are owed as actions this turn (book: Take a Tile); raises IllegalMove for a slot the rules refuse or
    an icon off the tile."""
    p = s.players[s.current]
    kind = s.holding
    assert kind is not None
    a, b = move.hexes
    why = is_legal_slot(p, a, b)
    if why:
        raise IllegalMove(f"You cannot place the tile there: {why}.")
    if move.icon not in move.hexes:
        raise IllegalMove("The icon must be on one of the tile's two hexes.")
    idx = HiveIndex.of(p)
    made = idx.enclosed_by(a, b)
    p.tiles.append(HiveTile(kind=kind, hexes=(a, b), icon=move.icon))
    s.holding = None
    six = s.options.six_tile_cell
    new = [Cell(site=site, accepts=accepts_for(pat, six)) for site, pat in made]
    p.cells.extend(new)
    idx = HiveIndex.of(p)
    woken = idx.woken([c.site for c in new])
    # places are named as the hive draws them: cells by their letters, no coordinates
    if not new:
        s.say(f"{p.name} adds {with_article(aname(kind))} tile; no cell is closed.")
    else:
        from .common import cells_text, rname

        kinds = ", ".join(rname(c.accepts) if c.accepts else "no nectar" for c in new)
        acts = ", ".join(aname(k) for _, k in woken) or "nothing"
        s.say(f"{p.name} adds {with_article(aname(kind))} tile, closing {cells_text(p, [c.site for c in new])} "
              f"({kinds}); icons woken: {acts}.")
    s.todo = [k for _, k in woken]  # type: ignore[misc]
    s.pending = None


# -- recall workers -------------------------------------------------------------------------


def recall(s: HoneyBuzzState, move: RecallMove) -> None:
    """Recall Workers: every worker of the player comes back from the boxes and the nursery, then the free scout (book:
    Recall Workers); raises IllegalMove for a scout target the rules do not allow."""
    p = s.players[s.current]
    if move.scout is not None and move.scout not in scout_targets(s):
        if s.advanced:
            raise IllegalMove("Scout by looking at a face-down nectar tile in the field.")
        raise IllegalMove("Scouting moves the forage token one space at most, orthogonally, within the field.")
    back = 0
    for box, lines in s.boxes.items():
        mine = [b for b in lines if b.seat == s.current]
        back += sum(b.height for b in mine)
        s.boxes[box] = [b for b in lines if b.seat != s.current]
    back += p.nursery
    new = p.nursery
    p.available += back
    p.nursery = 0
    extra = f" ({new} new from the nursery)" if new else ""
    s.say(f"{p.name} recalls workers: {back} back{extra}, {p.available} available.")
    s.pending = None
    if move.scout is not None:
        if s.advanced:
            actions.look(s, s.current, move.scout, scouting=True)
        else:
            p.forage = move.scout
            s.say(f"{p.name} scouts to {space_name(move.scout)}.")
    elif not s.advanced:
        s.say(f"{p.name} leaves the forage token where it is.")


# -- the actions of a turn ---------------------------------------------------------------------


def next_action(s: HoneyBuzzState) -> None:
    """Start the next owed action, ask which one, or end the turn."""
    while True:
        if s.phase == "over":
            return
        auto = [k for k in s.todo if k in AUTO_ACTIONS]
        if auto:
            s.todo.remove(auto[0])
            actions.run_auto(s, auto[0])
            after_change(s)
            continue
        if not s.todo:
            end_turn(s)
            return
        if all(k == "market" for k in s.todo) and not market.market_possible(s, s.players[s.current]):
            s.todo.pop()
            s.say(f"{s.players[s.current].name} has nothing to sell and no order to complete.")
            continue
        kinds = sorted(set(s.todo))
        if len(kinds) == 1 and kinds[0] != "decree":
            s.todo.remove(kinds[0])
            actions.begin(s, kinds[0])
            if s.pending is None:  # done at once (nothing to choose)
                after_change(s)
                continue
            return
        ask(s, "action", choices=kinds)
        return


@task("next_action")
def t_next_action(s: HoneyBuzzState, args: list[str]) -> bool:
    """Carry the turn on: take the owed actions that need no choice, start the only one left or ask
    which comes next, and end the turn when none is owed (book: Take a Tile, hive actions)."""
    next_action(s)
    return False


def after_change(s: HoneyBuzzState) -> None:
    """Checks due after every change: speed contests, end triggers."""
    if s.phase == "play":
        contests.check_speed(s, s.current)
    check_triggers(s)


@task("checks")
def t_checks(s: HoneyBuzzState, args: list[str]) -> bool:
    """The checks due after every change: a speed contest reached on the player's turn, and the
    end of the game triggered (book: Queen's Contests, End of the Game)."""
    after_change(s)
    return False


def check_triggers(s: HoneyBuzzState, turn_over: bool = False) -> None:
    """The book's two end triggers, checked after every change; and the
    engine's safeguard (no tile any player could take), judged only when a
    turn is over: coins still owed during a turn may pay for a Decree tile.

    The safeguard is our reading of a gap in the book, which a four-player game
    can reach: with no tile to take, every turn is a recall, so nobody can sell
    or complete an order again and neither book trigger can ever come; the book's
    own ending (play on to equal turns) then ends the game. Solitaire never needs
    it: the drones keep dropping values and removing orders until a book trigger
    comes, so there the book's wording stands as written."""
    if s.end_triggered or s.phase in ("setup", "over"):
        return
    reason = book_trigger(*end_counts(s))
    if reason is None and turn_over and not s.solo and not tiles_left_to_take(s):
        reason = ("every hive tile has been taken" if not any(s.stacks.values())
                  else "no player can pay for the Decree tiles left") + NO_TRIGGER_LEFT
    if reason is None:
        return
    s.end_triggered = True
    s.end_reason = reason
    s.end_on_drone_turn = s.phase == "drone"
    if s.solo:
        tail = ("you take one more turn" if s.end_on_drone_turn else "it happened during your turn, so the game "
                "ends now")
    else:
        tail = "play goes on until everyone has had the same number of turns"
    s.say(f"The end of the game is triggered: {reason}; {tail}.")
    if s.solo and not s.end_on_drone_turn:
        # "If this occurs during one of your turns, the game ends immediately": the actions
        # still owed this turn are not taken and no order card is flipped
        s.todo = []
        s.holding = None
        scoring.finish(s)


#: the book's two end triggers: four market columns at their lowest value, or two order stacks
#: used up
END_BOTTOM, END_EMPTY = 4, 2
#: why the engine's safeguard ends a game: the book's two triggers can no longer come
NO_TRIGGER_LEFT = ", so no one can sell or complete an order again and the book's two end conditions can never be met"


def book_trigger(bottom: int, empty: int) -> str | None:
    """Which of the book's two end triggers ``bottom`` market values at their lowest and ``empty``
    order stacks used up meet, in words; None if neither."""
    if bottom >= END_BOTTOM:
        return "four market values cannot drop further"
    if empty >= END_EMPTY:
        return "two order stacks are empty"
    return None


def end_counts(s: HoneyBuzzState) -> tuple[int, int]:
    """What the book's two end triggers count: the market columns whose value cannot drop
    further, and the order stacks with no order left."""
    data = game_data()
    bottom = sum(1 for i, col in enumerate(data.market.columns) if s.market[i] >= len(col.values) - 1)
    empty = sum(1 for k in range(3) if s.orders_up[k] is None and not s.order_stacks[k])
    return bottom, empty


def tiles_left_to_take(s: HoneyBuzzState) -> bool:
    """Some player could still take some tile (given enough workers)."""
    cost = game_data().components.decree_cost
    rich = any(p.coins >= cost for p in s.players)
    return any(v > 0 and (k != "decree" or rich) for k, v in s.stacks.items())


def end_turn(s: HoneyBuzzState) -> None:
    """The end of the current turn: the order stacks whose card was taken show their next one, the end triggers are
    checked, and play passes to the next player, to the drones in solitaire (their turn queued), or the game ends."""
    if s.phase == "over":
        return  # solitaire: the end came during the turn (check_triggers)
    s.pending = None
    s.todo = []
    orders.flip_stacks(s)
    check_triggers(s, turn_over=True)
    if scoring.finished(s):
        return
    if s.solo:
        if s.end_triggered:
            scoring.finish(s)
            return
        s.phase = "drone"
        push(s, DRONE_TURN)
        return
    if s.end_triggered and s.current == s.n - 1:
        scoring.finish(s)
        return
    s.current = (s.current + 1) % s.n
    if s.current == 0:
        s.turn += 1
    start_turn(s)

