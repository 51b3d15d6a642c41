"""A player's hive board: comb and swarm threshold, the disease track with
its two sides, bees in the supply, and the small shared helpers of the
rules (seasons, the active card, names)."""

from __future__ import annotations

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
    name = MONTH_NAMES[s.month - 1]
    year = f"year {s.year}, " if s.years > 1 else ""
    return f"{year}{name} ({season_of(s.month)})"


def card(s: BeeLivesState) -> SeasonCard | None:
    """The active season card, if any."""
    return derived().card[s.card] if s.card is not None else None


def overheating(s: BeeLivesState) -> bool:
    c = card(s)
    return c is not None and c.overheat


def wild_active(s: BeeLivesState) -> bool:
    """Wild hives take turns (they sleep through spring of the first year)."""
    return not (s.year == 1 and s.month <= 3)


def spawn_strength(s: BeeLivesState) -> int:
    """The strength of a wild hive spawned at the default strength this year."""
    w = game_data().wild
    return w.year_spawn_strength.get(s.year, w.default_spawn_strength)


# -- names ------------------------------------------------------------------------------


def hive_name(s: BeeLivesState, key: str) -> str:
    idx = int(key[1:])
    if key[0] == "p":
        return f"{s.players[idx].name}'s hive"
    return f"the {s.wild[idx].name} wild hive"


def wild_name(s: BeeLivesState, idx: int) -> str:
    return s.wild[idx].name


# -- bees ---------------------------------------------------------------------------------


def supply(p: Player) -> int:
    """Bees of this colour off the board (neither workers nor brood)."""
    return game_data().board.workers_per_player - p.workers - p.nest


def threshold(p: Player) -> int:
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
    a Hygienic queen's raid moves at most one space. Returns spaces moved."""
    if p.upright:
        n = max(0, n - 1)
        p.upright = False
    if raid and p.queen == "hygienic":
        n = min(n, game_data().rules.hygienic_raid_cap)
    return forward(p, n)


def halve_disease(p: Player) -> None:
    """Swarm and stay: the level halves (rounded down in magnitude)."""
    normal = p.mite_normal // 2
    p.mite_normal = normal
    p.mite = 2 * normal if p.side == "B" else normal


def reset_disease(p: Player) -> None:
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
