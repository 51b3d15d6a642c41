"""``GameResult.standings``: the final scores a game over screen lists."""

from beegames.core.protocol import GameResult


def test_the_winners_come_first_then_the_highest_scores():
    result = GameResult(winners=[2], scores=[18.0, 25.0, 25.0], tiebreak="fewest dice")
    assert result.standings(["Ann", "Bob", "Cy"]) == "Final scores: Cy 25, Bob 25, Ann 18."


def test_fractions_keep_one_decimal_and_a_shared_win_lists_both_winners_first():
    result = GameResult(winners=[0, 2], scores=[7.0, 9.5, 7.0])
    assert result.standings(["Ann", "Bob", "Cy"]) == "Final scores: Ann 7, Cy 7, Bob 9.5."


def test_nothing_to_list_without_scores_or_for_one_seat():
    assert GameResult(winners=[0]).standings(["Ann", "Bob"]) == ""
    assert GameResult(winners=[0], scores=[31.0]).standings(["Ann"]) == ""
