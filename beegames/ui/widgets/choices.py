"""The one decision list of every game screen.

A :class:`ChoiceList` shows a list of :class:`Choice` entries in a box of fixed
height. Every entry is drawn whole: long labels wrap under their first
character, and when the entries are taller than the box the list scrolls, its
first or last row saying that there is more. An entry may be

- a plain choice, whose :attr:`Choice.value` the screen gets back;
- refused (:attr:`Choice.refused` says why): drawn dim with a cross, and
  choosing it posts :class:`ChoiceList.Refused` so the screen can say why;
- a number row (:attr:`Choice.number`): ``←``/``→`` (and digits, while it is
  highlighted) set its value, and ``Enter`` chooses the entry *with* that value;
- a group (:attr:`Choice.group`): ``Enter`` or ``→`` opens it, ``Esc`` or ``←``
  goes back to the list it came from.

Changing the entries never changes the widget's size, so the screen is
repainted without a new layout. Labels are Rich ``Text``; a ``str`` label is
plain text, never markup, so that a name a player typed stays data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.markup import escape
from textual.message import Message
from textual.widget import Widget


@dataclass
class NumberRow:
    """A number set on the row itself, within ``low..high``."""

    low: int
    high: int
    value: int

    def set(self, value: int) -> bool:
        """Set the value (clamped); True if it changed."""
        value = max(self.low, min(self.high, value))
        changed = value != self.value
        self.value = value
        return changed


@dataclass
class Choice:
    """One entry of a :class:`ChoiceList`."""

    #: the whole text of the entry; a str is plain text
    label: Text | str
    #: what the screen gets back when the entry is chosen
    value: Any = None
    #: why the entry can't be chosen now (None: it can)
    refused: str | None = None
    #: a key that chooses the entry while the list has focus, shown before the label
    key: str | None = None
    #: a number set on the row (←/→), chosen with its value
    number: NumberRow | None = None
    #: the entries of a sub-list that this entry opens
    group: list[Choice] | None = None
    #: a short heading for the open group (what the entry is, without the detail its label adds
    #: at the top level); None: the whole label heads it
    heading: Text | str | None = None

    @property
    def text(self) -> Text:
        return self.label if isinstance(self.label, Text) else Text(self.label)

    @property
    def heading_text(self) -> Text:
        """The open group's heading: :attr:`heading`, or the whole label where none is given."""
        if self.heading is None:
            return self.text
        return self.heading if isinstance(self.heading, Text) else Text(self.heading)

    @property
    def selectable(self) -> bool:
        return self.refused is None

    def signature(self) -> tuple[Any, ...]:
        """What decides whether two entries draw alike."""
        return (self.text.plain, self.refused, self.key,
                None if self.number is None else (self.number.low, self.number.high, self.number.value),
                None if self.group is None else tuple(c.signature() for c in self.group),
                None if self.heading is None else self.heading_text.plain)


def _carry_numbers(old: list[Choice], new: list[Choice]) -> None:
    """Give new number rows the values set on old rows with the same label and bounds."""
    by_label = {c.text.plain: c for c in old}
    for c in new:
        was = by_label.get(c.text.plain)
        if was is None:
            continue
        if c.number is not None and was.number is not None \
                and (c.number.low, c.number.high) == (was.number.low, was.number.high):
            c.number.value = was.number.value
        if c.group is not None and was.group is not None:
            _carry_numbers(was.group, c.group)


def _as_choice(item: Choice | Text | str, index: int) -> Choice:
    if isinstance(item, Choice):
        return item
    return Choice(label=item, value=index)


class ChoiceList(Widget, can_focus=True):
    """The decision list: ↑/↓ Home/End PgUp/PgDn, Enter or a click; ←/→ on a number row or a
    group; the entry's key or digit chooses it.

    ``digits=True`` numbers the first nine selectable entries and lets ``1``–``9`` choose them
    (on a highlighted number row, a digit sets its value instead).
    """

    DEFAULT_CSS = """
    ChoiceList { height: 1fr; text-wrap: nowrap; text-overflow: clip; }
    ChoiceList > .choice-list--highlight {
        background: $block-cursor-background; color: $block-cursor-foreground; text-style: bold;
    }
    ChoiceList:blur > .choice-list--highlight {
        background: $block-cursor-blurred-background; color: $block-cursor-blurred-foreground; text-style: none;
    }
    ChoiceList > .choice-list--refused { color: $text-muted; }
    ChoiceList > .choice-list--group { color: $text-accent; text-style: bold; }
    ChoiceList > .choice-list--hint { color: $text-warning; text-style: bold; }
    """
    COMPONENT_CLASSES = {"choice-list--highlight", "choice-list--refused", "choice-list--group", "choice-list--hint"}
    #: the mark before an entry the coach suggests (or a group that holds it)
    HINT_MARK = "★ "
    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("pageup", "move(-5)", "Page up", show=False),
        Binding("pagedown", "move(5)", "Page down", show=False),
        Binding("enter", "select", "Choose", show=False),
        Binding("left", "left", "Less / back", show=False),
        Binding("right", "right", "More / open", show=False),
        # (shown in the footer while a sub-list is open: the screen's own Esc is not reached then)
        Binding("escape", "close_group", "Back", show=True),
    ]

    class _Event(Message):
        def __init__(self, choices: ChoiceList, index: int, choice: Choice) -> None:
            super().__init__()
            self.choice_list = choices
            self.index = index
            self.choice = choice
            self.number = None if choice.number is None else choice.number.value

        @property
        def control(self) -> ChoiceList:
            return self.choice_list

    class Selected(_Event):
        """A selectable entry was chosen (a number row with its value)."""

    class Highlighted(_Event):
        """The highlight moved to an entry."""

    class NumberChanged(_Event):
        """A number row's value changed."""

    class Refused(_Event):
        """A refused entry was chosen: :attr:`choice`'s ``refused`` says why."""

    def __init__(self, *, digits: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.digits = digits
        #: the top-level entries
        self.root: list[Choice] = []
        #: the groups opened, outermost first: (the entry that opened it, the highlight it left)
        self._path: list[tuple[Choice, int]] = []
        self.highlighted: int | None = None
        #: while True the list takes no key (its screen takes them all, e.g. while automatic
        #: steps are shown); it keeps the focus, so that nothing is restyled or rebuilt for it
        self.passive = False
        self._top = 0
        self._key: tuple[Any, ...] = ()
        self._wrap_cache: tuple[Any, list[list[Text]]] | None = None
        #: the line shown while there is nothing to choose: why, and what the player can do
        self._empty = ""
        #: which entries the coach suggests (:meth:`mark_hint`), and a count of its changes
        self._hinted: Callable[[Choice], bool] | None = None
        self._hint_version = 0
        #: a heading over the top level's entries (:meth:`set_choices`)
        self._caption: Text | None = None

    # -- what is shown ----------------------------------------------------------------
    @property
    def choices(self) -> list[Choice]:
        """The entries shown now: the open group's, or the top level's."""
        return self._path[-1][0].group or [] if self._path else self.root

    @property
    def option_count(self) -> int:
        return len(self.choices)

    @property
    def current(self) -> Choice | None:
        """The highlighted entry."""
        if self.highlighted is None or not 0 <= self.highlighted < len(self.choices):
            return None
        return self.choices[self.highlighted]

    @property
    def in_group(self) -> bool:
        return bool(self._path)

    @property
    def labels(self) -> list[Text]:
        """The shown entries' labels (as drawn, without numbers or marks)."""
        return [c.text for c in self.choices]

    def set_title(self, title: str) -> None:
        """Show ``title`` (plain text, never markup: it may hold a player's name) in the list's
        border; the same title again repaints nothing."""
        title = escape(title)
        if self.border_title != title:  # (a new title repaints the whole list)
            self.border_title = title

    def set_choices(self, choices: Sequence[Choice | Text | str], keep: bool = False, empty: str = "",
                    caption: Text | None = None) -> None:
        """Show ``choices``. The same entries again with ``keep`` change nothing; a new question
        (no ``keep``) starts at its first entry even when its entries look like the last one's (the
        next seat choosing its queen from the same four does not find the highlight where the last
        seat left it). Otherwise the highlight goes back to the first entry, unless ``keep``: then
        it stays where it was (within range),
        and a number row keeps the value the player set on the entry with the same label and
        bounds. (Redraw the same question with ``keep=True``; a new question without it.)

        An open group stays open while an entry with the same label still opens one. With no
        entries the list shows ``empty`` (plain text, never markup): why there is nothing to
        choose now, and what the player can do instead. A ``caption`` heads the top level's entries
        as an open group's heading heads its own (what they have in common, said once: "Store a
        pink nectar" over "in room 1 (Pk Pk)"), without a way back.
        """
        items = [_as_choice(c, i) for i, c in enumerate(choices)]
        if keep:
            _carry_numbers(self.root, items)
        key = (empty if not items else "", None if caption is None else caption.plain,
               *(c.signature() for c in items))
        self.root = items
        self._caption = caption
        closed = self._reopen()
        if key == self._key and not closed:
            if not keep and self.highlighted not in (None, 0):  # (a new question that looks the same)
                self.highlighted = 0
                self._changed()
            return  # same drawing: only the values (moves may be new objects) are new
        self._key = key
        self._empty = empty
        current = self.choices
        if not current:
            self.highlighted = None
        elif closed or not keep or self.highlighted is None or self.highlighted >= len(current):
            self.highlighted = 0
        self._changed()

    def _reopen(self) -> bool:
        """Follow the open groups into the new entries, by label; True if one was closed."""
        path: list[tuple[Choice, int]] = []
        level = self.root
        for entry, left in self._path:
            same = next((c for c in level if c.group is not None and c.text.plain == entry.text.plain), None)
            if same is None:
                break
            path.append((same, left))
            level = same.group or []
        closed = len(path) != len(self._path)
        self._path = path
        return closed

    def highlight(self, index: int) -> None:
        """Move the highlight to entry ``index`` of the shown list."""
        current = self.choices
        if not current:
            return
        index = max(0, min(index, len(current) - 1))
        if index != self.highlighted:
            self.highlighted = index
            self._scroll_to_highlight()
            self.refresh()
            self.post_message(self.Highlighted(self, index, current[index]))

    def highlight_first(self, wanted: Callable[[Any], bool]) -> None:
        """Highlight the first shown entry whose value is ``wanted``, quietly (no Highlighted
        message: the caller already shows what it is about); nothing if none is."""
        for i, choice in enumerate(self.choices):
            if wanted(choice.value):
                if self.highlighted != i:
                    with self.prevent(self.Highlighted):
                        self.highlight(i)
                return

    def open_group(self, index: int) -> None:
        """Open the group of entry ``index``."""
        entry = self.choices[index] if 0 <= index < len(self.choices) else None
        if entry is None or entry.group is None:
            return
        self._path.append((entry, index))
        self.highlighted = 0 if entry.group else None
        self._changed()

    def close_group(self) -> bool:
        """Go back to the list the open group came from; False if none is open."""
        if not self._path:
            return False
        _, left = self._path.pop()
        self.highlighted = min(left, len(self.choices) - 1) if self.choices else None
        self._changed()
        return True

    def _changed(self) -> None:
        self._top = 0
        self._wrap_cache = None
        self._scroll_to_highlight()
        self.refresh()
        entry = self.current
        if entry is not None and self.highlighted is not None:
            self.post_message(self.Highlighted(self, self.highlighted, entry))

    # -- the coach's mark ----------------------------------------------------------------
    def mark_hint(self, test: Callable[[Choice], bool] | None) -> None:
        """Mark with a ★ the entries for which ``test`` is true, and every group that holds
        one (None: no mark). The test is kept until it is changed: the screen clears it when
        the position changes."""
        if test is None and self._hinted is None:
            return
        self._hinted = test
        self._hint_version += 1
        self._wrap_cache = None
        self.refresh()

    def is_hinted(self, entry: Choice) -> bool:
        """True if ``entry`` is marked by :meth:`mark_hint` (a group: if an entry inside it is)."""
        if self._hinted is None:
            return False
        if entry.group is not None:
            return any(self.is_hinted(c) for c in entry.group)
        return self._hinted(entry)

    def hint_path(self) -> list[int] | None:
        """The indices from the top level to the first marked entry (through its groups), or None."""
        def find(level: list[Choice]) -> list[int] | None:
            for i, c in enumerate(level):
                if c.group is not None:
                    sub = find(c.group)
                    if sub is not None:
                        return [i, *sub]
                elif self._hinted is not None and self._hinted(c):
                    return [i]
            return None

        return find(self.root) if self._hinted is not None else None

    def reveal(self, path: Sequence[int]) -> None:
        """Show the entry at ``path`` (indices from the top level): close the open groups, open
        the ones on the way, and highlight it."""
        while self.close_group():
            pass
        for index in path[:-1]:
            self.open_group(index)
        if path:
            self.highlight(path[-1])

    # -- keys ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # ←/→ and Esc are the list's only where they mean something, so elsewhere they reach
        # the screen (the pause menu, a board)
        entry = self.current
        if action == "left":
            return (entry is not None and entry.number is not None) or self.in_group
        if action == "right":
            return entry is not None and (entry.number is not None or entry.group is not None)
        if action == "close_group":
            return self.in_group
        return True

    def action_move(self, step: int) -> None:
        if self.choices:
            self.highlight((self.highlighted or 0) + step)

    def action_jump(self, index: int) -> None:
        if self.choices:
            self.highlight(index if index >= 0 else len(self.choices) - 1)

    def action_select(self) -> None:
        if self.highlighted is not None:
            self.choose(self.highlighted)

    def action_left(self) -> None:
        entry = self.current
        if entry is not None and entry.number is not None:
            self._set_number(entry, entry.number.value - 1)
        else:
            self.close_group()

    def action_right(self) -> None:
        entry = self.current
        if entry is None:
            return
        if entry.number is not None:
            self._set_number(entry, entry.number.value + 1)
        elif entry.group is not None and self.highlighted is not None:
            self.open_group(self.highlighted)

    def action_close_group(self) -> None:
        self.close_group()

    def choose(self, index: int) -> None:
        """Choose entry ``index``: open its group, or post Selected (Refused if it is refused)."""
        current = self.choices
        if not 0 <= index < len(current):
            return
        entry = current[index]
        self.highlight(index)
        if not entry.selectable:
            self.post_message(self.Refused(self, index, entry))
        elif entry.group is not None:
            self.open_group(index)
        else:
            self.post_message(self.Selected(self, index, entry))

    def _set_number(self, entry: Choice, value: int) -> None:
        assert entry.number is not None
        if entry.number.set(value) and self.highlighted is not None:
            self._key = ()  # redraw
            self._wrap_cache = None
            self.refresh()
            self.post_message(self.NumberChanged(self, self.highlighted, entry))

    def digit_targets(self) -> list[int]:
        """The indices that the digits 1–9 choose (the first nine selectable entries)."""
        return [i for i, c in enumerate(self.choices) if c.selectable][:9]

    def on_key(self, event: events.Key) -> None:
        if self.passive:
            return  # the key goes on to the screen
        char = event.character
        if not char or not char.isprintable() or char.isspace():
            return
        entry = self.current
        if char.isdigit() and entry is not None and entry.number is not None:
            event.stop()
            event.prevent_default()
            number = entry.number
            typed = int(char)
            # a second digit typed on the row makes a two-digit number where it fits
            joined = number.value * 10 + typed
            self._set_number(entry, joined if number.value and joined <= number.high else typed)
            return
        for i, c in enumerate(self.choices):
            if c.key is not None and c.key == char:
                event.stop()
                event.prevent_default()
                self.choose(i)
                return
        if self.digits and char in "123456789":
            targets = self.digit_targets()
            n = int(char)
            if n <= len(targets):
                event.stop()
                event.prevent_default()
                self.choose(targets[n - 1])

    # -- drawing -------------------------------------------------------------------------
    def _lead(self, index: int, entry: Choice) -> Text:
        """What goes before an entry's label: its key or number, a mark."""
        lead = Text()
        if entry.key is not None:
            lead.append(f"{entry.key} ", style="bold")
        elif self.digits:
            targets = self.digit_targets()
            lead.append(f"{targets.index(index) + 1} " if index in targets else "  ", style="bold")
        if not entry.selectable:
            lead.append("✗ ")
        if self.is_hinted(entry):
            lead.append(self.HINT_MARK, style=self.get_component_rich_style("choice-list--hint", partial=True))
        return lead

    def _entry_text(self, index: int, entry: Choice) -> Text:
        text = self._lead(index, entry) + entry.text
        if entry.number is not None:
            n = entry.number
            text.append("  ")
            text.append("◀ " if n.value > n.low else "  ", style="bold")
            text.append(str(n.value), style="bold reverse")
            text.append(" ▶" if n.value < n.high else "  ", style="bold")
        if entry.group is not None:
            text.append(" ▸…", style="dim")
        if entry.refused:
            text.append(f" — {entry.refused}", style="italic")
        if not entry.selectable:
            text.stylize(self.get_component_rich_style("choice-list--refused", partial=True))
        return text

    def _rows_of(self, width: int) -> list[list[Text]]:
        key = (width, self._key, tuple(c.signature() for c in self.choices), len(self._path), self._hint_version,
               self._path[-1][0].heading_text.plain if self._path else None,
               None if self._caption is None else self._caption.plain)
        if self._wrap_cache is not None and self._wrap_cache[0] == key:
            return self._wrap_cache[1]
        out: list[list[Text]] = []
        if self._path:
            title = Text("‹ ", style="bold") + self._path[-1][0].heading_text.copy()
            title.append("  (Esc or ← back)", style="dim")
            title.stylize(self.get_component_rich_style("choice-list--group", partial=True))
            title.no_wrap = False
            out.append(list(title.wrap(self.app.console, max(1, width - 2))) or [Text("")])
        elif self._caption is not None and self.choices:
            caption = self._caption.copy()
            caption.stylize(self.get_component_rich_style("choice-list--group", partial=True))
            caption.no_wrap = False
            out.append(list(caption.wrap(self.app.console, max(1, width - 2))) or [Text("")])
        for i, entry in enumerate(self.choices):
            text = self._entry_text(i, entry)
            text.no_wrap = False
            out.append(list(text.wrap(self.app.console, max(1, width - 2))) or [Text("")])  # 2 cells lead
        self._wrap_cache = (key, out)
        return out

    def _blocks(self, width: int) -> tuple[int, list[list[Text]]]:
        """(rows of the group title or the caption, the entries' row blocks)."""
        rows = self._rows_of(width)
        return (1 if self._path or (self._caption is not None and self.choices) else 0), rows

    def _scroll_to_highlight(self) -> None:
        if self.highlighted is None or not self.size.height:
            return
        skip, blocks = self._blocks(self.size.width)
        block = self.highlighted + skip
        if block >= len(blocks):
            return
        total = sum(len(b) for b in blocks)
        height = self.size.height
        first = sum(len(b) for b in blocks[:block])
        last = first + len(blocks[block]) - 1
        if skip and self.highlighted == 0:
            first = 0  # keep the group's title in view with its first entry
        # the first and last rows give way to "more above/below" when there is more: the
        # highlighted entry must show whole between them
        if first < self._top + (self._top > 0):
            self._top = max(0, first - 1) if first else 0
        elif last >= self._top + height - (self._top + height < total):
            self._top = last - height + 1 + (last + 1 < total)
            if self._top > first - (first > 0):
                # an entry taller than the box: its first lines, not its last (the ▸ and what it is)
                self._top = max(0, first - 1) if first else 0

    def on_resize(self, event: events.Resize) -> None:
        top = self._top
        self._scroll_to_highlight()
        if self._top != top:
            self.refresh()  # (the new size may have been drawn already, from the old top)

    def render(self) -> Text:
        width = max(1, self.size.width)
        rows: list[Text] = []
        cursor = self.get_component_rich_style("choice-list--highlight")
        skip, blocks = self._blocks(width)
        if not blocks and self._empty:
            blocks = [list(Text(self._empty, style="dim").wrap(self.app.console, max(1, width - 2)))]
            skip = 1  # (no entry of the list: nothing is highlighted)
        for b, block in enumerate(blocks):
            i = b - skip
            for k, line in enumerate(block):
                lead = Text("▸ " if k == 0 and i == self.highlighted else "  ")
                row = lead + line
                if i == self.highlighted and i >= 0:
                    row.pad_right(width - row.cell_len)
                    row.stylize(cursor)
                rows.append(row)
        height = max(1, self.size.height)
        visible = rows[self._top:self._top + height]
        if self._top + height < len(rows) and visible:
            visible[-1] = Text("  … more below (↓)", style="dim")
        if self._top > 0 and visible:
            visible[0] = Text("  … more above (↑)", style="dim")
        out = Text("\n").join(visible)
        out.no_wrap = True
        return out

    def _index_at(self, y: int) -> int | None:
        """The entry drawn at row ``y`` (-1 for the group's title), or None."""
        row = 0
        skip, blocks = self._blocks(max(1, self.size.width))
        for b, block in enumerate(blocks):
            for _ in block:
                if row == y + self._top:
                    return b - skip
                row += 1
        return None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self._index_at(offset.y)
        if index is None:
            return
        event.stop()
        if index < 0:
            self.close_group()
        else:
            self.choose(index)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.action_move(1)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.action_move(-1)
