"""Queen's contests: the counts they measure, speed contests paid at once,
final contests paid by rank with the book's tie rules, and the tiered solo
contests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .common import owned_workers
from .data import ContestCard, SoloContestCard, game_data
from .geometry import LINE_VECTORS, longest_line, site_neighbours
from .models import HoneyBuzzState, Player


def _clusters(p: Player, want_nectar: bool) -> int:
    cells = {c.site: c for c in p.cells}
    n = 0
    for t in p.tiles:
        for h in t.hexes:
            a, b, c = (cells.get(x) for x in site_neighbours(h))
            if a is None or b is None or c is None:
                continue
            full = [x.nectar is not None for x in (a, b, c)]
            if want_nectar and all(full) or not want_nectar and not any(full):
                n += 1
    return n


def _nectar(p: Player) -> list[str]:
    return [c.nectar.kind for c in p.cells if c.nectar is not None]


METRIC_FUNCS: dict[str, Callable[[HoneyBuzzState, Player], int]] = {
    "nectar_clusters": lambda s, p: _clusters(p, True),
    "empty_cell_clusters": lambda s, p: _clusters(p, False),
    "longest_line": lambda s, p: longest_line([c.site for c in p.cells], LINE_VECTORS[s.options.line_vectors]),
    "cells": lambda s, p: len(p.cells),
    "nectar_tiles": lambda s, p: len(_nectar(p)),
    "nectar_types": lambda s, p: len(set(_nectar(p)) - {"?"}),
    "honey_held": lambda s, p: sum(1 for c in p.cells if c.honey),
    "workers": lambda s, p: owned_workers(p),
    "orders": lambda s, p: len(p.orders),
    "hive_tiles": lambda s, p: len(p.tiles),
    "best_sale": lambda s, p: p.best_sale,
    "cherry_acacia": lambda s, p: sum(1 for k in _nectar(p) if k in ("C", "A")),
    "pollen": lambda s, p: p.pollen,
    "coins": lambda s, p: p.coins,
}


def metric(s: HoneyBuzzState, seat: int, name: str) -> int:
    """Seat ``seat``'s count for the contest measure ``name`` (cells, nectar clusters, the longest line, coins...);
    raises KeyError for a measure no contest card uses."""
    return METRIC_FUNCS[name](s, s.players[seat])


def speed_payouts(n: int) -> list[int]:
    """The coins a speed contest pays at once to its first, second, ... finisher at ``n`` players."""
    return list(game_data().setup.speed_payouts[str(n)])


def check_speed(s: HoneyBuzzState, seat: int) -> None:
    """Pay every speed contest ``seat`` has just completed."""
    if s.solo:
        return
    data = game_data()
    for k, cid in enumerate(s.contests):
        card = data.contest(cid)
        if not isinstance(card, ContestCard) or card.kind != "speed" or seat in s.speed_done[k]:
            continue
        assert card.target is not None
        if metric(s, seat, card.metric) < card.target:
            continue
        place = len(s.speed_done[k])
        s.speed_done[k].append(seat)
        pays = speed_payouts(s.n)
        coins = pays[place] if place < len(pays) else 0
        p = s.players[seat]
        p.coins += coins
        s.say(f"{p.name} completes the speed contest {card.title} in place {place + 1}"
              + (f" and takes {coins} coins." if coins else "; no coins are left for that place."))


def final_payouts(values: list[int], payouts: list[int]) -> list[int]:
    """Points per player of a final contest, highest value first.

    Tied players each get the payout of their place; after a tie of two the
    next place is skipped; after a tie of three or more nothing more is
    paid. A lone last player gets nothing (tied last players are paid)."""
    n = len(values)
    out = [0] * n
    order = sorted(set(values), reverse=True)
    place = 0
    for i, v in enumerate(order):
        group = [j for j in range(n) if values[j] == v]
        last = i == len(order) - 1
        if last and len(group) == 1 and n >= 2:
            break
        pay = payouts[place] if place < len(payouts) else 0
        for j in group:
            out[j] = pay
        if len(group) >= 3:
            break
        place += len(group)
    return out


def final_contest_points(s: HoneyBuzzState) -> list[int]:
    """Points each player scores from the final contests (multiplayer)."""
    data = game_data()
    total = [0] * s.n
    for cid in s.contests:
        card = data.contest(cid)
        if not isinstance(card, ContestCard) or card.kind != "final":
            continue
        values = [metric(s, i, card.metric) for i in range(s.n)]
        for i, pts in enumerate(final_payouts(values, data.components.final_payouts)):
            total[i] += pts
    return total


def solo_tier_points(card: SoloContestCard, value: int) -> int:
    """The points a solo contest card gives for a count of ``value``: those of the highest tier reached, 0 below the
    first."""
    pts = 0
    for tier, p in zip(card.tiers, card.points):
        if value >= tier:
            pts = p
    return pts


def solo_contest_points(s: HoneyBuzzState) -> list[tuple[str, int, int]]:
    """(contest id, count, points) for each solo contest in play."""
    out = []
    for cid in s.contests:
        card = game_data().contest(cid)
        assert isinstance(card, SoloContestCard)
        value = metric(s, 0, card.metric)
        out.append((cid, value, solo_tier_points(card, value)))
    return out


def standings(s: HoneyBuzzState) -> list[dict[str, Any]]:
    """Per contest in play: its card, and each seat's count (and, for speed
    contests, the finishing order so far)."""
    data = game_data()
    out = []
    for k, cid in enumerate(s.contests):
        card = data.contest(cid)
        values = [metric(s, i, card.metric) for i in range(s.n)]
        row: dict[str, Any] = {"id": cid, "title": card.title, "metric": card.metric, "values": values}
        if isinstance(card, ContestCard):
            row["kind"] = card.kind
            row["target"] = card.target
            row["finished"] = list(s.speed_done[k])
            if card.kind == "final":
                row["points_now"] = final_payouts(values, data.components.final_payouts)
        else:
            row["kind"] = "solo"
            row["tiers"] = list(card.tiers)
            row["points_now"] = [solo_tier_points(card, values[0])]
        out.append(row)
    return out
