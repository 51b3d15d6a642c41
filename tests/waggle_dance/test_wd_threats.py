"""The Threats expansion in multiplayer and solo games."""

from beegames.games.waggle_dance.fastcopy import clone
from beegames.games.waggle_dance.models import BUMBLEBOT, LoseMove, PlaceMove, RewardMove, Room, Threat
from beegames.games.waggle_dance.queries import threat_spaces

from .wd_helpers import E, blank_day, consistent, drive, first_turn, run_tasks


def with_threats(s, *names):
    for n in names:
        s.threat_deck.remove(n)
        s.threats.append(Threat(name=n))
    return s


def test_no_threat_in_round_one_then_one_per_round():
    s = first_turn(3, threats=True)
    assert not s.threats and len(s.threat_deck) == 12
    s = drive(s, stop=lambda x: x.turn == 2 and x.pending is not None)
    assert len(s.threat_deck) == 11


def test_x_spaces_equal_player_count():
    s = with_threats(blank_day([[1, 2, 3], [1, 2, 3], [1, 2, 3]], threats=True), "Wasp")
    consistent(s)
    for _ in range(3):
        s = E.advance(E.apply(s, PlaceMove(die=1, target="T0")))
    assert len(s.threats[0].dice) == 3
    assert not any(m.target == "T0" for m in E.legal_moves(s) if isinstance(m, PlaceMove))


def test_defeat_gives_one_reward_per_contributor():
    # Buzz placed two dice, Honey one: both get one reward; Beatrice gets none
    s = with_threats(blank_day([[], [], []], threats=True), "Wasp", "Hornet")
    s.threats[0].dice = [(0, 3), (0, 3), (2, 3)]
    consistent(s)
    s2 = run_tasks(s, ["check_threats"], chooser=lambda st, ms: RewardMove(choice="room")
                   if RewardMove(choice="room") in ms else ms[0])
    assert [len(p.rooms) for p in s2.players] == [4, 3, 4]
    assert "Wasp" in s2.threats_gone and [t.name for t in s2.threats] == ["Hornet"]


def test_mismatched_dice_do_not_defeat_and_penalties_oldest_first():
    s = with_threats(blank_day([[], []], threats=True), "Mould", "Ant")
    s.threats[0].dice = [(0, 3), (1, 2)]
    for p in s.players:
        p.rooms = [Room(nectar=[1]), Room(egg=True), Room()]
    consistent(s)
    s2 = run_tasks(s, ["check_threats"])
    lines = [l for l in s2.log if l.startswith(("Mould:", "Ant:"))]
    assert [l.split(":")[0] for l in lines] == ["Mould", "Mould", "Ant", "Ant"]
    assert all(not any(r.egg for r in p.rooms) for p in s2.players)
    assert len(s2.threats) == 2 and all(not t.dice for t in s2.threats)


def test_penalty_falls_back_to_honey():
    s = with_threats(blank_day([[], []], threats=True), "Beetle")
    s.players[0].rooms = [Room(honey=True), Room()]
    consistent(s)
    s2 = run_tasks(s, ["check_threats"])
    assert s2.players[0].honey == 0


def test_room_penalty_is_a_choice():
    s = with_threats(blank_day([[], []], threats=True), "Mites")
    s.players[1].rooms = [Room(nectar=[2, 2]), Room(egg=True), Room()]
    consistent(s)
    seen = []

    def choose(st, ms):
        seen.append(st.pending.kind)
        return LoseMove(room=2) if LoseMove(room=2) in ms else ms[0]

    s2 = run_tasks(s, ["check_threats"], chooser=choose)
    assert "lose_room" in seen and len(s2.players[1].rooms) == 2


def test_empty_threat_deck_makes_the_final_round():
    s = blank_day([[], []], threats=True)
    s.threats_gone += s.threat_deck
    s.threat_deck = []
    s2 = run_tasks(s, ["reveal_threat", "end_round"])
    assert s2.final_round and s2.phase == "over"


def test_solo_threat_three_spaces_and_protection():
    s = blank_day([[], []], threats=True)
    s = first_turn(1, threats=True)
    s = clone(s)
    s.threat_deck.remove("Hornet")
    s.threats = [Threat(name="Hornet", dice=[(0, 2)])]
    s.players[0].pool.remove(s.players[0].pool[0])
    s.players[0].rooms[0].nectar = [1]
    s.bumblebot.nectar = [0, 3, 1, 0, 0, 0]
    consistent(s)
    assert threat_spaces(s) == 3
    s.bumblebot.pool = s.bumblebot.pool  # unchanged
    for _o in list(s.bumblebot.pool):
        pass
    s2 = run_tasks(s, ["check_threats"], check=False)
    # the player had a die there: safe. Bumblebot had none: loses its rarest nectar.
    assert s2.players[0].rooms[0].nectar == [1]
    assert s2.bumblebot.nectar == [0, 3, 0, 0, 0, 0]


def test_bumblebot_places_on_threat_instead_of_e_or_g():
    from beegames.games.waggle_dance.bumblebot import _most_of
    from beegames.games.waggle_dance.data import solo_cards

    s = clone(first_turn(1, threats=True))
    s.threats = [Threat(name="Wasp", dice=[(0, 4)])]
    s.threat_deck.remove("Wasp")
    for sid in list(s.spaces):
        s.spaces[sid] = []
    card = next(c for c in solo_cards().values() if c.actions[0] in "EG")
    s.bumblebot.pool = [card.chart[0]] * 2 + [4]
    _most_of(s, card, "", "")
    # it had a 4 matching the die already there, so it plays that 4
    assert s.threats[0].dice == [(0, 4), (BUMBLEBOT, 4)]


def test_solo_defeat_bumblebot_takes_an_egg():
    s = clone(first_turn(1, threats=True))
    s.threat_deck.remove("Ant")
    s.threats = [Threat(name="Ant", dice=[(0, 5), (BUMBLEBOT, 5), (BUMBLEBOT, 5)])]
    s.players[0].pool = s.players[0].pool[1:]
    s.bumblebot.pool = s.bumblebot.pool[2:]
    s2 = run_tasks(s, ["check_threats"], chooser=lambda st, ms: ms[0], check=False)
    assert s2.bumblebot.eggs == 1 and not s2.threats


def test_the_reward_question_names_the_defeated_threat():
    """QA (newcomer at 80x24): the reward question came right after the log said another threat
    was not defeated, and asked about "a threat you fought"; it names the one defeated."""
    s = with_threats(blank_day([[], []], threats=True), "Wasp", "Dragonfly")
    s.threats[0].dice = [(0, 3), (1, 3)]
    s.threats[1].dice = [(0, 4), (1, 5)]
    consistent(s)

    def asked(queue):
        x = clone(s)
        x.pending, x.phase, x.queue = None, "night", [*queue, "STOP"]
        return drive(x, stop=lambda y: y.pending is not None)

    s2 = asked(["check_threats"])
    assert s2.pending.kind == "reward"
    assert str(s2.log[-1]).startswith("The Dragonfly is not defeated")
    assert E.decision(s2).prompt.startswith(f"{s.players[0].name}: the Wasp you fought is defeated;")
    # a question saved before it named the threat still reads
    old = asked(["threat_reward 0"])
    assert E.decision(old).prompt.startswith(f"{s.players[0].name}: a threat you fought is defeated;")
