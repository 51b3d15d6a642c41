"""Winter upkeep (feed the bees, lose bees to disease), the end of a year,
final scoring and the tie-breaks; the solo rating."""

from __future__ import annotations

from ...core.protocol import GameResult
from ...core.tasks import make
from . import hooks
from .colony import count, level, month_label
from .common import push, turn_order
from .data import game_data
from .models import BeeLivesState, Player


def t_winter(s: BeeLivesState, args: list[str]) -> None:
    """Task "winter": Winter Upkeep begins; clears the season card and queues each winter month's
    heading, its feeding and its disease losses, then the year's end."""
    s.phase = "winter"
    s.card = None
    months = game_data().rules.winter.months
    tasks = []
    for k in range(months):
        tasks += [make("wmonth", 10 + k), make("feed", "winter"), "wdisease"]
    push(s, *tasks, "year_end")


def t_wmonth(s: BeeLivesState, args: list[str]) -> None:
    """Task "wmonth N": set the calendar to winter month ``N`` (10 December to 12 February) and head
    the log with it."""
    s.month = int(args[0])
    s.turn = (s.year - 1) * 12 + s.month
    s.say(f"— {month_label(s)} —")


def disease_losses(p: Player) -> int:
    """A winter month's Lose Bees to Disease for one colony (nothing said): as many workers as its
    disease level die. Returns how many."""
    lost = min(level(p), p.workers)
    p.workers -= lost
    p.unassigned -= lost
    return lost


def t_wdisease(s: BeeLivesState, args: list[str]) -> None:
    """Task "wdisease" (Lose Bees to Disease): each colony in turn order loses as many workers as its
    disease level."""
    for i in turn_order(s):
        p = s.players[i]
        lost = disease_losses(p)
        if lost:
            left = f"{p.workers} left" if p.workers else "none left"
            s.say(f"{p.name} loses {count(lost, 'bee')} to disease; {left}.")


def t_year_end(s: BeeLivesState, args: list[str]) -> None:
    """Task "year_end": each colony scores 1 VP per honey and per surviving worker and the solo modes
    see the year end (a failed goal stops here); then the next year starts (a colony with no worker
    left is out, the others skip the first feeding) or the game finishes."""
    for i in turn_order(s):
        p = s.players[i]
        gained = p.honey + p.workers
        p.vp += gained
        s.say(f"{p.name} scores {gained} VP for {p.honey} honey and {count(p.workers, 'surviving bee')}: "
              f"{p.vp} VP.")
    if s.solo is not None:
        hooks.year_ended(s)
        if s.solo.failed is not None:
            return  # the game is lost (the check after this step ends it)
    if s.year < s.years:
        for i in turn_order(s):
            p = s.players[i]
            if p.workers <= 0:
                p.eliminated = True
                p.hive = None
                s.say(f"{p.name}'s colony did not survive the winter and is out of the game.")
            else:
                p.skip_feeding = True
        if not turn_order(s):
            _finish(s)
            return
        s.year += 1
        s.month = 1
        s.card = None
        while s.players[s.first].eliminated:
            s.first = (s.first + 1) % s.n
        s.say(f"Year {s.year} begins: the played season cards stay out of the decks; "
              f"every colony skips the first feeding.")
        push(s, "month")
        if s.solo is not None:
            hooks.year_began(s)
        return
    _finish(s)


def _finish(s: BeeLivesState) -> None:
    if s.solo is not None:
        hooks.game_ended(s)
    vp = game_data().rules.vp.starvation_token
    for p in s.players:
        if p.starvation:
            p.vp += vp * p.starvation
            s.say(f"{p.name} loses {-vp * p.starvation} VP for {p.starvation} starvation "
                  f"token{'s' if p.starvation != 1 else ''}.")
    s.over = True
    s.phase = "over"
    res = compute_result(s)
    s.say(res.summary)


# -- results ----------------------------------------------------------------------------------


def eligible(p: Player) -> bool:
    """Whether the player may win: still in the game with at least one surviving worker (End of the
    Game)."""
    return not p.eliminated and p.workers >= 1


def _tie_key(p: Player) -> tuple[int, ...]:
    """The player's values for the tie-breaks, in the order of rules.json's ``tie_break`` (pollen,
    workers, comb)."""
    vals = {"pollen": p.pollen, "workers": p.workers, "comb": p.comb, "honey": p.honey}
    return tuple(vals[k] for k in game_data().rules.tie_break)


def rating(score: int) -> str:
    """The name the Solo Score Chart gives a one-year solo score (Beeginner up to Queen Bee)."""
    for r in game_data().rules.solo_ratings:
        if (r.min is None or score >= r.min) and (r.max is None or score <= r.max):
            return r.name
    return game_data().rules.solo_ratings[-1].name


def compute_result(s: BeeLivesState) -> GameResult:
    """The game's result: the winners and everyone's VP, with a summary line; a solo mode gives its own
    result, a basic solo game rates the score, several players go through eligibility and the
    tie-breaks."""
    if s.solo is not None:
        return hooks.mode_result(s)
    scores = [float(p.vp) for p in s.players]
    able = [i for i, p in enumerate(s.players) if eligible(p)]
    if s.n == 1:
        p = s.players[0]
        r = rating(p.vp)
        if able:
            return GameResult(winners=[0], scores=scores,
                              summary=f"{p.name} survives with {p.vp} VP: {r}.")
        return GameResult(winners=[], scores=scores,
                          summary=f"{p.name}'s colony died out ({p.vp} VP, {r}).")
    if not able:
        return GameResult(winners=[], scores=scores, summary="No colony survived: nobody wins.")
    best = max(s.players[i].vp for i in able)
    top = [i for i in able if s.players[i].vp == best]
    tiebreak = None
    if len(top) > 1:
        names = game_data().rules.tie_break
        for k in range(len(names)):
            vals = {i: _tie_key(s.players[i])[k] for i in top}
            m = max(vals.values())
            narrowed = [i for i in top if vals[i] == m]
            if len(narrowed) < len(top):
                tiebreak = f"most {names[k]}"
            top = narrowed
            if len(top) == 1:
                break
    names_txt = " and ".join(s.players[i].name for i in top)
    tail = f" (tie broken by {tiebreak})" if tiebreak else ""
    shared = " share the win" if len(top) > 1 else " wins"
    # the scores list every seat: say why a colony with no worker is not among the winners
    out = [p.name for i, p in enumerate(s.players) if i not in able]
    left = (f" {' and '.join(out)} {'has' if len(out) == 1 else 'have'} no worker left and cannot win."
            if out else "")
    return GameResult(winners=top, scores=scores, tiebreak=tiebreak,
                      summary=f"{names_txt}{shared} with {best} VP{tail}.{left}")
