"""Piece identities, names and game types for Hive.

Every piece has a small integer id: ``colour * 16 + index`` where colour 0 is
White and 1 is Black and ``index`` runs over the fifteen pieces a colour can
own (Queen, two Spiders, two Beetles, three Grasshoppers, three Soldier Ants,
then the optional Mosquito, Ladybug, Pillbug and Dragonfly). Ids 15 and 31 are
unused. Names follow the Universal Hive Protocol: ``wQ``, ``wS1``, ``bA3``,
``wM`` ...
"""

from __future__ import annotations

import re

# Bug kinds (small ints used by the move generator).
QUEEN, SPIDER, BEETLE, GRASSHOPPER, ANT, MOSQUITO, LADYBUG, PILLBUG, DRAGONFLY = range(9)

KIND_LETTERS = "QSBGAMLPD"
KIND_NAMES = (
    "Queen Bee",
    "Spider",
    "Beetle",
    "Grasshopper",
    "Soldier Ant",
    "Mosquito",
    "Ladybug",
    "Pillbug",
    "Dragonfly",
)

#: Expansion letters in their canonical order.
EXPANSION_ORDER = "MLPD"
EXPANSION_NAMES = {"M": "Mosquito", "L": "Ladybug", "P": "Pillbug", "D": "Dragonfly"}

# (kind, number) for each index within a colour; number 0 means "unnumbered".
_INDEX_TABLE = (
    (QUEEN, 0),
    (SPIDER, 1),
    (SPIDER, 2),
    (BEETLE, 1),
    (BEETLE, 2),
    (GRASSHOPPER, 1),
    (GRASSHOPPER, 2),
    (GRASSHOPPER, 3),
    (ANT, 1),
    (ANT, 2),
    (ANT, 3),
    (MOSQUITO, 0),
    (LADYBUG, 0),
    (PILLBUG, 0),
    (DRAGONFLY, 0),
)

NUM_IDS = 32
WHITE, BLACK = 0, 1
COLOUR_NAMES = ("White", "Black")

#: kind of each piece id (-1 for the unused ids)
KIND = [-1] * NUM_IDS
#: UHP name of each piece id ("" for unused ids)
NAME = [""] * NUM_IDS
#: id of each UHP name
ID_OF: dict[str, int] = {}

for _c, _p in ((0, "w"), (1, "b")):
    for _i, (_k, _n) in enumerate(_INDEX_TABLE):
        _pid = _c * 16 + _i
        KIND[_pid] = _k
        NAME[_pid] = f"{_p}{KIND_LETTERS[_k]}{_n if _n else ''}"
        ID_OF[NAME[_pid]] = _pid

#: ids of each colour's pieces of each kind, in placement order
ORDER: list[list[list[int]]] = [[[] for _ in range(9)] for _ in range(2)]
for _pid in range(NUM_IDS):
    if KIND[_pid] >= 0:
        ORDER[_pid >> 4][KIND[_pid]].append(_pid)

QUEEN_ID = (0, 16)


def _colour_of(pid: int) -> int:
    """The colour of a piece id: 0 White, 1 Black (ids 0-15 and 16-31)."""
    return pid >> 4


def normalise_expansions(text: str) -> str:
    """Letters from ``MLPD`` in canonical order; ValueError on anything else."""
    letters = set()
    for ch in text.strip().upper():
        if ch in " ,+":
            continue
        if ch not in EXPANSION_ORDER:
            raise ValueError(
                f"Unknown Hive expansion letter {ch!r}: use M (Mosquito), L (Ladybug), "
                "P (Pillbug) and D (Dragonfly)."
            )
        letters.add(ch)
    return "".join(ch for ch in EXPANSION_ORDER if ch in letters)


def game_type_string(expansions: str) -> str:
    """UHP GameTypeString: ``Base`` or ``Base+`` and the expansion letters."""
    exp = normalise_expansions(expansions)
    return "Base" if not exp else f"Base+{exp}"


_GAME_TYPE_RE = re.compile(r"^\s*base\s*(?:\+\s*([a-z]*))?\s*$", re.IGNORECASE)


def parse_game_type(text: str) -> str:
    """Expansion letters of a UHP GameTypeString; ValueError if unreadable
    or if a letter is repeated (``Base+MM``)."""
    m = _GAME_TYPE_RE.match(text or "")
    if not m:
        raise ValueError(f"Unknown game type {text!r}: expected Base or Base+ followed by letters from MLPD.")
    letters = m.group(1) or ""
    if m.group(0).count("+") and not letters:
        raise ValueError(f"Game type {text!r} has a '+' but no expansion letters.")
    expansions = normalise_expansions(letters)
    if len(expansions) != len(letters):
        twice = next(ch for ch in expansions if letters.upper().count(ch) > 1)
        raise ValueError(f"Game type {text!r} names the {EXPANSION_NAMES[twice]} twice.")
    return expansions


def ids_in_game(expansions: str) -> list[bool]:
    """Which piece ids take part in a game with these expansions."""
    exp = normalise_expansions(expansions)
    out = [False] * NUM_IDS
    for pid in range(NUM_IDS):
        k = KIND[pid]
        if k < 0:
            continue
        if k >= MOSQUITO and KIND_LETTERS[k] not in exp:
            continue
        out[pid] = True
    return out


def piece_label(pid: int) -> str:
    """Readable label such as ``Spider 1`` or ``Queen Bee``."""
    name = NAME[pid]
    kind = KIND_NAMES[KIND[pid]]
    num = name[2:]
    return f"{kind} {num}" if num else kind
