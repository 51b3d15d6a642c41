"""Who won: most honey, then fewest dice, then most nectar, then a shared win.

Both editions break ties the same way. Dice lent for the round (Volunteer)
are not counted: only the dice a player owns.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ...core.protocol import GameResult
from .models import Table

Candidate = tuple[Hashable, int, int, int]


def break_ties(cands: Sequence[Candidate]) -> tuple[list[Hashable], str | None]:
    """``cands``: (id, honey, dice, nectar). The winners and the rule that decided, if one did."""
    best = max(c[1] for c in cands)
    lead = [c for c in cands if c[1] == best]
    if len(lead) == 1:
        return [lead[0][0]], None
    fewest = min(c[2] for c in lead)
    lead = [c for c in lead if c[2] == fewest]
    if len(lead) == 1:
        return [lead[0][0]], "fewest dice"
    most = max(c[3] for c in lead)
    lead = [c for c in lead if c[3] == most]
    if len(lead) == 1:
        return [lead[0][0]], "most nectar"
    return [c[0] for c in lead], "shared victory"


def tie_detail(rule: str | None, cands: Sequence[tuple[str, int, int, int]]) -> str:
    """The figures that broke a tie, for the summary: ``cands`` are (name, honey, dice, nectar);
    "fewest dice: Ann 6, Bob 7" among the leaders on honey, "most nectar: Ann 3, Bob 2" among
    those also level on dice; "" when no tie was broken."""
    best = max(c[1] for c in cands)
    lead = [c for c in cands if c[1] == best]
    if rule == "fewest dice":
        return "fewest dice: " + ", ".join(f"{c[0]} {c[2]}" for c in lead)
    fewest = min(c[2] for c in lead)
    lead = [c for c in lead if c[2] == fewest]
    if rule == "most nectar":
        return f"most nectar, all on {fewest} dice: " + ", ".join(f"{c[0]} {c[3]}" for c in lead)
    return ""


def compute_result(s: Table, figures: bool = True, stop: bool = True) -> GameResult:
    """The final standings: most honey, then fewest dice, then most nectar left, else a shared
    victory. Solo, the player is ranked against Bumblebot the same way, except that a Queen Bee
    deck run out before the player reached the target is a loss. ``figures``: a tie broken is
    told with the figures that broke it (the game's last log line, kept as it always was so
    that saves replay, names only the rule). ``stop``: the summary ends with why the engine
    stopped the game, if it did (the log's last line says it in its detail instead)."""
    scores = [float(p.honey) for p in s.players]
    b = s.bumblebot
    if s.solo and b is not None:
        p = s.players[0]
        if s.deck_out and p.honey < s.target:
            return GameResult(winners=[], scores=scores,
                              summary=f"The Queen Bee deck ran out: {p.name} loses to Bumblebot "
                                      f"({p.honey} honey to {b.honey}).")
        solo_won, rule = break_ties([(0, p.honey, p.dice, p.nectar_total),
                                     ("bumblebot", b.honey, b.dice, sum(b.nectar))])
        detail = tie_detail(rule, [(p.name, p.honey, p.dice, p.nectar_total),
                                   ("Bumblebot", b.honey, b.dice, sum(b.nectar))]) if figures else rule
        if solo_won == [0]:
            text = f"{p.name} beats Bumblebot ({p.honey} honey to {b.honey})"
            return GameResult(winners=[0], scores=scores, tiebreak=rule,
                              summary=text + (f", decided by {detail}." if rule else "."))
        if solo_won == ["bumblebot"]:
            text = f"Bumblebot beats {p.name} ({b.honey} honey to {p.honey})"
            return GameResult(winners=[], scores=scores, tiebreak=rule,
                              summary=text + (f", decided by {detail}." if rule else "."))
        return GameResult(winners=[0], scores=scores, tiebreak=rule,
                          summary=f"{p.name} and Bumblebot share the victory with {p.honey} honey each.")
    ranked, rule = break_ties([(i, p.honey, p.dice, p.nectar_total) for i, p in enumerate(s.players)])
    won: list[int] = [w for w in ranked if isinstance(w, int)]
    names = " and ".join(s.players[i].name for i in won)
    best = max(p.honey for p in s.players)
    if rule == "shared victory":
        summary = f"{names} share the victory with {best} honey"
    else:
        detail = tie_detail(rule, [(p.name, p.honey, p.dice, p.nectar_total) for p in s.players]) if figures else rule
        summary = f"{names} wins with {best} honey" + (f" (tie broken by {detail})" if rule else "")
    if s.stopped and stop:
        summary += f"; {s.stopped}"
    return GameResult(winners=won, scores=scores, tiebreak=rule, summary=summary + ".")
