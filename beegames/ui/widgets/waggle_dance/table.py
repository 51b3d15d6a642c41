"""The middle of the table: the action cards, the flowers, the threats, and the legend of the
action letters."""

from __future__ import annotations

from rich.text import Text

from ....games.waggle_dance.view import ACTION_LEGEND, DieView, FlowerView, NectarView, SpaceView, TableView, ThreatView
from ..dice import WILD_FACE
from .look import DICE_MARK, TARGET_STYLE, chip, mark_chip, nectar_chip
from .panel import Canvas, columns


def _space(cv: Canvas, sp: SpaceView) -> None:
    if sp.dice:
        c = chip(sp.dice[0], lit=sp.target)
        if sp.target:
            c.stylize("reverse")
        cv.add(c, target=sp.id)
        cv.add("+" if len(sp.dice) > 1 else " ")
    else:
        cv.add(Text(f"·{sp.value}", style=TARGET_STYLE if sp.target else "dim"), target=sp.id)
        cv.add(" ")


def legend(width: int = 0, blockers: bool = False, soldiers: bool = False) -> list[Text]:
    """What each action letter does, in as few lines of ``width`` cells as it takes (0: the
    letters on one line): "A room · C egg · E trade · G card · B/F your rooms"; with ``blockers``
    on the table, also what their mark stands for ("▦ blocker"), and with a die played by
    Soldiers on a threat, what its ``*`` stands for (with width 0, no wider than the letters'
    line: the wide table's column is as wide as its own lines)."""
    marks = [(DICE_MARK["Blocker"], "blocker")] if blockers else []
    if soldiers:
        marks.append((WILD_FACE, "Soldiers die: any value"))
    if marks and not width:
        width = legend()[0].cell_len
    for sep in (" · ", "  ", " "):
        items = []
        for letter, word in [*ACTION_LEGEND, *marks]:
            item = Text(letter, style="bold")
            item.append(f" {word}", style="dim")
            items.append(item)
        lines: list[Text] = [Text()]
        for item in items:
            line = lines[-1]
            if line.plain and width and line.cell_len + len(sep) + item.cell_len > width:
                lines.append(Text())
                line = lines[-1]
            if line.plain:
                line.append(sep, style="dim")
            line.append_text(item)
        if len(lines) == 1 or sep == " ":
            return lines
    return lines


def draw_table(tv: TableView, wide: bool, width: int = 0) -> Canvas:
    """The action cards, the flowers and the threats (narrow, in ``width`` cells: the
    flowers in two columns when they fit)."""
    cv = Canvas()
    if wide:
        phase = {"day": "Day", "night": "Night", "over": "Game over"}[tv.phase]
        cv.add(f"Round {tv.round} · {phase}", "bold")
        cv.add(f" · {tv.target} honey" + (" wins" if tv.edition == "2014" else " ends the game"), "dim")
        cv.newline()
    stock = f" · eggs {tv.eggs} · tiles {tv.rooms}"
    cv.add(f"Queen deck {tv.queen_deck}", "bold" if tv.queen_deck <= 3 else "")
    cv.add(stock)
    if tv.last_round:
        # never cut: on a line of its own when the column is too narrow for it
        if width and len(f"Queen deck {tv.queen_deck}{stock} · LAST ROUND") > width:
            cv.newline()
            cv.add("LAST ROUND", "bold red")
        else:
            cv.add(" · LAST ROUND", "bold red")
    elif not wide:
        cv.add(f" · goal {tv.target}", "dim")
    cv.newline()
    by_letter = {a.letter: a for a in tv.actions}
    for pair in ("AC", "EG"):
        for k, letter in enumerate(pair):
            a = by_letter[letter]
            if k:
                cv.add("  ")
            cv.add(Text(letter, style=TARGET_STYLE if a.target else "bold reverse"), target=letter)
            cv.add(" ")
            for sp in a.spaces:
                _space(cv, sp)
        cv.newline()
    # 2014's blockers stay all game: their mark is explained (a 2022 table keeps its lines for threats)
    blockers = tv.edition == "2014" and any(d.blocker for a in tv.actions for sp in a.spaces for d in sp.dice)
    soldiers = any(not d.value for th in tv.threats for d in th.dice)
    for line in legend(0 if wide else width, blockers, soldiers):
        cv.add(line)
        cv.newline()
    for letter in "BF":
        a = by_letter[letter]
        if a.pairs:
            colour = tv.bumblebot.colour if tv.bumblebot else ""
            cv.add(Text(letter, style="bold reverse"))
            cv.add(" Bumblebot ", "dim")
            for v in a.pairs:
                cv.add(mark_chip(v, colour))
                cv.add(mark_chip(v, colour))
                cv.add(" ")
            cv.newline()
    d = by_letter["D"]
    if wide or not columns(cv, [_flower_cell(f, d.target) for f in tv.flowers], width):
        for f in tv.flowers:
            _flower(cv, f, d.target, wide)
    if tv.threats_in_game or tv.threats:
        _threats(cv, tv, 0 if wide else width)
    return cv


def _flower_head(cv: Canvas, f: FlowerView, any_lit: bool) -> None:
    """The flower's letter (on flower 1), its mark when lit, its number, nectar and supply."""
    cv.line_target(f.id)
    if f.number == 1:
        cv.add(Text("D", style=TARGET_STYLE if any_lit else "bold reverse"), target="D")
    else:
        cv.add(" ")
    cv.add(Text("▶" if f.target else " ", style="bold"))
    cv.add(Text(str(f.number), style=TARGET_STYLE if f.target else "bold"))
    cv.add(" ")
    cv.add(nectar_chip(NectarView(f.colour, f.name, f.label)))
    cv.add(f" {f.supply:>2}", "dim")


def _flower(cv: Canvas, f: FlowerView, any_lit: bool, wide: bool) -> None:
    _flower_head(cv, f, any_lit)
    cv.add(" ")
    if f.closed:
        cv.add("closed ", "dim italic")
    for die in f.dice:
        cv.add(chip(die))
        cv.add(" ")
    if wide and f.counts:
        cv.add(f.counts, "dim")
    cv.newline()


def _flower_cell(f: FlowerView, any_lit: bool) -> Canvas:
    """A flower in a narrow cell: the dice on it grouped by owner and value, a chip and a count."""
    cv = Canvas()
    _flower_head(cv, f, any_lit)
    if f.closed:
        cv.add(" closed", "dim italic")
    counts: dict[tuple[str, int, bool], int] = {}
    first: dict[tuple[str, int, bool], DieView] = {}
    for die in f.dice:
        key = (die.colour, die.value, die.blocker)
        counts[key] = counts.get(key, 0) + 1
        first.setdefault(key, die)
    for key, count in counts.items():
        cv.add(" ")
        cv.add(chip(first[key]))
        if count > 1:
            cv.add(f"×{count}", "bold")
    return cv


#: More threats than this in a narrow column: those with no dice yet share a line per penalty,
#: so that the player's rooms still show under the table at 80x24.
MANY_THREATS = 3


def _threats(cv: Canvas, tv: TableView, width: int = 0) -> None:
    cv.add("Threats", "bold")
    cv.add(f" deck {tv.threat_deck} · guardians {tv.guardians}", "dim")
    cv.newline()
    if not tv.threats:
        cv.add("  none in play", "dim")
        cv.newline()
    crowd = width > 0 and len(tv.threats) > MANY_THREATS
    groups: dict[str, list[ThreatView]] = {}
    for th in tv.threats:
        if crowd and not th.dice:
            groups.setdefault(th.penalty, []).append(th)
    for th in tv.threats:
        if th.penalty in groups and not th.dice:
            if th is groups[th.penalty][0]:
                _threat_group(cv, groups[th.penalty], width)
        else:
            _threat(cv, th)


def _threat_group(cv: Canvas, group: list[ThreatView], width: int) -> None:
    """Threats of one penalty with no dice on them yet, on one line (wrapped to ``width``): each
    threat's id and name stand for it (a click), then the penalty; a threat with dice on it
    keeps a line of its own, with its spaces."""
    cv.add(Text("▶" if any(th.target for th in group) else " ", style="bold"))
    x = 1
    words: list[tuple[Text, str | None]] = []
    for k, th in enumerate(group):
        words.append((Text(th.id, style=TARGET_STYLE if th.target else "bold"), th.id))
        words.append((Text(th.name + ("," if k < len(group) - 1 else ":")), th.id))
    words += [(Text(w, style="dim"), None) for w in group[0].penalty.split()]
    for k, (word, target) in enumerate(words):
        lead = " " if k else ""
        if k and x + 1 + word.cell_len > width:
            cv.newline()
            lead, x = "    ", 0
        cv.add(lead)
        cv.add(word, target=target)
        x += len(lead) + word.cell_len
    cv.newline()


def _threat(cv: Canvas, th: ThreatView) -> None:
    cv.line_target(th.id)
    cv.add(Text("▶" if th.target else " ", style="bold"))
    cv.add(Text(th.id, style=TARGET_STYLE if th.target else "bold"))
    cv.add(f" {th.name:<9} ")  # (a space after the longest name too: "Dragonfly")
    for k in range(th.spaces):
        if k < len(th.dice):
            cv.add(chip(th.dice[k]))
        else:
            cv.add(Text("X ", style=TARGET_STYLE if th.target else "dim"))
        cv.add(" ")
    cv.add(th.penalty, "dim")
    cv.newline()
