"""A player's hive board: comb and swarm threshold, the disease track with
its two sides, bees in the supply, and the small shared helpers of the
rules (seasons, the active card, names)."""

from __future__ import annotations

from . import hooks
from .data import SeasonCard, derived, game_data
from .models import MONTH_NAMES, BeeLivesState, Player

# -- the calendar -------------------------------------------------------------------


def season_of(month: int) -> str:
    """Season of a productive month (1-3 spring, 4-6 summer, 7-9 fall)."""
    if month <= 3:
        return "spring"
    if month <= 6:
        return "summer"
    if month <= 9:
        return "fall"
    return "winter"


def month_label(s: BeeLivesState) -> str:
    """The month as the log heads it: its name and season, with the year in front in a game of more
    than one year."""
    name = MONTH_NAMES[s.month - 1]
    year = f"year {s.year}, " if s.years > 1 else ""
    return f"{year}{name} ({season_of(s.month)})"


def card(s: BeeLivesState) -> SeasonCard | None:
    """The active season card, if any."""
    return derived().card[s.card] if s.card is not None else None


def overheating(s: BeeLivesState) -> bool:
    """Whether the active season card puts overheating in effect this month (the Cool Hive action and
    the wild hives' wet-tile step depend on it)."""
    c = card(s)
    return c is not None and c.overheat


def wild_active(s: BeeLivesState) -> bool:
    """Wild hives take turns (they sleep through spring of the first year,
    unless a scenario wakes them)."""
    if s.year == 1 and s.month <= 3:
        return s.solo is not None and hooks.awake_in_spring(s)
    return True


def spawn_strength(s: BeeLivesState, first_year: int | None = None) -> int:
    """The strength a wild hive spawned now comes into play with. In the first year, what the
    rule that spawns it gives (``first_year``: the bees a swarm lost, 7 for a wild swarm;
    by default the 3 of the season cards and the harder rule). In any later year 4 (second)
    or 5 (third), whatever spawned it ("When a wild hive is spawned in any year except for
    the first..."); campaign cards that name a strength for their year pass it directly."""
    w = game_data().wild
    if s.year > 1 and s.year in w.year_spawn_strength:
        return w.year_spawn_strength[s.year]
    return w.default_spawn_strength if first_year is None else first_year


# -- names and numbers in texts ------------------------------------------------------------


def count(n: int, noun: str, many: str | None = None) -> str:
    """``n`` and its noun, agreeing: "1 bee", "0 bees", "3 brood" (``many``
    for a plural that is not the noun plus "s")."""
    return f"{n} {noun if n == 1 else (many if many is not None else noun + 's')}"


def agree(n: int, one: str, many: str) -> str:
    """The verb form for a subject of ``n`` ("starves" or "starve")."""
    return one if n == 1 else many


def disease_text(lvl: int) -> str:
    """A disease level as the track prints it: "0", "-1", "-2"..."""
    return f"-{lvl}" if lvl else "0"


def hive_name(s: BeeLivesState, key: str) -> str:
    """How the texts name the hive behind a target key ("p<i>" a player's hive, "w<i>" a wild hive)."""
    idx = int(key[1:])
    if key[0] == "p":
        return f"{s.players[idx].name}'s hive"
    return f"the {s.wild[idx].name} wild hive"


# -- bees ---------------------------------------------------------------------------------


def supply(p: Player) -> int:
    """Bees of this colour off the board (neither workers nor brood)."""
    return game_data().board.workers_per_player - p.workers - p.nest


def threshold(p: Player) -> int:
    """The player's swarm threshold: the yellow value of the highest comb cell, or the purple one under
    a Nomadic queen."""
    d = derived()
    table = d.purple if p.queen == "nomadic" else d.yellow
    return table[p.comb]


def lose_workers(p: Player, n: int) -> int:
    """Remove ``n`` workers from the worker area (unassigned bees); returns how many."""
    n = min(n, p.unassigned)
    p.unassigned -= n
    p.workers -= n
    return n


def pool_size(bees: int) -> int:
    """Raid dice for a party of ``bees``."""
    rd = game_data().rules.raid_dice
    if bees <= 0:
        return 0
    return min(rd.max_dice, -(-bees // rd.bees_per_die))


# -- disease ----------------------------------------------------------------------------------


def level(p: Player) -> int:
    """Disease level: the printed number of the last normal space reached
    (stored as a positive magnitude; the board prints it negative)."""
    return derived().track_a[p.mite_normal]


def track_length(p: Player) -> int:
    """How many spaces the player's disease track has on its current side (B adds half spaces)."""
    d = derived()
    return d.track_len_b if p.side == "B" else d.track_len_a


def forward(p: Player, n: int) -> int:
    """Move the mite ``n`` spaces up the track; returns the spaces moved."""
    if n <= 0:
        return 0
    top = track_length(p) - 1
    before = p.mite
    p.mite = min(top, p.mite + n)
    p.mite_normal = p.mite // 2 if p.side == "B" else p.mite
    return p.mite - before


def back(p: Player, n: int) -> int:
    """Move the mite ``n`` spaces down the track (never below the start)."""
    if n <= 0:
        return 0
    before = p.mite
    p.mite = max(0, p.mite - n)
    if p.mite != before:
        p.mite_normal = (p.mite + 1) // 2 if p.side == "B" else p.mite
    return before - p.mite


def gain_disease(p: Player, n: int, *, raid: bool = False) -> int:
    """Apply a disease gain: the upright mite takes one off (and lies down),
    a Hygienic queen's raid moves at most one space. Returns spaces moved.

    A gain of nothing (honey stolen from a hive at level 0) is no gain of
    disease, so it leaves an upright mite standing for the next one."""
    if n <= 0:
        return 0
    if p.upright:
        n = max(0, n - 1)
        p.upright = False
    if p.infected:  # Zombees: an infected colony's disease gains double
        from .data import solo_data

        n *= solo_data().zombees.disease_factor
    if raid and p.queen == "hygienic":
        n = min(n, game_data().rules.hygienic_raid_cap)
    return forward(p, n)


def halve_disease(p: Player) -> None:
    """Swarm and stay: the level halves (rounded down in magnitude)."""
    normal = p.mite_normal // 2
    p.mite_normal = normal
    p.mite = 2 * normal if p.side == "B" else normal


def reset_disease(p: Player) -> None:
    """Put the mite back on the start space of the track (swarm and leave: disease level zero)."""
    p.mite = 0
    p.mite_normal = 0


def settle_half_space(p: Player) -> None:
    """Cleanup: a mite on a half space (side B) goes back to the normal space behind it."""
    if p.side == "B" and p.mite % 2 == 1:
        p.mite -= 1
        p.mite_normal = p.mite // 2


def set_queen(p: Player, queen: str) -> None:
    """Put a queen on the board; a Hygienic queen turns the track to side B
    and back, keeping the level."""
    p.queen = queen  # type: ignore[assignment]
    side = "B" if queen == "hygienic" and game_data().board.disease.half_spaces else "A"
    if side != p.side:
        p.side = side  # type: ignore[assignment]
        p.mite = 2 * p.mite_normal if side == "B" else p.mite_normal
