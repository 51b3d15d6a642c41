"""Final scoring: coins, honey and pollen left, contests and orders; the
tie-breakers; and the solitaire win, loss and rank title."""

from __future__ import annotations

from ...core.protocol import GameResult
from ...core.words import plural
from .contests import final_contest_points, solo_contest_points
from .data import game_data
from .models import FinalScore, HoneyBuzzState, Player


def resources_left(p: Player) -> int:
    """The honey and pollen ``p`` still holds, one point each at the end."""
    return p.pollen + sum(1 for c in p.cells if c.honey)


def score_lines(s: HoneyBuzzState) -> list[FinalScore]:
    """Each player's final score in its parts: coins, honey and pollen left, contest points and order points (the
    solitaire contest points summed over its three cards)."""
    data = game_data()
    if s.solo:
        contest = [sum(pts for _, _, pts in solo_contest_points(s))]
    else:
        contest = final_contest_points(s)
    out = []
    for i, p in enumerate(s.players):
        orders = sum(data.order(o).points for o in p.orders)
        res = resources_left(p)
        out.append(FinalScore(coins=p.coins, resources=res, contests=contest[i], orders=orders,
                              total=p.coins + res + contest[i] + orders, completed_orders=len(p.orders)))
    return out


def _solo_minimum(s: HoneyBuzzState) -> int:
    return game_data().solo.level(s.options.solo_level).minimum


def finish(s: HoneyBuzzState) -> None:
    """The game is over: score it; nothing is left queued."""
    s.pending = None
    s.phase = "over"
    s.queue = []
    s.final = score_lines(s)
    for p, f in zip(s.players, s.final):
        s.say(f"{p.name}: {f.coins} coins + {f.resources} honey and pollen + {f.contests} from contests + "
              f"{f.orders} from {plural(f.completed_orders, 'order')} = {f.total}.")
    res = result(s)
    if res is not None:
        s.say(res.summary)


def finished(s: HoneyBuzzState) -> bool:
    """Has the game been scored (it is over)?"""
    return s.phase == "over"


def result(s: HoneyBuzzState) -> GameResult | None:
    """The game's result once it is over: the highest total wins, ties broken by the honey and pollen left, then by
    the orders completed (still tied: a shared victory); in solitaire a win when the contest points reach the level's
    minimum, with the rank of the score; None while the game goes on."""
    if s.phase != "over" or not s.final:
        return None
    data = game_data()
    if s.solo:
        f = s.final[0]
        need = _solo_minimum(s)
        level = data.solo.level(s.options.solo_level).name
        if f.contests >= need:
            return GameResult(winners=[0], scores=[float(f.total)],
                              summary=f"Won at {level}: {f.contests} contest points (needed {need}); final score "
                                      f"{f.total}, {data.solo.rank(f.total)}.")
        return GameResult(winners=[], scores=[0.0],
                          summary=f"Lost at {level}: {f.contests} contest points, {need} were needed.")
    totals = [f.total for f in s.final]
    best = max(totals)
    lead = [i for i, t in enumerate(totals) if t == best]
    tiebreak = None
    if len(lead) > 1:
        most = max(s.final[i].resources for i in lead)
        lead2 = [i for i in lead if s.final[i].resources == most]
        tiebreak = "most remaining honey and pollen"
        if len(lead2) > 1:
            most_o = max(s.final[i].completed_orders for i in lead2)
            lead2 = [i for i in lead2 if s.final[i].completed_orders == most_o]
            tiebreak = "most completed orders"
            if len(lead2) > 1:
                tiebreak = "still tied: a shared victory"
        lead = lead2
    names = " and ".join(s.players[i].name for i in lead)
    summary = f"{names} win{'s' if len(lead) == 1 else ''} with {best} points"
    if tiebreak:
        summary += f" ({tiebreak})"
    return GameResult(winners=lead, scores=[float(t) for t in totals], tiebreak=tiebreak, summary=summary + ".")
