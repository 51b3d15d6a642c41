"""The Honey Buzz boards drawn as text, every line within its box's width.

* the **hive board**: each hive box with its stacks, the beelines in it
  (each seat's name and height, on its colour), the height a new beeline
  needs, the bees in the nursery (named the same way), the drones
  (solitaire), and the Queen's contests with each seat's count (Enter on
  one writes under it what it counts and how it pays);
* the **field**: rows A–D, columns 1–6 and the start spots (column 0), each
  nectar tile on its colour (``?`` face down, tinted by its quadrant;
  ``R*`` a face-down tile this seat has looked at) and the forage tokens;
* the **market** columns with their values and markers, what the seat holds
  and what is left in the supply, and the **order** stacks.

Places that are a choice now are lit green and are spots of the canvas
(click them, or walk them with the arrow keys and press Enter); walking
them scrolls the pane so that every line of a board is in reach by keys.
"""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.geometry import Region

from ....games.honey_buzz import view as hbv
from ....games.honey_buzz.models import HoneyBuzzState
from ..canvas import Canvas, CanvasView
from . import ACTION_COLOURS, DRONE_STYLE, NECTAR_COLOURS, TARGET_STYLE, darken, nectar_chip, seat_colour, short_name

NECTAR_SHORT = {"P": "Pollen", "W": "Wild", "R": "Rosem", "C": "Cherry", "A": "Acacia"}


def _colour(st: HoneyBuzzState, seat: int) -> str:
    return seat_colour(st.players[seat].colour, seat)


def _seat_counts(cv: Canvas, st: HoneyBuzzState, counts: list[tuple[int, int]]) -> None:
    """Each seat's count (a beeline's height, the bees in the nursery) after its name: told apart by
    the name, not only by the colour."""
    for k, (s, n) in enumerate(counts):
        piece = Text(" ", style="dim")
        piece.append_text(short_name(st.players[s].name, 12, _colour(st, s)))
        piece.append(" ")
        piece.append(f"{n}", style=f"bold #101010 on {_colour(st, s)}")
        if k < len(counts) - 1:
            piece.append(",", style="dim")  # (the comma ends its count's line, never starts the next)
        cv.flow(piece)


def space_target(space: tuple[int, int]) -> str:
    r, c = space
    return f"start:{r}" if c < 0 else f"space:{r},{c}"


# -- the hive board ------------------------------------------------------------------------------


def draw_end_watch(cv: Canvas, st: HoneyBuzzState, only_when_near: bool = False) -> None:
    """When the game ends (the triggers and how far they are; the last round once one is met), in the
    game's words; ``only_when_near``: only once a trigger is met (over the hive board)."""
    text = hbv.end_watch(st)
    near = st.end_triggered or st.phase == "over"
    if not text or (only_when_near and not near):
        return
    cv.add(" ")
    cv.flow(text, "bold #ffb060" if near else "dim", indent=1)
    cv.newline()


def draw_hive_board(cv: Canvas, st: HoneyBuzzState, seat: int, takes: set[str]) -> None:
    """The last round if it has come, hive boxes, beelines, the nursery, the seat's workers, the drones."""
    draw_end_watch(cv, st, only_when_near=True)
    cv.add("Hive boxes", "bold")
    cv.flow(f"  {hbv.board_side(st)} player side", "dim")
    cv.newline()
    for i, box in enumerate(hbv.hive_boxes(st)):
        cv.add(" ")
        for j, (kind, left) in enumerate(box.stacks.items()):
            lit = kind in takes
            style = TARGET_STYLE if lit else ("dim" if not left or box.drone else "bold")
            if j:
                cv.add(" · ", "dim")
            cv.add(Text(hbv.action_name(kind), style=style), target=f"tile:{kind}", cell=(i, j))
            cv.add(f" {left}", "bold" if left else "dim")
        if box.drone:
            cv.flow(" ")
            cv.flow(Text(" drone ", style=DRONE_STYLE))
        if box.beelines:
            cv.flow("  beelines:", "dim")
            _seat_counts(cv, st, box.beelines)
        if box.next_height:
            cv.flow(f" · next {box.next_height}", "dim")
        if box.box == "newbee":
            nursery = [(k, p.nursery) for k, p in enumerate(st.players) if p.nursery]
            if nursery:
                cv.flow("  bees in the nursery:", "dim")
                _seat_counts(cv, st, nursery)
        cv.newline()
    p = st.players[seat]
    cv.flow(f" {p.name}: {p.available} free · {p.nursery} in the nursery · {p.supply} in the supply", "dim")
    cv.newline()
    dv = hbv.drones(st)
    if dv is not None:
        cv.add("Drones", "bold #c0a0ff")
        cv.flow(" in the " + " and ".join(hbv.box_name(b) for b in dv.boxes) + " boxes")
        cv.newline()
        nxt = hbv.box_name(dv.next_box) if dv.next_box else "?"
        cv.flow(f" next card: a drone to {nxt} · {dv.cards_in_deck} cards in the deck", "dim")
        cv.newline()
        if dv.discard:
            cv.flow(f" last card {hbv.drone_card_text(dv.discard[-1])}", "dim")
            cv.newline()


#: the keys that open a contest, said over them
CONTEST_KEYS = "(b ↑/↓ Enter: what it counts)"


def draw_contests(cv: Canvas, st: HoneyBuzzState, opened: str | None = None, first_cell: int = 30) -> list[str]:
    """The Queen's contests with each seat's count, and under the ``opened`` one what it counts and
    pays in words; returns their ids in order (their spots' cells)."""
    cv.add("Queen's contests", "bold")
    cv.flow("  " + CONTEST_KEYS, "dim")
    cv.newline()
    ids = []
    for k, row in enumerate(hbv.contest_rows(st)):
        ids.append(row.id)
        cv.add(" ▾ " if row.id == opened else " ◆ ", "#f0b400")
        cv.add(row.title, "bold", target=f"contest:{row.id}", cell=(first_cell + k, 0))
        cv.flow(f" · {row.what}")
        cv.newline()
        cv.add("   ")
        cv.flow(f"{row.pays}:", "dim")
        for i, (value, mark) in enumerate(row.values):
            piece = Text(" ")
            if len(row.values) > 1:
                piece.append(f"{st.players[i].name} ", style=_colour(st, i))
            piece.append(f"{value}", style="bold")
            if mark:
                piece.append(mark, style="bold #8fe07e" if mark.startswith("✓") else "#f0b400")
            cv.flow(piece)
        cv.newline()
        if row.id == opened:
            cv.add("   ")
            cv.flow(f"{row.meaning} {row.explain}".strip(), "italic", indent=3)
            cv.newline()
    goal = hbv.solo_goal(st)
    if goal is not None:
        cv.flow(f" Contest points {goal.points} of {goal.minimum} ({goal.level})",
                "bold #8fe07e" if goal.reached else "bold #ffb060")
        cv.newline()
    return ids


# -- the woodland --------------------------------------------------------------------------------


def draw_field(cv: Canvas, st: HoneyBuzzState, seat: int | None, lit: set[str], pricing: bool) -> None:
    """The field as ``seat`` sees it; ``lit`` are the spot targets that are a choice now."""
    cv.add("Field", "bold")
    cv.flow(" side B, face down" if st.advanced else " side A", "dim")
    cv.newline()
    rows = hbv.field_rows(st, seat)
    cols = max(len(r) for r in rows) - 1
    cv.add("    ")
    if not st.advanced:  # (the advanced variant has no forage tokens, so no start spots)
        cv.add(f"{0:<4}", "dim")
    for c in range(cols):
        cv.add(f"{c + 1:^4} ", "dim")  # over the letter of its space
    cv.newline()
    for r, row in enumerate(rows):
        cv.add(f" {'ABCDEFGH'[r]}  ", "bold")
        for sp in row:
            target = space_target(sp.space)
            on = target in lit
            if sp.space[1] < 0:
                if st.advanced:
                    continue
                text = Text("▸", style=TARGET_STYLE if on else "dim")
                for t in sp.tokens[:2]:
                    text.append("●", style=_colour(st, t) if not on else f"bold {_colour(st, t)} on #7fd36e")
                text.append(" " * max(0, 3 - len(text.plain)), style=TARGET_STYLE if on else "")
                cv.add(text, target=target, cell=(r, 0))
                cv.add(" ")
                continue
            text = Text()
            base = TARGET_STYLE if on else ""
            if sp.nectar is None:
                text.append(" · ", style=base or "dim")
            elif sp.nectar == "?":
                tint = NECTAR_COLOURS.get(sp.back or "?", "#888")
                text.append(" ? ", style=base or f"bold #e0e0e0 on {darken(tint)}")
            else:
                mark = "*" if st.advanced else " "
                text.append(f" {sp.nectar}{mark}", style=base or f"bold #101010 on {NECTAR_COLOURS[sp.nectar]}")
            if sp.tokens:
                text.append("●", style=f"bold {_colour(st, sp.tokens[0])}" + (" on #7fd36e" if on else ""))
                if len(sp.tokens) > 1:
                    text.append("+", style="bold")
            else:
                text.append(" ", style=base)
            cv.add(text, target=target, cell=(r, sp.space[1] + 1))
            cv.add(" ")
        cv.newline()
    shown = {sp.nectar for row in rows for sp in row if sp.nectar not in (None, "?")}
    letters = " ".join(f"{k} {NECTAR_SHORT[k]}" for k in NECTAR_SHORT if k in shown)
    legend = "● forage tokens (●+ several) · ▸ start spots"
    if st.advanced:
        legend = f"? face down (tinted by quadrant) · R* a tile you looked at · {hbv.quadrant_legend(st)}"
    legend = f"{letters} (· no tile) · {legend}" if letters else f"{legend} · a lone ·: no tile"
    if pricing:
        legend += " · " + hbv.forage_legend(st)
    cv.add(" ")
    cv.flow(legend, "dim", indent=1)
    cv.newline()
    removed = hbv.removed_nectar(st)
    if removed:
        cv.add(" ")
        cv.flow("removed by the drones: " + ", ".join(hbv.resource_name(k) for k in removed), "dim", indent=1)
        cv.newline()


def draw_market(cv: Canvas, st: HoneyBuzzState, seat: int, lit: set[str], drop_note: str = "") -> None:
    """The market columns (``lit``: the resources that are a choice now), the seat's goods, the supply."""
    cols = hbv.market_columns(st)
    cv.add("Market", "bold")
    cv.flow("  a sale drops its value one space", "dim")
    cv.newline()
    label = max(7, min(16, (cv.width or 42) - 7 * len(cols)))
    cv.add(" " * label)
    for i, col in enumerate(cols):
        on = col.resource in lit
        style = TARGET_STYLE if on else f"bold {NECTAR_COLOURS[col.resource]}"
        cv.add(Text(f"{NECTAR_SHORT[col.resource]:^7}", style=style), target=f"res:{col.resource}", cell=(10, i))
    cv.newline()
    depth = max(len(c.values) for c in cols)
    for k in range(depth):
        cv.add(" " * label)
        for col in cols:
            if k >= len(col.values):
                cv.add(" " * 7)
                continue
            v = col.values[k]
            if k == col.marker:
                cv.add(Text(f"{'[' + str(v) + ']':^7}", style=f"bold #101010 on {NECTAR_COLOURS[col.resource]}"),
                       target=f"res:{col.resource}")
            else:
                cv.add(f"{v:^7}", "dim")
        cv.newline()
    held = hbv.held(st, seat)
    label = max(7, min(16, (cv.width or 42) - 7 * len(hbv.RESOURCE_TYPES)))
    name = Text(st.players[seat].name, style=f"bold {_colour(st, seat)}")
    if name.cell_len >= label:  # too long for the row: on a line of its own, whole
        cv.add(" ")
        cv.flow(name + Text(" holds:", style="dim"), indent=1)
        cv.newline()
        name = Text("holds", style="dim")
    cv.add(name + Text(" " * (label - name.cell_len)))
    for r in hbv.RESOURCE_TYPES:
        cv.add(f"{held.get(r, 0):^7}", "bold" if held.get(r) else "dim")
    cv.newline()
    left = hbv.supply(st)
    cv.add(f"{'supply':<{label}}", "dim")
    for r in hbv.RESOURCE_TYPES:
        cv.add(f"{left[r]:^7}", "dim")
    cv.newline()
    if drop_note:
        cv.add(" ")
        cv.flow(drop_note, "bold #ffb060", indent=1)
        cv.newline()


def draw_orders(cv: Canvas, st: HoneyBuzzState, lit: set[str], first_cell: int = 20) -> None:
    """The order stacks (``lit``: the orders that are a choice now) and the orders completed."""
    cv.add("Orders", "bold")
    cv.flow("  complete one, then its stack's action", "dim")
    cv.newline()
    for k, stack in enumerate(hbv.order_stacks(st)):
        cv.add(f" {hbv.action_name(stack.action):<8}", f"bold {ACTION_COLOURS[stack.action]}")
        if stack.face_up is None:
            cv.flow(stack.blank, "dim", indent=10)
            cv.newline()
            continue
        on = stack.face_up in lit
        line = Text()
        line.append(f"{stack.face_up} ", style=TARGET_STYLE if on else "bold")
        for res, n in stack.needs.items():
            line.append_text(nectar_chip(res, f"{n}{res}"))
            line.append(" ")
        line.append(f"{stack.points} pts", style="bold #f0b400")
        cv.add(line, target=f"order:{stack.face_up}", cell=(first_cell + k, 0))
        cv.flow(f" ({stack.cards_below} below)", "dim")
        cv.newline()
    done = [(i, o) for i, p in enumerate(st.players) for o in p.orders]
    if done:
        cv.add(" completed:", "dim")
        for i, o in done:
            cv.flow(f" {o}", _colour(st, i))
        cv.flow(f" ({sum(hbv.order_points(o) for _, o in done)} pts)", "dim")
        cv.newline()
    draw_end_watch(cv, st)


# -- the players -----------------------------------------------------------------------------------


def draw_standings(cv: Canvas, st: HoneyBuzzState) -> None:
    """Every seat's goods, a line each (where the players' panel has no room for them)."""
    cv.add("Players", "bold")
    cv.flow("  c coins · p pollen · h honey · pts: the score if the game ended now", "dim")
    cv.newline()
    for s in hbv.standings(st):
        cv.add(" ")
        cv.add(s.name, f"bold {seat_colour(s.colour, s.seat)}")
        cv.flow(f" {_goods(s, nursery=True)} · {s.score_now} pts", indent=3)
        cv.newline()


def _goods(s: hbv.Standing, nursery: bool) -> str:
    """Coins, pollen, honey and the bees: the free ones of those owned (never a sum), and those
    owned that wait in the nursery (where there is room to say it; else the hive board says it)."""
    out = f"{s.coins}c {s.pollen}p {sum(s.honey.values())}h · bees {s.workers_available}/{s.workers_owned} free"
    return out + (f", {s.nursery} in the nursery" if nursery and s.nursery else "")


#: the characters of a seat's goods that fit on one line of the players' panel at 80 columns, after its indent
GOODS_WIDTH = 26


def seat_lines(st: HoneyBuzzState, rows: int) -> list[str]:
    """Each seat's goods, for the players' panel: ``rows`` lines (1 or 2) a seat, and one more
    for the bees in the nursery where there is room (2 rows; with 1 the hive board says it)."""
    goal = hbv.solo_goal(st)
    out = []
    for s in hbv.standings(st):
        more = f"{s.tiles} tiles, {len(s.orders)} orders, {s.score_now} pts"
        if goal is not None:
            # the level's goal in contest points (the hive board says it in full), within the panel's width
            more = f"{goal.level} goal {goal.points}/{goal.minimum} · {s.score_now} pts"
        nursery = f"\n    {s.nursery} in the nursery" if s.nursery else ""
        goods = _goods(s, False)
        if len(goods) > GOODS_WIDTH:  # (the bees on a line of their own, indented, rather than cut by the wrap)
            goods = goods.replace(" · bees", "\n    bees", 1)
        out.append(goods + (f"{nursery}\n    {more}" if rows > 1 else ""))
    return out


# -- the keyboard on a board --------------------------------------------------------------------------


def reveal_block(view: CanvasView, target: str, tries: int = 3) -> None:
    """Scroll the pane holding ``view`` so that its place ``target`` shows with the lines that go
    with it, down to the next place (the first place brings the top of the pane, the last its end):
    walking the places with the arrows reaches every line of the board."""
    here, pane = view.spot(target), view.parent
    if here is None or not isinstance(pane, VerticalScroll):
        return
    ys = [s.y for s in view.canvas.spots if s.cell is not None]
    top = 0 if min(ys, default=here.y) >= here.y else here.y
    bottom = min((y for y in ys if y > here.y), default=len(view.canvas.lines)) - 1
    box = view.virtual_region
    if box.height < len(view.canvas.lines) and tries > 0:  # lines just added (a contest opened): after the layout
        view.call_after_refresh(reveal_block, view, target, tries - 1)
        return
    pane.scroll_to_region(Region(box.x, box.y + top, 1, max(1, bottom - top + 1)), animate=False, immediate=True)
