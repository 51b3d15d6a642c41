"""What the planner learned from its own play-outs, written down as tables.

Over many solo games the monthly lookahead and the search kept choosing, in
some recurring situations, something other than what the plain plan would
do. Where they did so consistently, and the choice held up when measured,
it is written here, and the plain plan follows it (so the play-outs of the
lookahead and of the search follow it too):

- :data:`LEARNED_MODES`: the mode planned for next month
  (``Knobs.learned_modes``, on by default);
- :data:`LEARNED_TURNS`: the move of a turn (``Knobs.learned_turns``, on by
  default).

How each was found and what it is worth: ``docs/bee-lives-reconstructions.md``.
"""

#: Where the monthly lookahead overrules the plain default mode, learned from
#: its choices: (month, default mode, a wild hive on the map) -> the mode it
#: picked in at least half of the cases (at least 10 of them; two more cells,
#: a brood in a month whose default is to hold, can never apply: the default
#: holds only when no brood can hatch). The lookahead
#: (12 play-outs a variant, from April) played 600 solo games on seeds
#: 20000-20599, apart from the seeds the player is measured on; see
#: ``docs/bee-lives-reconstructions.md``. The plain planner follows the table
#: in every month, so the play-outs of the lookahead and of the search do too.
LEARNED_MODES: dict[tuple[int, str, bool], str] = {
    (3, "hatch", False): "token",
    (7, "token", False): "harvest",
    (8, "token", False): "harvest",
    (8, "token", True): "harvest",
    (8, "hold", True): "harvest",
}


#: A turn as :data:`LEARNED_TURNS` tells them apart: (month, next month's mode, free bees,
#: the strengths of the wild hives on the map, weakest first).
TurnKey = tuple[int, str, int, tuple[int, ...]]

#: Turns the plain planner meets in many games where another move scores more (a second
#: policy-improvement step, after :data:`LEARNED_MODES`): the search's choices in 120 ``good``
#: games (seeds 22000+) pointed at them, and playing each of the plan's few best moves out 32
#: times from 40 instances met in plain games (seeds 40000+) confirmed them, with exact states;
#: the keys here are wider and measured as rules (see ``docs/bee-lives-reconstructions.md``).
#: Turn -> (kind of move, bees).
LEARNED_TURNS: dict[TurnKey, tuple[str, int]] = {
    # June, a token swarm planned, one weak wild hive awake: a bee on Defend first (its raid
    # fails, 2 VP), the other bee wipes it out afterwards
    (4, "token", 2, (1,)): ("defend", 1),
    # June, the queen resting, two weak wild hives: both bees on one of them
    (4, "hold", 2, (1, 1)): ("raid", 2),
}


__all__ = ["LEARNED_MODES", "LEARNED_TURNS", "TurnKey"]
