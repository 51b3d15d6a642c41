"""The decisions in words (``decisions.py`` through ``view.py``): every legal
move is offered once and nothing else, the numbers before a choice are the
rules' own (read from the state the move leads to), refusals and losses are
said, the warnings add up, and places are named as the map names them, in
the log too."""

import re

from beegames.core.protocol import SeatInfo
from beegames.games.bee_lives import view as blview
from beegames.games.bee_lives.ai import make_player
from beegames.games.bee_lives.models import (
    Pending,
    RaidMove,
    RequeenMove,
    StarveMove,
    StayMove,
    WaxMove,
)

from .bl_helpers import E, at_turn, edit, layout, planner_player, put, started
from .test_bl_texts import bad_texts

COORDS = re.compile(r"\(-?\d+, ?-?\d+\)")


def _games():
    """Random games, and games of ``good``'s players without the search (:func:`planner_player`: its
    search, 5 s a solo year, only re-ranks the same choices), in every player count and solo mode
    (seeded)."""
    configs = [(1, {}), (2, {}), (3, {}), (4, {}), (1, {"harder": True}),
               (1, {"mode": "challenge", "challenge": "strong-leader"}),
               (1, {"mode": "challenge", "challenge": "pacifist"}),
               (1, {"mode": "scenario", "scenario": "haunted-hives"}),
               (1, {"mode": "campaign", "campaign": "zombees"})]
    for seed in range(3):
        for n, opts in configs:
            level = "planner" if seed else "random"
            yield n, seed, level, E.new_state(E.options_model().model_validate(opts),
                                              [SeatInfo(name=f"P{i}") for i in range(n)], seed)


def test_every_legal_move_is_offered_once_and_every_text_reads_well():
    texts = []
    for n, seed, level, s in _games():
        players = [planner_player(seed * 7 + i) if level == "planner" else make_player(level, seed * 7 + i)
                   for i in range(n)]
        while not s.over:
            d = E.decision(s)
            if d is None:
                s = E.step(s)
                continue
            dv = blview.decision_view(s, d.seat)
            assert dv is not None and dv.kind == d.kind
            assert blview.decision_view(s, (d.seat + 1) % n) is None or n == 1
            legal = E.legal_moves(s)
            entries = blview.walk(dv.entries)
            if d.kind in blview.FORMS:
                assert dv.entries[0].move in legal
                for e in entries:
                    if e.number is not None:
                        assert e.number.low <= e.number.value <= e.number.high
            else:
                offered = [e.move for e in entries if e.move is not None and e.refused is None]
                assert sorted(map(repr, offered)) == sorted(map(repr, legal)), d.kind
            texts.append(dv.question)
            texts += [e.label for e in entries] + [e.refused for e in entries if e.refused]
            texts += [e.confirm for e in entries if e.confirm]
            texts += [w.text for w in blview.warnings(s, d.seat)]
            move = players[d.seat].choose(E, E.view(s, d.seat))
            s = E.apply(s, move)
        log = [str(line) for line in E.full_log(s)]
        assert not [line for line in log if COORDS.search(line)], "the log names places by their map names"
        texts += log
    bad = bad_texts(texts)
    assert bad == [], "\n".join(bad)


def turn_state(queen: str = "prolific", **opts):
    """A solo colony's turn in June, to change by hand."""
    s = at_turn(edit(started(1, queens=[queen], **opts)), 0)
    s.month = 4
    return s


def test_a_forms_numbers_stay_legal_whatever_is_asked():
    s = turn_state()
    tile = next(m for m in E.legal_moves(s) if m.kind == "forage")
    s = E.apply(s, tile)
    assert E.decision(s).kind == "collect"
    f = s.forage
    dv = blview.decision_view(s, 0, {"honey": 99, "pollen": 99, "water": 99})
    take = dv.entries[0].move
    assert take in E.legal_moves(s)
    assert take.honey <= f.honey and take.pollen <= f.pollen
    assert take.honey + take.pollen + take.water <= s.players[0].empty


def test_a_requeen_that_breaks_strong_leader_says_so_and_a_stay_does_too():
    s = turn_state(mode="challenge", challenge="strong-leader")
    dv = blview.decision_view(s, 0)
    requeen = next(e for e in dv.entries if e.key == "q")
    assert requeen.group and all(isinstance(e.move, RequeenMove) for e in requeen.group)
    assert all("Strong Leader" in e.confirm and "lost" in e.confirm for e in requeen.group)
    defend = next(e for e in dv.entries if e.key == "d")
    assert all(e.confirm is None for e in defend.group)
    # a swarm: staying means a new queen, which breaks the challenge; leaving keeps it
    from beegames.games.bee_lives.models import SwarmCtx

    tile = put(s, "wilt", 1, 0)
    s.wild[0].tile, s.wild[0].strength = tile, 2
    s.swarm = SwarmCtx(seat=0, lost=2, honey_lost=0, spawned=0)
    s.pending = Pending.kinds()["swarm_stay"](**{**s.pending.model_dump(), "kind": "swarm_stay"})
    dv = blview.decision_view(s, 0)
    stay = next(e for e in dv.entries if e.move == StayMove(stay=True))
    leave = next(e for e in dv.entries if e.move == StayMove(stay=False))
    assert stay.confirm and "Strong Leader" in stay.confirm
    assert leave.confirm is None and f"W{tile}" in leave.title


def test_a_raid_that_breaks_pacifist_says_so():
    s = turn_state(mode="challenge", challenge="pacifist")
    tile = put(s, "wilt", 1, 0)
    s.wild[0].tile, s.wild[0].strength = tile, 3
    raids = [e for e in blview.walk(blview.decision_view(s, 0).entries) if isinstance(e.move, RaidMove)]
    assert raids and all("Pacifist" in e.confirm for e in raids)


def test_the_numbers_before_a_choice_are_the_rules():
    from beegames.games.bee_lives.decisions import strength_odds

    s = turn_state()
    p = s.players[0]
    p.workers = p.unassigned = 6
    p.honey, p.comb = 6, 12
    wax = next(e for e in blview.decision_view(s, 0).entries if e.key == "w")
    two = next(e for e in wax.group if e.move == WaxMove(bees=2))
    assert "4 honey, comb 12 -> 14" in two.detail  # Example J: 2 bees, 4 honey, 12 -> 14 cells
    # raid dice: one die for up to 4 bees (strength 1-4), two for 5 (Example H) capped by the party;
    # an aggressive queen adds 1 for every 2 bees
    assert set(strength_odds(s, 0, 4)) == {1, 2, 3, 4}
    p.queen = "aggressive"
    assert set(strength_odds(s, 0, 4)) == {3, 4, 5, 6}
    p.queen = "prolific"
    five = strength_odds(s, 0, 5)
    assert (min(five), max(five)) == (2, 5) and abs(sum(five.values()) - 1) < 1e-9
    # 4 bees wipe out a strength-4 wild hive at once only on a 4: one roll in four
    tile = put(s, "wilt", 1, 0)
    s.wild[0].tile, s.wild[0].strength = tile, 4
    four = next(e for e in blview.walk(blview.decision_view(s, 0).entries)
                if isinstance(e.move, RaidMove) and e.move.bees == 4)
    assert "1 die, strength 1-4; 25% to wipe it out at once" == four.detail


def test_letting_bees_starve_is_asked_first():
    s = turn_state()
    s.pending = Pending.kinds()["starve"](**{**s.pending.model_dump(), "kind": "starve", "amount": 2})
    p = s.players[0]
    p.workers, p.honey = 3, 0
    dv = blview.decision_view(s, 0)
    keep = next(e for e in dv.entries if e.move == StarveMove(tokens=2))
    none = next(e for e in dv.entries if e.move == StarveMove(tokens=0))
    assert keep.confirm is None and "-4 VP" in keep.detail
    assert none.confirm and "starve" in none.confirm


def test_the_warnings_say_feeding_swarming_and_disease():
    s = turn_state()
    s.month = 5
    p = s.players[0]
    p.workers, p.unassigned, p.honey = 6, 6, 1
    texts = [w.text for w in blview.warnings(s, 0)]
    assert ("Feeding in August: your 6 bees eat 3 honey and you have 1 so far. Short of 2, 4 bees would starve "
            "(you may keep 1 bee for a starvation token, -2 VP).") in texts, texts
    p.workers, p.unassigned, p.honey = 3, 3, 0
    assert ("Feeding in August: your 3 bees eat 2 honey and you have 0 so far. Short of 2, 3 bees would starve "
            "(you may keep them for a starvation token each, -2 VP).") in [w.text for w in blview.warnings(s, 0)]
    p.workers, p.unassigned, p.honey = 1, 1, 0  # (one bee: "keep it", QA bl-modes #6)
    assert ("Feeding in August: your 1 bee eats 1 honey and you have 0 so far. Short of 1, 1 bee would starve "
            "(you may keep it for a starvation token, -2 VP).") in [w.text for w in blview.warnings(s, 0)]
    p.workers, p.unassigned, p.honey = 6, 6, 3
    p.comb, p.pollen, p.water = 10, 0, 0  # fed, nothing to hatch: 6 bees stay over the threshold 5
    said = [w.text for w in blview.warnings(s, 0)]
    assert any(t.startswith("6 bees > swarm threshold 5: the hive swarms in August") for t in said), said
    p.honey, p.pollen, p.water = 4, p.comb - 4, 0
    assert any("comb is full" in w.text for w in blview.warnings(s, 0))
    p.mite = p.mite_normal = 9
    assert any(w.text.startswith("Disease -3") for w in blview.warnings(s, 0))
    s.month = 8
    assert any(w.text.startswith("Winter:") for w in blview.warnings(s, 0))


def test_tiles_and_spaces_are_named_as_the_map_names_them():
    s = turn_state()
    hive = s.players[0].hive
    names = {t.id: t.name for g in blview.map_groups(s) for t in g.tiles}
    assert names[hive] == f"B{hive}"
    dv = blview.decision_view(s, 0)
    scout = next(e for e in dv.entries if e.key == "s")
    assert all(re.fullmatch(r"Scout the space (east|west|north-east|north-west|south-east|south-west) of B\d+",
                            e.title) for e in scout.group)


def test_the_load_screen_summary_names_the_mode():
    assert blview.setup_summary({"mode": "challenge", "challenge": "builder"}) == "Challenge: Builder"
    assert blview.setup_summary({"mode": "campaign", "campaign": "wildfire"}) == "Campaign: Wildfire"
    assert blview.setup_summary({}) == ""
    assert blview.setup_summary({"years": "2", "harder": True}) == "2 years, harder"
    assert E.setup_summary({"mode": "scenario", "scenario": "surrounded"}) == "Scenario: Surrounded"


# -- the QA pass at 80×24 ---------------------------------------------------------------------------


def _random_decisions(seeds, stop, **opts):
    """Every decision of seeded random one-player games at which ``stop(state, decision)`` holds."""
    import random

    for seed in seeds:
        s = E.new_state(E.options_model().model_validate(opts), [SeatInfo(name="Ann")], seed)
        rnd = random.Random(seed)
        while not s.over:
            d = E.decision(s)
            if d is None:
                s = E.step(s)
                continue
            if stop(s, d):
                yield s, d
            s = E.apply(s, rnd.choice(E.legal_moves(s)))


def test_a_choice_that_leaves_no_worker_says_so_and_is_asked_first():
    """A raid's reroll or extra sacrifice, or a defender's sacrifice, that kills
    the colony's last worker warns of it (asked first); no other does."""
    from beegames.games.bee_lives.decisions import after

    kinds = ("reroll", "press", "sacrifice", "wild_sacrifice")
    warned = 0
    for s, d in _random_decisions(range(1, 60), lambda s, d: d.kind in kinds, harder=True):
        before = s.players[d.seat].workers
        forms = [{"defenders": a, "unassigned": b} for a in range(4) for b in range(4)] \
            if d.kind in blview.FORMS else [None]
        for form in forms:
            dv = blview.decision_view(s, d.seat, form)
            for e in blview.walk(dv.entries):
                if e.move is None or e.number is not None:
                    continue
                later = after(s, e.move)
                last = later is not None and before > 0 and later.players[d.seat].workers == 0
                says = e.confirm is not None and "0 worker bees" in e.confirm
                assert says == last, (d.kind, e.label, e.confirm)
                warned += says
    assert warned >= 3


def test_the_wild_hive_tie_break_asks_which_acts_next():
    s, d = next(_random_decisions(range(1, 40), lambda s, d: d.kind == "wild_order",
                                  mode="scenario", scenario="surrounded"))
    said = "which of these equally close wild hives acts next?"
    assert blview.decision_view(s, d.seat).question.endswith(said)
    assert d.prompt.endswith(said)


def test_one_bee_eats_and_a_death_is_said_once():
    s = turn_state()
    p = s.players[0]
    p.workers, p.unassigned, p.honey = 1, 1, 0
    feeding = next(w.text for w in blview.warnings(s, 0) if w.text.startswith("Feeding"))
    assert "your 1 bee eats 1 honey" in feeding
    # the starvation choice: the bees that die are said in the warning, not again in the label
    s.pending = Pending.kinds()["starve"](**{**s.pending.model_dump(), "kind": "starve", "amount": 1})
    p.workers, p.honey = 1, 0
    none = next(e for e in blview.decision_view(s, 0).entries if e.move == StarveMove(tokens=0))
    assert none.confirm and "starves" in none.confirm
    assert "starve" not in none.label, none.label


def test_the_decision_says_which_hives_it_is_about():
    """The deciding colony's hive first, then the wild hive that raids it."""
    s, d = next(_random_decisions(range(1, 80), lambda s, d: d.kind == "wild_sacrifice", harder=True))
    dv = blview.decision_view(s, d.seat)
    assert dv.about[:2] == [s.players[d.seat].hive, s.wild[s.wraid.hive].tile]


def test_a_join_is_about_the_tiles_that_move_with_the_hive():
    """qa-today: a join kept only the hive in the map's view, and at 80x24 a wild hive on the
    joining colony's own tiles (one it may raid) fell out of view as the join turned; the tiles
    that move come after the hive, those with a wild hive first."""
    import random

    s = E.new_state(E.options_model().model_validate({}), [SeatInfo(name="Ann"), SeatInfo(name="Bo")], 3)
    rnd = random.Random(3)
    while (d := E.decision(s)) is None or d.kind != "join":
        s = E.step(s) if d is None else E.apply(s, rnd.choice(E.legal_moves(s)))
    hive = s.players[d.seat].hive
    group = {t.id for t in s.tiles if t.group == s.tiles[hive].group}
    wild = [w.tile for w in s.wild if w.tile in group]
    assert wild, "seed 3's first join moves a wild hive with Ann's"
    about = blview.decision_view(s, d.seat).about
    assert about[0] == hive and set(about) == group and about[1:1 + len(wild)] == wild


def test_months_without_a_turn_are_told():
    s = turn_state()
    s.year, s.month, s.phase = 1, 7, "action"  # September, before its Action Phase is over
    assert blview.idle_months(s, 0, (1, 5)) == ("Susan had no free bee left for a turn in August, so no action then.",
                                                 (1, 6))
    assert blview.idle_months(s, 0, (1, 6)) is None
    s.phase = "cleanup"  # September's turns are over too
    text, through = blview.idle_months(s, 0, (1, 5))
    assert text == "Susan had no free bee left for a turn in August and September, so no action then."
    assert through == (1, 7)
    s.players[0].eliminated = True
    assert blview.idle_months(s, 0, (1, 5)) is None


def test_a_month_without_a_turn_is_a_stop_once_its_turns_are_over():
    """QA #8: the month of a player's last turn is never told, nor the next
    month at its heading (its Action Phase still to come); a month gone by
    without a turn is, once, as a stop that says what comes next."""
    s = turn_state()
    s.year, s.month, s.phase = 1, 6, "cleanup"  # August's cleanup
    s.queue = ["month_end"]
    assert blview.idle_stop(s, {0: (1, 6)}) is None  # (the last turn was in August)
    stop, last = blview.idle_stop(s, {0: (1, 5)})
    assert stop.kind == "idle" and stop.month == "August" and stop.then == "September" and last == {0: (1, 6)}
    assert stop.lines == ["Susan had no free bee left for a turn in August, so no action then."]
    assert stop.title == "August: no turn for Susan" and stop.seats == [0]  # (the boards lead with her hive)
    s.month, s.queue = 7, ["egg", "feed", "brood", "swarm", "event", "actions", "cleanup", "month_end"]
    assert blview.idle_stop(s, {0: (1, 6)}) is None  # September's heading: its turns are still to come
    s.month, s.queue = 9, ["month_end"]
    assert blview.idle_stop(s, {0: (1, 8)})[0].then == "the winter"


def test_a_raid_with_many_wild_hives_in_reach_counts_them_and_names_the_colonies():
    """QA bl-hotseat: with seven hives in reach the Raid line named each one, and opened it took six of
    the 80×24 list's lines as the group's heading. Colonies are named; beyond two, wild hives counted."""
    s = at_turn(edit(started(2)), 0)
    s.month, s.card = 4, None
    ids = layout(s, [("bloom", 0, 0), ("bloom", 1, 0), ("wilt", -1, 0), ("wilt", 0, 1), ("wilt", 0, -1)])
    s.players[0].hive, s.players[1].hive = ids[0], ids[1]
    s.players[1].honey = 2
    for w, tile in zip((0, 1, 2), ids[2:], strict=True):
        s.wild[w].tile, s.wild[w].strength = tile, 3
    raid = next(e for e in blview.decision_view(s, 0).entries if e.key == "r")
    assert raid.detail == "Jeremy's hive, 3 wild hives", raid.detail
    assert len([e for e in raid.group if isinstance(e.move, RaidMove) or e.group]) == 4
    s.wild[2].tile = None
    raid = next(e for e in blview.decision_view(s, 0).entries if e.key == "r")
    assert raid.detail == f"Jeremy's hive, the {s.wild[0].name} wild hive, the {s.wild[1].name} wild hive", \
        raid.detail
