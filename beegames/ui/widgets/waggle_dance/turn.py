"""A day turn on screen: the steps of placing a die, and the decision list of each step.

Placing a die is two choices: the die (keys 1-6, a click, or the list), then where it goes (a
letter key, R and a room number, T for a threat, a click, or the list). :class:`DiePicker` keeps
where the player is in that choice, including the helper-die and card steps. The functions here
turn the game's :class:`~beegames.games.waggle_dance.view.TurnOptions` into the list's entries
and the status line's hint for the step; an entry's value is a move to submit or a tuple
naming the picker's next step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum, auto
from typing import Any

from rich.text import Text

from ....games.waggle_dance import view as wd
from ..choices import Choice
from ..dice import DieView, die_chip
from .look import nectar_chip


class Step(Enum):
    DIE = auto()          # pick a die (or h: helper, k: cards)
    TARGET = auto()       # a die is picked: where does it go?
    ROOM = auto()         # ... which of your rooms (a digit)
    THREAT = auto()       # ... which threat (a digit)
    FLOWER = auto()       # ... which of the lit flowers (a digit), when more than one is lit
    HELPER = auto()       # helper die: the die spent
    HELPER_DIE = auto()   # helper die: the die changed
    HELPER_VALUE = auto()  # helper die: its new value
    CARDS = auto()        # a Queen Bee card to play
    CARD = auto()         # how to play it


HELPER_STEPS = (Step.HELPER, Step.HELPER_DIE, Step.HELPER_VALUE)
CARD_STEPS = (Step.CARDS, Step.CARD)


@dataclass
class DiePicker:
    """Where the player is in placing a die on a day turn."""

    step: Step = Step.DIE
    die: int | None = None
    helper: int | None = None
    changed: int | None = None
    card: str | None = None

    def reset(self, locked: int | None = None) -> None:
        self.step, self.die, self.helper, self.changed, self.card = Step.DIE, None, None, None, None
        if locked is not None:
            self.pick(locked)

    def pick(self, value: int) -> None:
        self.step, self.die = Step.TARGET, value

    def back(self, locked: int | None) -> bool:
        """One step back; False when there is nothing to back out of."""
        back = {Step.ROOM: Step.TARGET, Step.THREAT: Step.TARGET, Step.FLOWER: Step.TARGET,
                Step.HELPER_VALUE: Step.HELPER_DIE,
                Step.HELPER_DIE: Step.HELPER, Step.HELPER: Step.DIE, Step.CARD: Step.CARDS,
                Step.CARDS: Step.TARGET if self.die is not None else Step.DIE}
        if self.step in back:
            self.step = back[self.step]
            return True
        if self.step is Step.TARGET and locked is None:
            self.step, self.die = Step.DIE, None
            return True
        return False

    @property
    def key(self) -> tuple[Any, ...]:
        return (self.step, self.die, self.helper, self.changed, self.card)


def die_label(v: int, colour: str, what: str) -> Text:
    t = Text(f"[{v}] ")
    t.append_text(die_chip(v, colour))
    t.append(f" {what}")
    return t


def target_label(st: wd.Table, seat: int, die: int, t: str, several: frozenset[str] = frozenset()) -> Text:
    """A place's entry, led by its keys (``several``: the letters, D or T, lit on more than one
    place: those take the place's number too, as the letter alone does not say which)."""
    key = f"[{t[0]} {t[1:]}]" if t[0] == "R" or t[0] in several else f"[{t[0]}]"
    label = Text(key + " ", style="bold")
    label.append(wd.place_label(st, seat, die, t))
    return label


def target_keys(targets: set[str]) -> str:
    """The keys that reach the lit places: "A C D R+room T"."""
    keys = [letter for letter in "ACDEG" if any(x[0] == letter for x in targets)]
    if sum(x[0] == "D" for x in targets) > 1:
        keys[keys.index("D")] = "D+flower"
    if any(x[0] == "R" for x in targets):
        keys.append("R+room")
    threats = sum(x[0] == "T" for x in targets)
    if threats:
        keys.append("T+threat" if threats > 1 else "T")
    return " ".join(keys)


def entry_choice(entry: wd.ChoiceEntry) -> Choice:
    """An entry of any decision but a day turn, as the game words it, led by its nectar's tag (a
    heading opens its group, and may give the open group a heading of its own)."""
    label, heading = Text(), Text()
    if entry.nectar is not None:
        for text in (label, heading):
            text.append_text(nectar_chip(entry.nectar))
            text.append(" ")
    label.append(entry.label)
    heading.append(entry.heading or "")
    group = [entry_choice(e) for e in entry.group] if entry.move is None else None
    return Choice(label, entry.move, key=entry.key, group=group, heading=heading if entry.heading else None)


def choice_path(choices: list[Choice], pred: Any) -> list[int] | None:
    """The indices from the top of a list to the first entry whose move ``pred`` accepts,
    through the groups that hold it (None: no such entry)."""
    for i, choice in enumerate(choices):
        if choice.group is not None:
            sub = choice_path(choice.group, pred)
            if sub is not None:
                return [i, *sub]
        elif choice.value is not None and not isinstance(choice.value, tuple) and pred(choice.value):
            return [i]
    return None


def decision_choices(st: wd.Table, moves: list[wd.Move]) -> list[Choice]:
    """The list of any decision but a day turn (long nectar lists grouped by colour, one room a
    line: :func:`~beegames.games.waggle_dance.view.choice_entries`)."""
    return [entry_choice(e) for e in wd.choice_entries(st, moves)]


def decision_caption(st: wd.Table, moves: list[wd.Move]) -> Text | None:
    """The heading over a list whose entries say only the place (:func:`~beegames.games.
    waggle_dance.view.list_heading`), led by its nectar's tag; None for any other list."""
    heading = wd.list_heading(st, moves)
    if heading is None:
        return None
    text = nectar_chip(heading[1])
    text.append(" ")
    text.append(heading[0])
    return text


CARDS_ENTRY = ("mode", "cards")


def turn_choices(st: wd.Table, seat: int, turn: wd.TurnOptions, picker: DiePicker, colour: str) -> list[Choice]:
    """The decision list of a day turn at the picker's step (``colour``: the seat's dice colour
    on screen)."""
    out: list[Choice] = []
    step = picker.step
    back = Choice(Text("← back"), ("back",))
    if step is Step.HELPER:
        for h in sorted({m.helper for m in turn.helpers}):
            out.append(Choice(die_label(h, colour, "spend as the helper"), ("helper", h)))
        return [*out, back]
    if step is Step.HELPER_DIE:
        for d in sorted({m.die for m in turn.helpers if m.helper == picker.helper}):
            out.append(Choice(die_label(d, colour, "change this die"), ("helper_die", d)))
        return [*out, back]
    if step is Step.HELPER_VALUE:
        for m in turn.helpers:
            if m.helper == picker.helper and m.die == picker.changed:
                out.append(Choice(die_label(m.value, colour, f"turn the {m.die} into a {m.value}"), m))
        return [*out, back]
    if step is Step.CARDS:
        groups: dict[str, list[Any]] = {}
        for play in turn.cards:
            groups.setdefault(play.card, []).append(play)
        for cid, ms in groups.items():
            name, effect = wd.card_name_text(cid, wd.ruleset(st))
            if len(ms) == 1:
                out.append(Choice(Text(f"Play {name}: ") + Text(effect, style="dim"), ms[0]))
            else:
                out.append(Choice(Text(f"Play {name}… ({len(ms)} ways)"), ("card", cid)))
        return [*out, back]
    if step is Step.CARD:
        out = [Choice(Text(wd.move_label(st, m)), m) for m in turn.cards if m.card == picker.card]
        return [*out, back]
    cards = [Choice(Text("[k] Queen Bee cards…"), CARDS_ENTRY)] if turn.cards else []
    # 2014: another player who asks to play a card during this turn (Wrong Turn) is let in here
    calls = [Choice(Text(wd.move_label(st, m)), m) for m in turn.calls]
    if step is Step.DIE or picker.die is None:
        for v in turn.dice:
            n = len(turn.targets[v])
            out.append(Choice(die_label(v, colour, f"pick · {n} places"), ("die", v)))
        if turn.helpers:
            out.append(Choice(Text("[h] Helper die… change a die"), ("mode", "helper")))
        return out + cards + calls
    die = picker.die
    targets = turn.targets.get(die, ())
    several = frozenset(k for k in "DT" if sum(t[0] == k for t in targets) > 1)
    for t in targets:
        out.append(Choice(target_label(st, seat, die, t, several), wd.place_move(die, t)))
    out += cards + calls
    if turn.locked is None:
        out.append(Choice(Text("← pick another die"), ("back",)))
    return out


def turn_hint(st: wd.Table, picker: DiePicker, turn: wd.TurnOptions, targets: set[str], chip: Text) -> Text:
    """The status line of a day turn at the picker's step (``chip``: the picked die)."""
    t = Text()
    step = picker.step
    if step is Step.ROOM:
        # (the lit rooms carry ▶ on the board: listing them here could take a third line)
        t.append(f"Room for your {picker.die}: press the number of a lit ")
        t.append("▶", style="bold")
        t.append(" room. Esc: back")
    elif step is Step.THREAT:
        t.append(f"Threat for your {picker.die}: press its number. Esc: back")
    elif step is Step.FLOWER:
        lit = " or ".join(sorted(x[1:] for x in targets if x[0] == "D"))
        t.append(f"Flower for your {picker.die}: press its number ({lit}). Esc: back")
    elif step is Step.HELPER:
        t.append("Helper die: which die do you spend as the helper? (1-6) Esc: back")
    elif step is Step.HELPER_DIE:
        t.append(f"Helper {picker.helper}: which die do you change? (1-6) Esc: back")
    elif step is Step.HELPER_VALUE:
        t.append(f"Turn your {picker.changed} into…? (1-6) Esc: back")
    elif step in CARD_STEPS:
        t.append("Choose a Queen Bee card to play. Esc: back")
    elif step is Step.TARGET and picker.die is not None:
        t.append("Die ")
        t.append_text(chip)
        t.append(" → lit places: ")
        t.append(target_keys(targets), style="bold")
        if wd.locked_die(st) is None:
            t.append(" · Esc: other die", style="dim")
    else:
        t.append("Pick a die: 1-6 or click")
        if turn.helpers:
            t.append(" · h: helper", style="dim")
        if turn.cards:
            t.append(" · k: cards", style="dim")
    return t


def pool_dice(pool: Sequence[int], colour: str, picker: DiePicker, placeable: set[int] | None) -> list[DieView]:
    """The keyboard seat's dice row: the picked die (or the helper die and the die it changes)
    marked, and, on its own turn (``placeable`` given), the dice with nowhere to go dimmed."""
    mine = placeable is not None
    dice = []
    marked = False
    for v in pool:
        sel = not marked and mine and v == picker.die and picker.step not in HELPER_STEPS
        marked = marked or sel
        dim = mine and v not in (placeable or ())
        if mine and picker.step in HELPER_STEPS:
            sel = ((v == picker.helper and picker.step is not Step.HELPER)
                   or (v == picker.changed and picker.step is Step.HELPER_VALUE))
            dim = False
        dice.append(DieView(v, colour, selected=sel, dim=dim))
    return dice
