"""The player's own keys: a keymap file in the settings folder.

Every key binding of the app that a player may want elsewhere carries an id
(``game.undo``, ``replay.back``, ``wd.cards``...). ``keymap.toml`` in the
settings folder (the saves folder, beside ``.beegames-settings``) gives some
of them other keys; Textual's keymap support applies them everywhere::

    # keys for beegames: binding id = "key" or "key,another key"
    [game]
    undo = "ctrl+u"          # instead of ctrl+z
    [replay]
    back = "comma"
    forward = "full_stop"
    "hive.pass" = "p"        # a whole id in quotes works too

A table name is the first part of the ids under it. A key is written as
Textual names it: a letter or a symbol, a name (``left``, ``enter``,
``space``, ``comma``, ``f5``), with ``ctrl+``, ``shift+``, ``alt+`` in front
if wanted; several keys are separated by commas. The keys given replace the
binding's own. ``beegames keymap`` lists every id with its keys.

This module knows no screen: the app gathers its screen and widget classes
(``app.bound_classes``) and hands them, or the ids found in them, to the
functions here.

A file that cannot be read, is not TOML, or holds entries that are not keys
for known ids is reported in one line on the main menu, and the rest of it
still applies; nothing in it can stop the app.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.binding import Binding, BindingsMap, Keymap, KeymapApplyResult
from textual.keys import Keys, key_to_character

from ..core.paths import keymap_path
from ..core.text import has_controls, printable

if TYPE_CHECKING:
    from textual.dom import DOMNode

#: The largest keymap file read.
LIMIT = 64 * 1024
MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})
_NAMES = frozenset(k.value for k in Keys)


def valid_key(key: str) -> bool:
    """True if ``key`` names a key the way Textual does (``ctrl+u``, ``?``,
    ``comma``, ``f5``, ``shift+left``)."""
    if not key or has_controls(key) or " " in key:
        return False
    if len(key) == 1:
        return key.isprintable()
    *mods, base = key.split("+")
    if not base or any(m not in MODIFIERS for m in mods):
        return False
    return (len(base) == 1 and base.isprintable()) or base in _NAMES or key_to_character(base) is not None


def _flatten(table: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, dict):
            out += _flatten(value, key + ".")
        else:
            out.append((key, value))
    return out


def read_keymap(folder: Path) -> tuple[dict[str, str], list[str]]:
    """The keymap in the settings folder ``folder``: binding id → keys (as
    Textual's ``App.set_keymap`` takes them), and the problems found, one
    line each. A missing file is no problem; a bad entry is left out."""
    path = keymap_path(folder)
    if not path.exists() and not path.is_symlink():
        return {}, []
    from ..core.errors import SaveError
    from ..core.saves import read_bytes_safely  # (only when there is a file: the first screen stays light)

    name = printable(path.name)
    try:
        text = read_bytes_safely(path, LIMIT).decode("utf-8-sig")  # (a byte-order mark is skipped)
    except SaveError as exc:
        return {}, [printable(exc.reason)]
    except UnicodeDecodeError:
        return {}, [f"{name} is not text, so it is not used"]
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return {}, [f"{name} is not valid TOML ({printable(str(exc))}), so it is not used"]
    keymap: dict[str, str] = {}
    problems: list[str] = []
    for binding_id, value in _flatten(data):
        shown = printable(binding_id)
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            value = ",".join(value)
        if not isinstance(value, str):
            problems.append(f"{name}: {shown} needs keys in quotes, such as \"ctrl+u\"")
            continue
        keys = [k.strip() for k in value.split(",")]
        bad = [k for k in keys if not valid_key(k)]
        if bad:
            problems.append(f"{name}: {shown} = {printable(value)!r}: {printable(bad[0]) or 'an empty key'} "
                            "is not a key name")
            continue
        keymap[binding_id] = ",".join(keys)
    return keymap, problems


def binding_ids(classes: Iterable[type[DOMNode]]) -> dict[str, tuple[str, str]]:
    """Every binding id the given screen and widget classes declare: id →
    (its keys, what it does), sorted by id. The app gives it all of its
    classes (``app.binding_ids``)."""
    found: dict[str, tuple[list[str], list[str]]] = {}
    for cls in classes:
        for key, bindings in cls._merged_bindings.key_to_bindings.items() if cls._merged_bindings else ():
            for binding in bindings:
                if binding.id:
                    keys, whats = found.setdefault(binding.id, ([], []))
                    if key not in keys:
                        keys.append(key)
                    # (one id may do more than one thing: the step keys drive a watched game too)
                    if binding.description and binding.description not in whats:
                        whats.append(binding.description)
    return {bid: (",".join(keys), " / ".join(whats)) for bid, (keys, whats) in sorted(found.items())}


def unknown_ids(keymap: dict[str, str], known: Mapping[str, object]) -> list[str]:
    """The ids in ``keymap`` that are not among ``known`` (the app's binding ids)."""
    return [bid for bid in keymap if bid not in known]


def problems_of(folder: Path, ids: Mapping[str, object]) -> tuple[dict[str, str], list[str]]:
    """The keymap of ``folder`` and every problem in it, unknown ids included, one line each."""
    keymap, problems = read_keymap(folder)
    unknown = unknown_ids(keymap, ids)
    problems += [f"{printable(keymap_path(folder).name)}: no key binding has the id {printable(bid)}"
                 for bid in unknown]
    return {bid: keys for bid, keys in keymap.items() if bid not in unknown}, problems


def listing(folder: Path, ids: Mapping[str, tuple[str, str]]) -> str:
    """What ``beegames keymap`` prints: the file and what in it cannot be used,
    then every id of ``ids`` (the app's, from ``app.binding_ids``) with the keys
    in force (the keymap's, marked ``*``, where it gives some) and what it does."""
    keymap, problems = problems_of(folder, ids)
    width = max(len(bid) for bid in ids)
    lines = [printable(f"Keymap file: {keymap_path(folder)}")]
    if problems:
        lines += ["", f"Not used, {len(problems)} problem{'s' if len(problems) > 1 else ''}:"]
        lines += [f"  {problem}" for problem in problems]
    lines += ["", f"{'id'.ljust(width)}  {'keys'.ljust(24)}  what it does"]
    for bid, (keys, what) in ids.items():
        shown = printable(keymap[bid]) + " *" if bid in keymap else keys
        lines.append(f"{bid.ljust(width)}  {shown.ljust(24)}  {what}")
    if keymap:
        lines += ["", "* set by the keymap file"]
    return "\n".join(lines)


def apply_keymap(bindings: BindingsMap, keymap: Mapping[str, str]) -> KeymapApplyResult:
    """Give the bindings of ``bindings`` named in ``keymap`` their new keys.

    Several bindings of a screen may share one key on purpose, each enabled
    at its own time (the coach's ``i``: hint, play the hint, review, stop).
    Textual's own ``BindingsMap.apply_keymap`` takes every binding off the
    old key of a binding it moves, so moving the hint left no key to review
    with. Here a moved binding leaves only itself behind. A new key replaces
    what was bound to it before (those bindings are the clash reported), as
    in Textual; bindings moved onto one key together do not clash."""
    moved: dict[str, list[Binding]] = {}
    kept: dict[str, list[Binding]] = {}
    for key, found in bindings.key_to_bindings.items():
        for binding in found:
            new_keys = keymap.get(binding.id) if binding.id else None
            if not new_keys:
                kept.setdefault(key, []).append(binding)
                continue
            for new_key in (k.strip() for k in new_keys.split(",")):
                moved.setdefault(new_key, []).append(binding.with_key(key=new_key, key_display=None))
    clashed: set[Binding] = set()
    for key in moved:
        clashed.update(kept.pop(key, ()))
    kept.update(moved)
    bindings.key_to_bindings = kept
    return KeymapApplyResult(clashed)


def use_our_keymap_rule() -> None:
    """Make every bindings map apply a keymap by :func:`apply_keymap` (Textual
    calls ``BindingsMap.apply_keymap`` each time it gathers a screen's keys)."""
    def _apply(self: BindingsMap, keymap: Keymap) -> KeymapApplyResult:
        return apply_keymap(self, keymap)

    BindingsMap.apply_keymap = _apply  # type: ignore[method-assign]
