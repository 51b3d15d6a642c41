"""The keys of the Honey Buzz screen in words: its lines on the keys screen (``?``), the one
line under the prompt saying which keys answer the decision now, and the line of the panes'
keys on a small screen."""

from __future__ import annotations

from textual.binding import Binding

from ..canvas import Canvas

#: the panes a small screen shows one at a time: their keys and names
PANES = {"hive": ("h", "Hive"), "board": ("b", "Hive board"), "field": ("w", "Field"), "market": ("m", "Market")}
#: decisions made on the field too
FIELD_KINDS = {"forage", "peek", "start", "drone_nectar"}

#: the screen's own keys, for the keys screen (``{action}``: the key the keymap gives that action)
KEYS_HELP = [
    ("1-9", "Choose the numbered entry of the decision list"),
    ("↑/↓, Enter", "Move in the decision list and choose (every decision is there)"),
    ("Esc", "Step back: from the hive or a board to the list, then out of a group of choices; else open the menu"),
    ("○ dim entry", "A choice that does nothing now (listed last); ✗ one that cannot be taken (it says why)"),
    ("←/→ ↑/↓ shift+↑/↓", "On the hive: move the cursor W/E, NE/SW, NW/SE; on the boards: move between places"),
    ("b, ↑/↓, Enter", "On the hive board: open a Queen's contest to read what it counts (Enter again closes it)"),
    ("Enter or click", "Place the tile, choose the lit cell, fan there, or pick the lit place on a board"),
    ("r / R, wheel", "Turn the tile you are placing (clockwise / back)"),
    ("x, right click", "Swap the ends of the tile: the icon goes on the other hex"),
    ("Ctrl+arrows", "Pan the hive when it is bigger than its pane (so do a mouse drag and the wheel; it "
                    "follows the cursor). The line over it says which way more of it lies: more ◀ ▼"),
    ("Home", "Put the hive cursor back in the middle"),
    ("h / b / w / m", "Show the hive, the hive board, the field or the market and orders (small screens)"),
    ("< / >", "Show another player's hive"),
    ("a b c … on a cell", "The cell's name, used in the list; r/R/… lower case: the nectar an empty cell takes"),
    ("5/6", "An open site with 5 of its 6 hexes covered: one more tile closes it"),
    ("{run_steps}", "Solitaire: run the drones' turn now"),
    ("{toggle_steps} / {next_step}", "Solitaire: pause the drones' steps / take one step"),
    ("Tab", "Move the keyboard between the list, the log, the hive and the boards (placing a tile: the list and "
            "the hive)"),
    ("{undo}", "Undo your last decision (not past a card flipped or a tile looked at)"),
]


def decision_keys(kind: str, on_hive: bool) -> str:
    """The keys for a decision of ``kind``, in one line at 80 columns (``on_hive``: the keyboard is on the hive)."""
    if kind == "place" and on_hive:
        return "arrows · r turns · x ends · Enter places it"
    if kind == "place":
        return "↑/↓ shows each on the hive · h: by hand"
    if kind == "turn":
        return "1-9 or Enter in the list, or click a stack"
    if kind in ("config", "arrange"):
        return "↑/↓ shows it on the hive · 1-9 or Enter"
    if kind in FIELD_KINDS or kind in ("store", "produce"):
        return "1-9 or Enter in the list, or click a space"
    return "1-9 or ↑/↓ Enter in the list"


#: the drones' keys when they have nothing to do (a game without drones, or none of their steps to
#: take): hidden, under the ids of the keys they stand for, so a keymap moves them together
IDLE_STEP_BINDINGS = [
    Binding("space", "idle_key('run_steps')", "", id="game.run_steps", show=False),
    Binding("p", "idle_key('toggle_steps')", "", id="game.pause_steps", show=False),
    Binding("n", "idle_key('next_step')", "", id="game.next_step", show=False),
]
#: what each of the drones' keys does: in a solitaire game when it has nothing to do now, and the
#: part of it that is for solitaire only
_STEP_KEYS = {"run_steps": ("runs the drones' turn, after yours", "runs the drones' turn"),
              "toggle_steps": ("pauses the drones' turn while they play", "pauses the drones' turn"),
              "next_step": ("takes one step of the drones' turn while it is paused",
                            "takes one step of the drones' turn")}


def idle_key_note(key: str, action: str, kind: str, on_hive: bool, solo: bool) -> str:
    """What a drones' key (``key`` for ``action``: run_steps Space, toggle_steps p, next_step n,
    unless the keymap moved them) says when pressed on a decision of ``kind`` with nothing to do:
    what it is for, and the keys that choose."""
    now, always = _STEP_KEYS[action]
    what = now if solo else f"{always} in solitaire only"
    return f"{key} {what}. Your choice now: {decision_keys(kind, on_hive)}."


def pane_tabs(shown: str) -> Canvas:
    """The line of the panes' keys on a small screen, the pane ``shown`` marked (a click picks one)."""
    cv = Canvas()
    for name, (key, label) in PANES.items():
        on = name == shown
        cv.add(f" {key} ", "bold reverse" if on else "bold", target=f"tab:{name}")
        cv.add(f"{label} ", "bold" if on else "dim", target=f"tab:{name}")
    return cv
