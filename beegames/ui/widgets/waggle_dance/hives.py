"""The seats: each honeycomb, Bumblebot's area, the list of players and the keyboard seat's own
Queen Bee cards."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from ....games.waggle_dance.view import BumblebotView, HiveView, RoomView, TableView
from ..dice import BLOCKER_COLOUR, die_chip
from .look import EGG_STYLE, HONEY_STYLE, MARK_STYLE, TARGET_STYLE, dice_hex, nectar_chip, seat_tag
from .panel import Canvas, columns

#: A space no line is broken at (a seat's "honey 3/5" stays whole).
NBSP = "\u00a0"

#: What a pool shows at dawn, before the round's roll (its values are last round's).
NOT_ROLLED = "not rolled yet"


def _pool(cv: Canvas, pool: tuple[int, ...], colour: str, rolled: bool, mine: bool = False) -> None:
    if not rolled:
        cv.add(NOT_ROLLED + " ", "dim italic")
    elif pool:
        for v in pool:
            cv.flow(die_chip(v, dice_hex(colour)), target=f"die{v}" if mine else None, indent=2)
            cv.add(" ")
    else:
        cv.add("all placed ", "dim")


def dice_words(h: HiveView, tv: TableView) -> str:
    """What the count before a seat's pool counts: "6 dice:", "6 dice, 5 to place:" by day,
    "6 dice, 2 home:" at night, as they come back (with a Volunteer die: "6+1 dice")."""
    owned = f"{h.dice}+{h.volunteer}" if h.volunteer else str(h.dice)
    return count_words(owned, h.dice + h.volunteer, h.pool, tv)


def count_words(owned: str, total: int, pool: tuple[int, ...], tv: TableView) -> str:
    """The count before a pool (any seat's, or Bumblebot's): ``owned`` dice, and how many of the
    ``total`` are still to place (or are home again) when that is not all of them."""
    if tv.rolled and pool and len(pool) != total:
        return f"{owned} dice, {len(pool)} {'home' if tv.phase == 'night' else 'to place'}:"
    return f"{owned} dice:"


def draw_hive(h: HiveView, tv: TableView, mine: bool, marked: frozenset[int] | set[int] = frozenset(),
              width: int = 0) -> Canvas:
    """One honeycomb: the seat, its dice and its rooms (``marked``: rooms the highlighted
    choice is about; with a ``width``, the rooms in two columns when they fit in it, and the
    heading and the dice wrapped to it rather than cut)."""
    cv = Canvas(width=width or None)
    tag = seat_tag(h.name, h.colour)
    cv.add(tag)
    you = " (you)" if mine and tv.hand is not None else ""
    honey = Text(f" honey{NBSP}{h.honey}/{tv.target} ", style=HONEY_STYLE if h.honey else "bold")
    cards = f" cards{NBSP}{h.cards}"
    first = f" ·{NBSP}first" if h.first else ""
    # one space less before the honey where that keeps the line whole; else the rest wraps
    gap = " " if not width or tag.cell_len + len(you) + 1 + honey.cell_len + len(cards + first) <= width else ""
    if you:
        cv.flow(you, "dim", indent=2)
    cv.flow(Text(gap) + honey, indent=2)
    cv.flow(cards, indent=2)
    if first:
        cv.flow(first, "dim", indent=2)
    cv.newline()
    if h.flags:
        cv.flow(" Now: " + "; ".join(h.flags), "italic", indent=2)
        cv.newline()
    cv.add(f" {dice_words(h, tv)} ", "dim")
    _pool(cv, h.pool, h.colour, tv.rolled, mine)
    for what, dice in (("helpers", h.helpers), ("sick", h.sick)):
        if dice:
            cv.flow(f"{what} ", "dim", indent=2)
            for v in dice:
                cv.flow(die_chip(v, dice_hex(h.colour), dim=True), indent=2)
                cv.add(" ")
    cv.newline()
    if not columns(cv, [_room(h, room, marked, compact=True) for room in h.rooms], width):
        for room in h.rooms:
            cv.add_cell(_room(h, room, marked, compact=False))
            cv.newline()
    if h.waiting:
        cv.add(" Waiting to be stored ", "italic")
        for n in h.waiting:
            cv.add(nectar_chip(n))
            cv.add(" ")
        cv.newline()
    return cv


def _room(h: HiveView, room: RoomView, marked: frozenset[int] | set[int], compact: bool) -> Canvas:
    """One room on one line (``compact``: for a narrow column, without the note on what its
    dice do at night)."""
    cv = Canvas()
    cv.line_target(room.id)
    mark = room.index in marked
    cv.add(Text("▶" if room.target else ("›" if mark else " "), style="bold"))
    cv.add(Text(room.id, style=TARGET_STYLE if room.target else (MARK_STYLE if mark else "bold")))
    cv.add(" ")
    if room.honey:
        cv.add(Text(" HONEY HONEY", style=HONEY_STYLE))
    elif room.egg:
        cv.add(Text("  (egg)    ", style=EGG_STYLE))
    else:
        for k in range(4):
            if k:
                cv.add(" ")
            if k < len(room.nectar):
                cv.add(nectar_chip(room.nectar[k]))
            else:
                cv.add("··", "dim")
    if room.dice:
        cv.add(" ")
        for k, v in enumerate(room.dice):
            if k and not compact:
                cv.add(" ")
            cv.add(die_chip(v, dice_hex(h.colour)))
        if room.note and not compact:
            cv.add(" " + room.note, "dim italic")
    return cv


def draw_bumblebot(b: BumblebotView, tv: TableView) -> Canvas:
    cv = Canvas()
    cv.add(seat_tag("Bumblebot", b.colour))
    cv.add(" ")
    cv.add(f" honey {b.honey}/{tv.target} ", HONEY_STYLE if b.honey else "bold")
    cv.add(f" eggs {b.eggs}")
    cv.newline()
    cv.add(f" {count_words(str(b.dice), b.dice, b.pool, tv)} ", "dim")
    _pool(cv, b.pool, b.colour, tv.rolled)
    cv.newline()
    cv.add(" Nectar ", "dim")
    for n, k in b.nectar:
        cv.add(nectar_chip(n))
        cv.add(f"{k:<2}", "bold" if k else "dim")
    cv.newline()
    if b.card is not None:
        icons = " + ".join({"pair": "Pair", "most": "Most of", "least": "Least of"}[i] for i in b.icons)
        cv.add(f" Solo card {b.card}: ", "dim")
        cv.add(icons, "bold")
        cv.newline()
        cv.add("  chart ", "dim")
        for k, v in enumerate(b.chart):
            if k == b.blocker_at:
                cv.add(die_chip(v, BLOCKER_COLOUR, blocker=True))
            else:
                cv.add(f"{v} ")
            cv.add(" ")
        cv.add("· " + " ".join(b.actions), "dim")
        cv.newline()
    cv.add(f" Solo deck {b.deck} · discards {b.discard}", "dim")
    cv.newline()
    return cv


def draw_seats(tv: TableView, seats: list[tuple[str, bool, str]], deciding: int | None, thinking: bool,
               result: str | None, width: int = 30) -> Canvas:
    """Each seat's name (on its dice colour, with its dice mark), honey and cards, whether the
    computer plays it, and who decides; a seat's line wraps between its parts to ``width``."""
    cv = Canvas()
    rows = [(hive, name, human, level, [(f"honey {hive.honey}/{tv.target}", ""), (f"· cards {hive.cards}", "")])
            for hive, (name, human, level) in zip(tv.hives, seats)]
    # Two or more computer seats of one level whose "(computer, level)" would wrap each line (four
    # seats at 80 columns: eight lines, the choices squeezed below): a mark beside the turn marker
    # instead, which takes no room, and one line saying what it means.
    levels = {level for _h, _n, human, level, _p in rows if not human}
    wraps = [2 + cell_len(seat_tag(name, hive.colour).plain) + sum(1 + len(t) for t, _s in parts)
             + len(f" (computer, {level})") > width for hive, name, human, level, parts in rows if not human]
    marked = len(wraps) >= 2 and len(levels) == 1 and any(wraps)
    for hive, name, human, level, parts in rows:
        cv.add(("▶" if deciding == hive.seat else " ") + ("*" if marked and not human else " "), "bold")
        cv.add(seat_tag(name, hive.colour))
        if not human and not marked:
            parts.append((f"(computer, {level})", "dim"))
        # each part whole (no break inside it), the lines after the first indented
        _flow(cv, [(" " + text.replace(" ", NBSP), style) for text, style in parts], width, 4)
    if marked:
        cv.add(f" * computer, {levels.pop()}", "dim")
        cv.newline()
    if tv.bumblebot is not None:
        b = tv.bumblebot
        cv.add("▶ " if deciding == -1 else "  ", "bold")
        cv.add(seat_tag("Bumblebot", b.colour))
        cv.add(f" honey {b.honey}/{tv.target}")  # its dice and eggs: in its own panel
        cv.newline()
    if result:
        cv.add(result, "bold")
        cv.newline()
    elif thinking:
        cv.add("Thinking…", "bold yellow")
        cv.newline()
    return cv


def _flow(cv: Canvas, pieces: list[tuple[str, str]], width: int, indent: int) -> None:
    """Words of styled ``pieces`` laid out in lines of at most ``width`` cells, the lines after
    the first indented by ``indent`` cells."""
    x = cv.x
    for text, style in pieces:
        for k, word in enumerate(text.split(" ")):
            if not word:
                continue
            lead = " " if (k or text.startswith(" ")) and x > indent else ""
            if x > indent and x + len(lead) + cell_len(word) > width:
                cv.newline()
                cv.add(" " * indent)
                x, lead = indent, ""
            cv.add(lead + word, style)
            x += len(lead) + cell_len(word)
    cv.newline()


def draw_hand(tv: TableView, name: str, width: int = 44, hint: str = "", compact: bool = False,
              hidden: str = "Queen Bee cards stay hidden until the hand-off.") -> Canvas:
    """The keyboard seat's Queen Bee cards, one paragraph each, or a note that they stay hidden
    (``hidden``; wrapped to ``width``, so that the panel's height is known without a layout pass);
    ``hint``: the key that shows them or goes back, after the heading; ``compact`` (a short
    terminal, where the first card's text is all that shows under the table): how many cards
    there are, and the key that shows them."""
    cv = Canvas()
    if tv.hand is None:
        _flow(cv, [(hidden, "dim italic")], width, 0)
        return cv
    heading = [(f"{name}'s Queen Bee cards", "bold")]
    if len(tv.hives) > 1:
        heading.append((" (secret)", "dim"))
    if hint:
        heading.append((f" · {hint}", "dim"))
    _flow(cv, heading, width, 0)
    held = sum(card.count for card in tv.hand)
    if compact and not hint and held > 1:
        cv.add(f"  {held} cards · k shows them all", "dim")
        cv.newline()
    if not tv.hand:
        cv.add("  none in hand — a bee on G draws one", "dim")
        cv.newline()
    for card in tv.hand:
        cv.add("◆ ", "#f0b400")
        _flow(cv, [(card.name + (f" ×{card.count}" if card.count > 1 else ""), "bold"),
                   (f" ({card.phase})", "italic #8fb8ff" if card.phase == "day" else "italic #c0a0ff"),
                   (" " + card.effect, "")], width, 2)
    if tv.edition == "2014" and tv.deck_types:
        _flow(cv, [("In this game: " + ", ".join(tv.deck_types), "dim")], width, 0)
    return cv
