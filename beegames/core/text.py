"""Text that a player typed, or that came from a file, on a terminal.

Names, file names and folders are data: they never carry a terminal
control sequence to the screen. :func:`clean_name` cleans a name when it is
entered (the new-game form, ``--names``); :func:`printable` shows anything
else escaped (an old save holding such a name, an odd file name), and
:func:`printable_data` does so for a whole JSON document as it is read.
"""

from __future__ import annotations

import re
from typing import Any

#: Control characters: C0 (NUL-US, ESC and BEL among them), DEL and C1. A
#: terminal acts on them (clears the screen, retitles the window, rings), so
#: none of them ever reaches it from anything a player typed.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
#: Whole terminal sequences: CSI (``ESC [ … final``), OSC (``ESC ] … BEL``
#: or ``ESC \\``) and the other two-character escapes.
_SEQUENCE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI
                       r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC
                       r"|\x1b[@-Z\\-_]"  # two characters
                       r"|\x9b[0-?]*[ -/]*[@-~]")  # CSI as one C1 character


#: A pattern of text free of control characters (for an input field's
#: ``restrict``: a key or a paste bringing one in is refused).
NO_CONTROLS = "[^\x00-\x1f\x7f-\x9f]*"


def has_controls(text: str) -> bool:
    """True if ``text`` holds a control character."""
    return _CONTROL.search(text) is not None


def clean_name(text: str) -> str:
    """A name as typed, fit to keep: terminal sequences and control
    characters removed, runs of spaces made one. Names are cleaned when they
    are entered (the new-game form, ``--names``)."""
    return " ".join(_CONTROL.sub(" ", _SEQUENCE.sub("", text)).split())


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}"


def printable(text: str, keep: str = "") -> str:
    """``text`` safe to show on a terminal: each control character written
    as a visible escape (ESC as ``\\x1b``, BEL as ``\\x07``), except those
    in ``keep``. This is how anything that did not pass :func:`clean_name`
    (an old save, a file name, a folder) is shown."""
    if _CONTROL.search(text) is None:
        return text
    if not keep:
        return _CONTROL.sub(_escape, text)
    return _CONTROL.sub(lambda m: m.group() if m.group() in keep else _escape(m), text)


def printable_data(value: Any, keep: str = "\n\t") -> Any:
    """``value`` (JSON data: dicts, lists, strings, numbers) with every
    string made :func:`printable`; the keys of dicts too. Line breaks and tabs
    are kept, as texts may hold them."""
    if isinstance(value, str):
        return printable(value, keep)
    if isinstance(value, list):
        return [printable_data(item, keep) for item in value]
    if isinstance(value, dict):
        return {printable(str(k), keep): printable_data(v, keep) for k, v in value.items()}
    return value
