"""The Waggle Dance screen's words for its keys, and for what it cannot show (the keys
screen's rows; the notes of the hand and the dice while no seat's may be shown)."""

from __future__ import annotations

from ....games.waggle_dance.view import ACTION_LEGEND

#: The action letters in words, as the table's legend writes them.
LEGEND = " · ".join(f"{letter} {word}" for letter, word in ACTION_LEGEND)

#: The keys screen's rows of a game (``{action}``: the key bound to it now).
KEYS_HELP = [
    ("1-6, click a die", "Pick a die of that value from your pool"),
    ("A C D E G", f"Put the picked die on that action: {LEGEND} (D: the flower of its number)"),
    ("D, 1-6", "With Directions: put the picked die on that flower"),
    ("R (or B, F), 0-9", "Put the picked die in that room (B hatch / F honey need a pair there)"),
    ("T (then 0-9)", "Put the picked die on a threat"),
    ("click a lit place", "Put the picked die there"),
    ("↑/↓, Enter", "Choose from the list (every decision)"),
    ("h", "Helper die (2022): spend one to change another"),
    ("k", "Your Queen Bee cards: show them, and list the ones you can play now; k or Esc: back"),
    ("{run_steps}", "Run the automatic steps (night, Bumblebot)"),
    ("{toggle_steps} / {next_step}", "Pause automatic steps / take one step"),
    ("Tab", "Switch between the list, the log and the board (PgUp/PgDn scroll it)"),
    ("Esc", "Back out of a choice, or open the menu"),
    ("{undo}", "Undo (not past dice rolls or cards drawn)"),
]
#: The keys screen's rows of the game's own keys that still work in a replay.
REPLAY_KEYS_HELP = [("k", "The Queen Bee cards shown: bring them into view; k or Esc: back"),
                    ("Tab", "Switch between the list, the log and the board (PgUp/PgDn scroll it)")]


def hand_note(public: bool) -> str:
    """What the hand says while no seat's cards may be shown: in a game, before the first
    hand-off; ``public``: a replay's public view, or a game the computer plays at every seat."""
    if public:
        return "Queen Bee cards stay hidden in the public view."
    return "Queen Bee cards stay hidden until the hand-off."


def pool_note(public: bool) -> str:
    """What the dice row says while no seat's pool may be shown there (one line at 80 columns)."""
    if public:
        return "(each player's dice: with their rooms)"
    return "(dice shown after the hand-off)"
