"""Each game's coach: determinizations consistent with the seat's view, hints
blind to what the other seats hold hidden, Hive's wins, Bee Lives' June and
its dead colonies."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from beegames.core import coach
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.core.saves import load_save, write_save
from beegames.core.simulate import play_game
from beegames.games import get_engine
from beegames.games.hive.board import BLACK_WINS
from beegames.games.hive.state import board_from_state

WIN_IN_ONE = ["wS1", "bS1 /wS1", "wB1 wS1-", "bG1 bS1\\", "wA1 wB1-", "bG2 /bG1", "wQ \\wB1", "bQ bG1\\",
              "wA1 bQ-", "bS2 /bS1", "wS2 wB1-", "bG2 wA1-", "wB2 \\wS2", "bG3 bG2\\", "wA2 wB1\\", "bA1 bG3/",
              "wA3 wS2\\", "bA2 /bG3", "wA3 -bA2", "bS2 -wQ", "wA2 /bQ", "bA1 \\wQ", "wB1 wB2", "bB1 \\bA1",
              "wS2 \\wA1", "bA3 -bS2", "wA3 bQ\\", "bA2 wQ\\", "wB1 wB2/"]


def hive_win_in_one() -> Match:
    """Black to move, and a move of Black's surrounds White's Queen Bee."""
    engine = get_engine("hive")
    m = Match.new(engine, seats=[SeatInfo(name="White"), SeatInfo(name="Black")], seed=1)
    for text in WIN_IN_ONE:
        m.play_text(text)
    return m


def played_until(game: str, seats: int, options: dict[str, Any], seed: int, stop: Callable[[Match], bool],
                 level: str = "basic", limit: int = 400, player: Any = None) -> Match:
    """A game of computer seats at ``level`` played until ``stop``; ``player``, when given, makes
    every move until then instead of the seats' own level."""
    engine = get_engine(game)
    m = Match.new(engine, options=options, seed=seed,
                  seats=[SeatInfo(name=f"P{i + 1}", kind="computer", level=level) for i in range(seats)])
    for _ in range(limit):
        if m.over or (m.decision is not None and stop(m)):
            break
        if m.decision is None:
            m.step()
            continue
        m.play(m.computer_move() if player is None else player.choose(engine, engine.view(m.state, m.decision.seat)))
    assert not m.over and m.decision is not None and stop(m), "the position wanted was not reached"
    return m


def same_hint(engine: Any, a: Any, b: Any, seat: int) -> None:
    """A hint for ``seat`` on two positions that differ only in what the seat
    cannot see: the same move, reason and figures."""
    assert engine.view(a, seat).model_dump(mode="json") == engine.view(b, seat).model_dump(mode="json")
    h1 = coach.hint(engine, a, seat, seconds=None, effort=1, seed=5)
    h2 = coach.hint(engine, b, seat, seconds=None, effort=1, seed=5)
    assert (h1.move_json, h1.reason, h1.options) == (h2.move_json, h2.reason, h2.options)


# -- determinizations ------------------------------------------------------------------------------
SETUPS = [
    ("waggle-dance", 3, {"threats": True}),
    ("waggle-dance", 3, {"ruleset": "2014"}),
    ("waggle-dance", 1, {}),
    ("honey-buzz", 2, {"advanced": True}),
    ("honey-buzz", 3, {"advanced": True, "advanced_removal": "random"}),
    ("honey-buzz", 1, {}),
    ("bee-lives", 2, {}),
]


@pytest.mark.parametrize(("game", "seats", "options"), SETUPS)
def test_a_determinization_is_a_valid_position_the_seat_cannot_tell_from_the_real_one(game, seats, options):
    engine = get_engine(game)
    dealer = coach.coach_for(engine)
    rnd = random.Random(9)
    m = Match.new(engine, options=options, seed=11,
                  seats=[SeatInfo(name=f"P{i + 1}", kind="computer", level="basic") for i in range(seats)])
    checked = 0
    for n in range(400):
        if m.over:
            break
        d = m.decision
        if d is None:
            m.step()
            continue
        if n % 4 == 0:
            view = engine.view(m.state, d.seat)
            world = dealer.determinize(engine, view, d.seat, random.Random(n))  # type: ignore[attr-defined]
            engine.check_invariants(world)
            assert engine.view(world, d.seat).model_dump(mode="json") == view.model_dump(mode="json")
            assert world.rng != view.rng
            assert engine.legal_moves(world) == engine.legal_moves(m.state)
            checked += 1
        m.play(rnd.choice(m.legal_moves()) if n % 3 == 0 else m.computer_move())
    assert checked >= 10


# -- blind to the others' hidden items -------------------------------------------------------------
def test_hive_hides_nothing_so_its_hint_reads_the_whole_position():
    """Hive has no hidden items and no dice: a seat's view is the position
    itself, so there is nothing of the other seat's to change."""
    m = hive_win_in_one()
    engine = m.engine
    assert engine.hidden_items(m.state) == [] and m.state.rng is None
    assert engine.view(m.state, 1) == m.state
    same_hint(engine, m.state, m.state.model_copy(deep=True), 1)


def test_a_waggle_dance_hint_ignores_the_other_hands_and_the_decks():
    m = played_until("waggle-dance", 3, {"threats": True}, 21,
                     lambda m: m.decision.seat == 0 and m.decision.kind == "turn"
                     and m.state.players[1].hand and m.state.players[2].hand and m.state.queen_deck)
    engine, real = m.engine, m.state
    other = real.model_copy(deep=True)
    rnd = random.Random(4)
    hidden = other.players[1].hand + other.players[2].hand + other.queen_deck + other.queen_box
    rnd.shuffle(hidden)
    for p in (1, 2):
        k = len(other.players[p].hand)
        other.players[p].hand, hidden = hidden[:k], hidden[k:]
    other.queen_deck, other.queen_box = hidden[: len(other.queen_deck)], hidden[len(other.queen_deck):]
    rnd.shuffle(other.threat_deck)
    other.rng = other.rng.model_copy(update={"state": other.rng.state ^ 0xABCDEF})
    assert other.players[1].hand != real.players[1].hand or other.players[2].hand != real.players[2].hand
    engine.check_invariants(other)
    same_hint(engine, real, other, 0)


def test_a_honey_buzz_hint_ignores_the_others_looks_backs_and_orders():
    """Advanced variant: the fronts of tiles the other seat looked at (and
    of those nobody did), the backs of the tiles in the other hive and the
    face-down orders are changed; seat 0's hint stays the same."""
    m = played_until("honey-buzz", 2, {"advanced": True}, 8,
                     lambda m: m.decision.seat == 0 and m.decision.kind == "turn"
                     and any(c.nectar is not None for c in m.state.players[1].cells)
                     and any(t is not None and m.state.seen[i] == [1] for i, t in enumerate(m.state.field)))
    engine, real = m.engine, m.state
    other = real.model_copy(deep=True)
    rnd = random.Random(2)
    # fronts of face-down tiles seat 0 has not looked at, swapped within each back group
    for group in {t.back for t in other.field if t is not None}:
        spots = [i for i, t in enumerate(other.field) if t is not None and t.back == group and 0 not in other.seen[i]]
        fronts = [other.field[i].kind for i in spots]
        fronts = fronts[1:] + fronts[:1]
        for i, kind in zip(spots, fronts, strict=True):
            other.field[i] = other.field[i].model_copy(update={"kind": kind})
    # the backs of the tiles in the other hive, and the face-down orders
    cells = other.players[1].cells
    backs = [c.nectar.back for c in cells if c.nectar is not None]
    it = iter(backs[1:] + backs[:1])
    other.players[1].cells = [c if c.nectar is None else
                              c.model_copy(update={"nectar": c.nectar.model_copy(update={"back": next(it)})})
                              for c in cells]
    pool = [o for st in other.order_stacks for o in st]
    rnd.shuffle(pool)
    for st in other.order_stacks:
        st[:], pool = pool[: len(st)], pool[len(st):]
    other.rng = other.rng.model_copy(update={"state": other.rng.state ^ 0x5EED})
    looked = [i for i, t in enumerate(real.field) if t is not None and real.seen[i] == [1]]
    assert other.players[1].cells != real.players[1].cells or any(other.field[i] != real.field[i] for i in looked)
    assert other != real
    same_hint(engine, real, other, 0)


def test_a_bee_lives_hint_ignores_the_deck_order_and_the_dice():
    m = played_until("bee-lives", 1, {}, 3, lambda m: m.state.month >= 3 and m.decision.kind == "turn")
    engine, real = m.engine, m.state
    other = real.model_copy(deep=True)
    for deck in other.decks.values():
        random.Random(1).shuffle(deck)
    other.rng = other.rng.model_copy(update={"state": other.rng.state ^ 0xBEE})
    assert other != real
    same_hint(engine, real, other, 0)


# -- Hive -----------------------------------------------------------------------------------------
def test_a_hive_hint_takes_a_win_in_one_and_says_so():
    m = hive_win_in_one()
    found = coach.hint(m.engine, m, seconds=None, effort=2)
    board = board_from_state(m.state)
    m.play(found.move)
    assert board_from_state(m.state).status == BLACK_WINS
    assert found.outlook is not None and found.outlook.value == 1.0 and found.outlook.measure == "win"
    assert "wins at once" in found.reason and "White's Queen Bee" in found.reason
    assert board.status != BLACK_WINS


def test_a_hive_review_judges_a_missed_win_at_its_full_worth():
    from beegames.games.hive.coach import HiveCoach

    m = hive_win_in_one()
    engine = m.engine
    wins = {mv for mv in engine.legal_moves(m.state) if engine.result(engine.apply(m.state, mv)) is not None}
    missed = next(mv for mv in engine.legal_moves(m.state) if mv not in wins)
    verdict = HiveCoach().judge(engine, m.state, 1, missed, coach.Budget(None, effort=2), 0)
    assert verdict is not None and verdict.computer.move in wins
    assert verdict.alternative.value == 1.0 and verdict.after.value < 1.0


def test_the_hive_reason_names_the_terms_that_decided():
    from beegames.games.hive.coach import HiveCoach
    from beegames.games.hive.evaluation import TERMS, make_side_scores, term_parts

    m = hive_win_in_one()
    board = board_from_state(m.state)
    parts = term_parts(board)
    assert set(parts) == set(TERMS)
    white, black = make_side_scores()(board)
    assert sum(p[0] for p in parts.values()) == white and sum(p[1] for p in parts.values()) == black
    # after 20 plies, White to move: each move of a piece onto a free side
    # of Black's Queen Bee (from further away) is said in those words
    from beegames.games.hive.board import DIRS, Board
    from beegames.games.hive.notation import parse_move

    board = Board("")
    for text in WIN_IN_ONE[:20]:
        board.play(*parse_move(board, text))
    queen = board.pos[16]
    closing = [(p, c) for p, c in board.legal_moves()
               if c not in board.stacks and c - queen in DIRS and board.pos[p] is not None
               and board.pos[p] - queen not in DIRS]
    assert len(closing) >= 3
    filled = board.qn[1] + 1
    for mv in closing:
        phrases = HiveCoach().decisive(board, [mv], most=len(TERMS))
        assert f"it closes in on Black's Queen Bee ({filled} of its 6 sides filled)" in phrases


# -- Bee Lives in June ----------------------------------------------------------------------------
# seeds whose June has several decisions for `good` (seed 3 reaches June with one bee, one turn)
@pytest.mark.parametrize("seed", [1, 2, 4])
def test_bee_lives_hints_in_june_are_always_legal(seed, tmp_path):
    """Saves of basic solo games in June (month 4): every hint of the month,
    read back from the save, is accepted by the rules on the real position."""
    from beegames.games.bee_lives.coach import BeeLivesCoach

    # (to June by `good`'s plan without its search, the player of its play-outs; June itself by `good`)
    quick = BeeLivesCoach().rollout_player(get_engine("bee-lives"), seed)
    june = played_until("bee-lives", 1, {}, seed, lambda m: m.state.month == 4, level="good", player=quick)
    path = write_save(june, tmp_path / "june.json")
    m = load_save(path, get_engine)
    engine = m.engine
    hinted = 0
    while not m.over and m.state.month == 4:
        if m.decision is None:
            m.step()
            continue
        found = coach.hint(engine, m, seconds=None, effort=1, seed=seed)
        engine.apply(m.state, found.move)  # raises IllegalMove if the hint were illegal
        assert found.move in m.legal_moves()
        m.play(found.move if hinted % 2 else m.computer_move())
        hinted += 1
    assert hinted >= 3, hinted


# -- Bee Lives: a colony that dies cannot win ------------------------------------------------------
DATA = Path(__file__).parent / "data"


def test_a_bee_lives_hint_does_not_trade_the_colony_for_vp():
    """November of a basic solo game (seed 179794830, every move so far the hint): foraging the bloom
    tile would bring more VP in every play-out but leave no bee alive in the spring, so no win. The hint
    used to pick it (the play-outs counted the dead colony's VP); now such a play-out counts 0 VP, the
    hint cleans, and the reason says what the forage would do."""
    m = load_save(DATA / "bee_lives_november_hinted.json", get_engine)
    assert m.state.month == 9 and m.decision is not None
    found = coach.hint(m.engine, m, seconds=None, effort=6, seed=0)
    forage = next(o for o in found.options if "forages the bloom tile" in o.description)
    assert found.move != forage.move
    assert found.outlook is not None and found.outlook.risk == ""
    assert forage.outlook is not None and forage.outlook.value == 0.0
    assert forage.outlook.risk == "the colony dies in 6 of 6 play-outs"
    assert (f"The colony dies in 6 of 6 play-outs after “{forage.description.rstrip('.')}” (counted 0 VP: a "
            "colony that dies cannot win).") in found.reason


def test_the_review_names_the_move_that_killed_the_colony():
    """The same game played on to its end by the old hints: the colony died in the winter. The review's
    first item is the November forage, its outlook after the move 0 VP with every play-out dead."""
    m = load_save(DATA / "bee_lives_colony_died.json", get_engine)
    assert m.result is not None and m.result.winners == [] and "died out" in m.result.summary
    found = coach.review(m, 0, seconds=None, effort=3)
    first = found[0]
    assert "forages the bloom tile" in first.played.description and first.alternative.risk == ""
    assert first.after.value == 0.0 and first.after.risk == "the colony dies in 3 of 3 play-outs"
    assert first.difference == first.alternative.value > 30
    assert "After the move played, the colony dies in 3 of 3 play-outs." in first.text()


# -- Waggle Dance solo: the race against Bumblebot -------------------------------------------------
def _played_out(game: str, seats: int, options: dict[str, Any], seed: int) -> Match:
    engine = get_engine(game)
    m, _ = play_game(engine, engine.options_model(**options),
                     [SeatInfo(name=f"P{i + 1}", kind="computer", level="good") for i in range(seats)], seed,
                     check=False)
    return m


def test_a_waggle_dance_solo_play_out_lost_to_bumblebot_is_marked_out():
    """Solo, the result is the race against Bumblebot: a play-out lost (the Queen Bee deck ran out, or
    Bumblebot made more) is marked out, its honey still counted (at 0 the hints won fewer games). A game
    won is not out, and neither is any seat of a game between players."""
    from beegames.games.waggle_dance.coach import WaggleDanceCoach

    wd = WaggleDanceCoach()
    seen = set()
    for seed in range(1, 8):
        m = _played_out("waggle-dance", 1, {"threats": True}, seed)
        assert m.result is not None
        won = m.result.winners == [0]
        honey = float(m.state.players[0].honey)
        assert wd.outcome(m.engine, m.state, m.result, 0) == coach.Outcome(honey, won, out=not won)
        seen.add("won" if won else "lost with honey" if honey else "lost")
        if {"won", "lost with honey"} <= seen:
            break
    assert {"won", "lost with honey"} <= seen
    m = _played_out("waggle-dance", 2, {}, 3)
    assert m.result is not None
    loser = 1 - m.result.winners[0]
    assert wd.outcome(m.engine, m.state, m.result, loser) == coach.Outcome(float(m.state.players[loser].honey),
                                                                          False)


def test_a_waggle_dance_solo_hint_says_when_the_race_is_lost():
    """The harder solo game, two Queen Bee cards left, two honey made of five: Bumblebot wins every
    play-out after every move weighed. The outlooks still weigh the honey (2.0 each), and the reason
    says in one clause that the race is lost, where it used to give the honey expected with no word
    of the loss."""
    m = played_until("waggle-dance", 1, {"difficulty": "harder"}, 1,
                     lambda m: len(m.state.queen_deck) <= 2 and m.state.players[0].honey >= 2
                     and m.decision.seat == 0, level="good")
    found = coach.hint(m.engine, m, seconds=None, effort=4, seed=0)
    assert len(found.options) > 1
    assert all(o.outlook is not None and o.outlook.outs == 4 and o.outlook.value == 2.0 for o in found.options)
    assert found.outlook is not None and found.outlook.risk == "Bumblebot wins in 4 of 4 play-outs"
    assert found.reason.endswith("Bumblebot wins in all 4 play-outs after every move weighed.")
    assert f"{found.outlook.value:.1f} honey (Bumblebot wins in 4 of 4 play-outs)" == found.outlook.text()


def test_a_honey_buzz_hint_to_place_a_tile_that_closes_no_cell_says_where():
    """Every placement closes no cell: the hint (and the move it is weighed against) says where the
    tile goes in words found on the hive, from a cell's letter, and no two places read the same."""
    from beegames.games.honey_buzz.placement import HiveIndex

    def all_idle(m: Match) -> bool:
        s = m.state
        idx = HiveIndex.of(s.players[s.current])
        return m.decision.kind == "place" and not any(idx.enclosed_by(*mv.hexes) for mv in m.legal_moves())

    m = played_until("honey-buzz", 1, {}, 0, all_idle)
    found = coach.hint(m.engine, m, seconds=None, effort=1, seed=0)
    cells = m.state.players[0].cells
    assert cells and found.description.startswith("Place the Forage tile ")
    assert found.description.endswith(": it closes no cell, so nothing happens this turn")
    assert re.search(r" (above|below|to the (left|right) of) .*cell [a-z], (lying flat|slanting up|slanting down), "
                     r"its icon on the (upper|lower|left|right) end:", found.description)
    assert len({o.description for o in found.options}) == len(found.options) == 2
    said = [m.engine.describe_move(m.state, mv) for mv in m.legal_moves()]
    assert len(set(said)) == len(said)
