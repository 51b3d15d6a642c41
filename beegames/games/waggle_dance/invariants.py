"""Conservation and capacity checks, run after every step in simulations and tests."""

from __future__ import annotations

from collections import Counter

from .data import components, first_edition, game_data
from .models import BLOCKERS, BOARD_IDS, BUMBLEBOT, STATE_FORMAT, Table
from .queries import room_capacity, threat_spaces
from .tasks import registered


def check_invariants(s: Table) -> None:
    """Raise ``AssertionError`` when a component is lost or doubled, a room
    overfilled, or the table refers to a seat, space or task that is not there."""
    _check_table(s)
    comp = components(s.options.ruleset)
    cap = room_capacity(s)
    b = s.bumblebot
    for c in range(6):
        held = sum(r.nectar.count(c) for p in s.players for r in p.rooms)
        held += sum(p.pending_nectar.count(c) for p in s.players)
        if b is not None:
            held += b.nectar[c]
        assert s.supply_nectar[c] >= 0, f"negative colour {c} supply"
        assert held + s.supply_nectar[c] == comp.nectar_per_colour, f"colour {c} nectar not conserved"
    eggs = sum(r.egg for p in s.players for r in p.rooms) + (b.eggs if b else 0)
    assert s.supply_eggs >= 0 and eggs + s.supply_eggs == comp.eggs, "eggs not conserved"
    tiles = sum(len(p.rooms) for p in s.players) + (b.honey if b else 0)
    assert s.supply_rooms >= 0 and tiles + s.supply_rooms == comp.room_tiles, "room tiles not conserved"
    for p in s.players:
        for i, r in enumerate(p.rooms):
            assert len(r.nectar) <= cap, f"{p.name} room {i} holds more than {cap} nectar"
            assert not (r.egg and r.nectar), f"{p.name} room {i} holds an egg and nectar"
            assert not (r.honey and (r.egg or r.nectar)), f"{p.name} room {i} is honey but holds tokens"
            assert all(0 <= c < 6 for c in r.nectar)
    board: Counter[int] = Counter()
    for sid, dice in s.spaces.items():
        if sid[0] in "ACEG" and len(dice) > 1:
            # only Double Park lets a space hold more than one die
            assert sum(1 for o, _ in dice if o >= 0) >= len(dice) - 1, f"{sid} over-full"
        for o, v in dice:
            assert 1 <= v <= 6
            board[o] += 1
    for th in s.threats:
        assert len(th.dice) <= threat_spaces(s), f"{th.name} over-full"
        for o, _ in th.dice:
            board[o] += 1
    volunteers = 0
    for i, p in enumerate(s.players):
        assert all(1 <= v <= 6 for v in p.pool + p.helpers + p.sick + [d for r in p.rooms for d in r.dice]), \
            "bad die value"
        n = len(p.pool) + len(p.helpers) + len(p.sick) + board[i] + sum(len(r.dice) for r in p.rooms)
        assert n == p.dice + p.volunteer, f"{p.name} dice not conserved ({n} vs {p.dice}+{p.volunteer})"
        own = p.dice + (0 if s.first_edition else p.volunteer)
        assert s.supply_dice[p.colour] + own == comp.dice_per_colour, f"{p.name} dice supply"
        volunteers += p.volunteer
    if s.first_edition:
        assert volunteers <= first_edition().components.volunteer_dice, "more than one Volunteer Dice in use"
        assert (volunteers == 1) == (s.volunteer_die is not None), "the Volunteer Dice is lost"
    solo_ids = [c.id for c in game_data().solo.cards]
    if b is not None:
        n = len(b.pool) + board[BUMBLEBOT] + 2 * (len(b.hatch_pairs) + len(b.honey_pairs))
        assert n == b.dice, f"Bumblebot dice not conserved ({n} vs {b.dice})"
        assert s.supply_dice[b.colour] + b.dice == comp.dice_per_colour
        assert sorted(b.deck + b.discard) == solo_ids, "solo cards not conserved"
        assert all(x >= 0 for x in b.nectar) and b.eggs >= 0 and b.honey >= 0
    by_colour: Counter[int] = Counter()
    for k, owner in enumerate(BLOCKERS):
        if board[owner]:
            by_colour[s.blocker_colours[k]] += board[owner]
    for colour in set(s.blocker_colours):
        assert s.supply_dice[colour] + by_colour[colour] == comp.dice_per_colour, "blocker dice not conserved"
    if not s.solo and s.n in (2, 3) and s.options.solo_card_blockers:
        assert sorted(s.solo_deck + s.solo_discard) == solo_ids, "solo cards not conserved"
    else:
        assert not s.solo_deck and not s.solo_discard, "solo blocker deck out of play"
    counts = Counter(s.queen_deck) + Counter(s.queen_discard) + Counter(s.queen_box)
    for p in s.players:
        counts += Counter(p.hand)
    pend = s.pending
    if pend is not None and pend.kind == "scouting":
        counts += Counter(getattr(pend, "cards", []))
    if s.first_edition:
        expected = {c.id: c.copies for c in first_edition().queen.cards}
    else:
        expected = {c.id: c.copies for c in game_data().queen.cards}
    for cid, copies in expected.items():
        assert counts[cid] == copies, f"Queen Bee card {cid}: {counts[cid]} of {copies}"
    assert set(counts) <= set(expected), "unknown Queen Bee card"
    if s.options.threats:
        threat_cards = Counter(s.threat_deck) + Counter(t.name for t in s.threats) + Counter(s.threats_gone)
        assert threat_cards == Counter(c.name for c in game_data().threats.cards), "threat cards not conserved"
    guards = sum(p.guardian for p in s.players)
    assert guards + s.guardians == game_data().components.guardian_markers
    if s.phase != "over" and s.pending is None:
        assert s.queue, "nothing pending and nothing queued"


def _check_table(s: Table) -> None:
    """Everything the table refers to exists: seats, colours, spaces, tasks, cards."""
    comp = components(s.options.ruleset)
    assert s.format == STATE_FORMAT, f"state layout {s.format}, not {STATE_FORMAT}"
    assert 1 <= s.n <= 4 and len(s.players) == s.n, "player count"
    assert s.solo == (s.n == 1) == (s.bumblebot is not None), "a solo game is one player against Bumblebot"
    assert s.target == comp.honey_target[s.options.length], "the honey target is not the game's"
    seats = list(range(s.n)) + ([BUMBLEBOT] if s.solo else [])
    assert sorted(s.order) == sorted(seats), "the seating order is not the game's seats"
    assert 0 <= s.first < len(s.order) and 0 <= s.day_ptr < len(s.order), "a turn pointer off the table"
    assert s.turn >= 1 and s.day_cycle >= 0, "round counters"
    colours = [p.colour for p in s.players] + ([s.bumblebot.colour] if s.bumblebot is not None else [])
    assert len(s.supply_dice) == 4 and all(0 <= c < 4 for c in colours + s.blocker_colours), "a dice colour"
    assert len(set(colours)) == len(colours), "two seats share a dice colour"
    assert not set(colours) & set(s.blocker_colours), "blocker dice of a seat's colour"
    assert len(s.blocker_colours) <= len(BLOCKERS) and bool(s.blocker_colours) == (len(colours) < 4), "blocker sets"
    assert len(s.supply_nectar) == 6, "six nectar colours"
    owners = set(seats) | set(BLOCKERS[:len(s.blocker_colours)])
    assert set(s.spaces) == set(BOARD_IDS), "the board's spaces"
    for sid, dice in s.spaces.items():
        assert all(o in owners for o, _ in dice), f"a die on {sid} of nobody in the game"
    for p in s.players:
        assert all(0 <= c < 6 for c in p.pending_nectar), f"{p.name}: a nectar colour"
        assert all(1 <= v <= 6 for v in p.directions), f"{p.name}: a flower of Directions"
        assert p.dice >= 0 and p.volunteer >= 0, f"{p.name}: negative dice"
    if s.bumblebot is not None:
        b = s.bumblebot
        assert all(1 <= v <= 6 for v in b.pool + b.hatch_pairs + b.honey_pairs + b.failed_pairs), \
            "Bumblebot: a die value"
        assert len(b.nectar) == 6, "Bumblebot: six nectar colours"
        assert b.card is None or b.card in {c.id for c in game_data().solo.cards}, "Bumblebot: an unknown card"
    for th in s.threats:
        assert all(o in owners for o, _ in th.dice), f"{th.name}: a die of nobody in the game"
        assert all(0 <= v <= 6 for _, v in th.dice), f"{th.name}: a die value"
    if s.first_edition:
        types = {c.id for c in first_edition().queen.cards}
        assert len(set(s.deck_types)) == len(s.deck_types) and set(s.deck_types) <= types, "the game's card types"
        assert s.volunteer_die is None or 0 <= s.volunteer_die < s.n, "the Volunteer Dice's seat"
    else:
        assert not s.deck_types and s.volunteer_die is None, "2014 pieces in a 2022 game"
    for peek in s.peeks:
        assert 0 <= peek.seat < s.n, "a peek by a seat not in the game"
    tasks = registered()
    for entry in s.queue:
        name = entry.split(" ", 1)[0]
        assert name in tasks, f"an unknown task {name!r} is queued"
    if s.pending is not None:
        assert 0 <= s.pending.seat < s.n, "a decision for a seat not in the game"
    assert (s.phase == "over") or s.stopped is None, "a stopped game goes on"
