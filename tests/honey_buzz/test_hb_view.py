"""The read-only queries a screen uses (view.py)."""

from beegames.games.honey_buzz import view
from beegames.games.honey_buzz.models import Beeline, PlaceMove, RecallMove, TakeMove

from .hb_helpers import ENGINE, new, play


def test_hive_tiles_cells_and_open_sites():
    s = new(2)
    h = view.hive(s, 0)
    assert len(h.tiles) == 4 and not h.cells
    t = h.tiles[0]
    assert sum(c == "yellow" for e in t.edges.values() for c in e) == 4
    near = {x.site: x.covered for x in h.open_sites}
    assert near[(1, 4)] == 5 and near[(3, 3)] == 5
    lo_q, hi_q, lo_r, hi_r = h.bounds
    assert lo_q <= 0 <= hi_q and lo_r <= 3 <= hi_r


def test_legal_slots_and_preview():
    s = new(2)
    assert view.legal_slots(s) == {}
    s = play(s, TakeMove(tile="produce", workers=1))
    assert view.tile_in_hand(s) == "produce"
    slots = view.legal_slots(s)
    assert all(len(ms) == 2 for ms in slots.values())
    assert ((1, 5), (1, 6)) in slots
    assert all((1, 5) in m.hexes for m in view.slots_at(s, (1, 5)))
    pv = view.placement_preview(s, PlaceMove(hexes=((1, 5), (1, 6)), icon=(1, 5)))
    assert pv.cells == [((1, 4), "R")]
    assert sorted(k for _, k in pv.woken) == ["decree", "forage", "newbee", "produce"]
    s = play(s, PlaceMove(hexes=((1, 5), (1, 6)), icon=(1, 5)))
    h = view.hive(s, 0)
    assert [(c.site, c.accepts, c.nectar) for c in h.cells] == [((1, 4), "R", None)]
    assert view.cell_nectar(s, 0)["R"] == {"empty": 1, "filled": 0, "honey": 0}


def test_field_rows_show_what_the_seats_view_holds():
    # the hiding is the engine's (its view); the rows draw what the view holds
    engine = ENGINE
    s = new(2, advanced=True)
    rows = view.field_rows(engine.view(s, 0), 0)
    assert len(rows) == 4 and all(len(r) == 7 for r in rows), "a start spot and six spaces per row"
    assert all(sp.nectar in (None, "?") for r in rows for sp in r)
    i = next(i for i, t in enumerate(s.field) if t is not None)
    s = play(s, RecallMove(scout=(i // 6, i % 6)))
    mine = view.field_rows(engine.view(s, 0), 0)[i // 6][i % 6 + 1]
    theirs = view.field_rows(engine.view(s, 1), 1)[i // 6][i % 6 + 1]
    whole = view.field_rows(s, None)[i // 6][i % 6 + 1]  # a finished game shown whole
    assert mine.nectar == s.field[i].kind and theirs.nectar == "?" and mine.seen_by == [0]
    assert whole.nectar == s.field[i].kind
    assert view.knowledge(s, 0) == {(i // 6, i % 6): s.field[i].kind} and view.knowledge(s, 1) == {}
    std = new(2)
    tokens = [sp.tokens for r in view.field_rows(std, None) for sp in r if sp.tokens]
    assert sorted(t for ts in tokens for t in ts) == [0, 1]


def test_board_market_orders_contests_standings_drones():
    s = new(3)
    s.boxes["forage"] = [Beeline(seat=1, height=2)]
    s.players[1].available -= 2
    boxes = {b.box: b for b in view.hive_boxes(s)}
    assert boxes["forage"].next_height == 3 and boxes["produce"].next_height == 0
    assert boxes["decree"].stacks == {"decree": 9}
    cols = view.market_columns(s)
    assert [c.resource for c in cols] == ["P", "W", "R", "C", "A"] and cols[0].value == cols[0].values[0]
    stacks = view.order_stacks(s)
    assert [o.action for o in stacks] == ["forage", "produce", "market"]
    assert all(o.face_up and o.points > 0 and o.cards_below == 3 for o in stacks)
    assert all(o.blank == "" for o in stacks)
    # an order completed this turn leaves its place bare until the end of the turn: the view says so
    s.orders_box.append(s.orders_up[0])
    s.orders_up[0] = None
    assert view.order_stacks(s)[0].blank == "the next order turns up at the end of the turn (3 below)"
    s.orders_box.extend(s.order_stacks[1])
    s.order_stacks[1].clear()
    s.orders_box.append(s.orders_up[1])
    s.orders_up[1] = None
    assert view.order_stacks(s)[1].blank == "empty"
    rows = view.contests(s)
    assert len(rows) == 3 and all(len(r["values"]) == 3 for r in rows)
    st = view.standings(s)
    assert st[1].workers_on_board == 2 and st[2].coins == 15 and st[0].score_now >= 5
    assert view.drones(s) is None
    solo = new(1)
    dv = view.drones(solo)
    assert dv.boxes == ["decree_accounting", "market"] and dv.cards_in_deck == 10
    assert ENGINE.decision(solo).kind == "turn"


def test_the_decision_list_holds_every_legal_move_and_says_what_it_does():
    """In whole games of every kind, the view's decision list holds every legal
    move (placements that close no cell as one entry handed to the hive),
    never shows a coordinate, lists the choices that do nothing after the
    others and the refused ones last, and gives the engine's own reason."""
    import re

    from beegames.core.match import Match
    from beegames.core.protocol import SeatInfo
    from beegames.games.honey_buzz import turns

    coordinates = re.compile(r"\(-?\d+, ?-?\d+\)|-?\d+,-?\d+")

    def walk(entries):
        for e in entries:
            assert not coordinates.search(e.label), e.label
            assert e.label.strip() and (e.refused is None or e.refused.strip())
            yield e
            yield from walk(e.group)

    kinds = set()
    for players, advanced, seed in ((1, False, 1), (2, True, 2), (4, False, 3)):
        match = Match.new(ENGINE, options={"advanced": advanced, "forage_starts": "choose"},
                          seats=[SeatInfo(name=f"P{i}") for i in range(players)], seed=seed)
        chooser = ENGINE.make_player("basic", seed)
        for _ in range(400):
            if match.over:
                break
            d = match.decision
            if d is None:
                match.step()
                continue
            st = ENGINE.view(match.state, d.seat)
            moves = ENGINE.legal_moves(st)
            entries = view.choices(st, moves)
            listed = [m for e in entries for m in e.moves()]
            if d.kind == "place":
                closing = [m for m in moves if view.placement_preview(st, m).cells]
                assert sorted(map(repr, listed)) == sorted(map(repr, closing))
                assert (len(closing) < len(moves)) == any(e.map and e.idle for e in entries)
            else:
                assert sorted(map(repr, listed)) == sorted(map(repr, moves)), d.kind
            order = [2 if e.refused else 1 if e.idle else 0 for e in entries]
            assert order == sorted(order), [e.label for e in entries]
            for e in walk(entries):
                if e.refused and d.kind == "turn":
                    kind = next(k for k in view.ACTIONS if f" {view.action_name(k)} tile" in e.label)
                    need = turns.beeline_height(st, turns.box_of(st, kind))
                    assert e.refused == turns.why_not_take(st, kind, need or max(1, st.players[d.seat].available))
            kinds.add(d.kind)
            match.play(chooser.choose(ENGINE, st))
    assert {"start", "turn", "place", "action", "forage", "peek", "produce", "market"} <= kinds


def test_the_tile_on_any_hex_in_any_direction_is_a_placement_or_a_reason():
    """Wherever the cursor is and whichever way the tile points (keys typed
    ahead can leave the direction off the lattice), the view answers: a legal
    placement, or a sentence saying why not."""
    s = play(new(2), TakeMove(tile="produce", workers=1))
    legal = [m for ms in view.legal_slots(s).values() for m in ms]
    found = set()
    for q in range(-3, 9):
        for r in range(-3, 9):
            for d in range(6):
                pv = view.placement_at(s, (q, r), d, legal)
                assert pv.text.startswith(("Here: ", "Not here: ", "A cell site"))
                if pv.move is not None:
                    found.add((pv.move.hexes, pv.move.icon))
                    assert pv.tile is not None and pv.text.startswith("Here: ")
    assert found == {(m.hexes, m.icon) for m in legal}


def test_the_log_names_places_as_the_screen_draws_them():
    # cells by the letters drawn on them, field spaces as B3: never a raw coordinate pair,
    # which appears nowhere on screen (issue 17, point 7)
    import re

    from beegames.core.match import Match
    from beegames.core.protocol import SeatInfo

    for advanced in (False, True):
        match = Match.new(ENGINE, options={"advanced": advanced}, seats=[SeatInfo(name="Ann"), SeatInfo(name="Ben")],
                          seed=4)
        player = ENGINE.make_player("basic", 4)
        while not match.over:
            match.play(player.choose(ENGINE, ENGINE.view(match.state, match.decision.seat)))
        lines = [str(line) for line in ENGINE.full_log(match.state)]
        assert any("cell " in line for line in lines)
        assert not [line for line in lines if re.search(r"\(-?\d+, ?-?\d+\)", line)]


def test_the_drones_news_reads_as_sentences():
    """The line above a solo turn retells the last drone turn as whole sentences, each
    capitalised and ended, not as fragments joined by semicolons."""
    log = ["Gold sells 1 Acacia.", "— Drone turn: card D10 shows Acacia.", "The value of Acacia drops to 7.",
           "A drone moves to the Forage hive box.", "— Gold's turn (round 2)."]
    assert view.drone_news(log) == ("Card D10 shows Acacia. The value of Acacia drops to 7. "
                                   "A drone moves to the Forage hive box.")
    assert view.drone_news(["— Gold's turn (round 1)."]) == ""


def test_every_decision_kind_has_a_list_title_in_words():
    """The decision list's title names the decision in words, never by its id (``drone_nectar``)."""
    from beegames.games.honey_buzz.models import Pending

    assert {"turn", "place", "drone_nectar", "drone_order", "drone_honey"} <= set(Pending._kinds)
    for kind in Pending._kinds:
        title = view.list_title(kind)
        assert title and "_" not in title and title == title.lower(), (kind, title)
    assert view.list_title("drone_nectar") == "drones' nectar"


def test_every_contest_says_what_it_counts_in_words():
    """Opening a contest tells a newcomer what its count is made of: what a cluster is, what a line is."""
    from beegames.games.honey_buzz.data import game_data

    cards = [*game_data().contests.multiplayer, *game_data().contests.solo]
    for line_vectors in ("nearest", "axis"):
        s = new(2, line_vectors=line_vectors)
        for card in cards:
            meaning = view.metric_meaning(s, card.metric)
            assert meaning.endswith(".") and len(meaning) > 25, (card.id, meaning)
    s = new(2)
    assert "three cells" in view.metric_meaning(s, "nectar_clusters") and "nectar tile" in \
        view.metric_meaning(s, "nectar_clusters")
    assert "none of them" in view.metric_meaning(s, "empty_cell_clusters")
    assert "one tile hex between" in view.metric_meaning(s, "longest_line")
    assert "two tile hexes" in view.metric_meaning(new(2, line_vectors="axis"), "longest_line")
    for row in view.contest_rows(s):
        assert row.meaning == view.metric_meaning(s, game_data().contest(row.id).metric) and row.explain


def _labels(entries) -> list[str]:
    return [x for e in entries for x in (e.label, *_labels(e.group))]


def test_a_choice_that_triggers_the_end_says_so_and_what_follows():
    """A sale that drops the fourth value to the bottom says that the game then ends (at once, in
    solitaire on your turn, which forfeits what the turn still owes); a sale that does not, says
    nothing of it; with two players the round is played out to the last seat."""
    from beegames.games.honey_buzz import turns
    from beegames.games.honey_buzz.data import game_data
    from beegames.games.honey_buzz.models import ActMove

    from .test_hb_contests_end import to_bottom

    def ready(players: int):
        s = new(players)
        to_bottom(s, "WRC")
        col = game_data().market.columns[0].values
        s.market[0] = len(col) - 2
        s.players[0].pollen = 1
        s.supply_pollen -= 1
        s.todo = ["market", "decree"]
        s.pending = None
        turns.next_action(s)
        return play(s, ActMove(action="market"))

    s = ready(1)
    assert s.pending.kind == "market"
    labels = _labels(view.choices(s, ENGINE.legal_moves(s)))
    sale = next(x for x in labels if x.startswith("Sell 1 Pollen"))
    assert sale.endswith("; then four market values cannot drop further: the game ends at once"), sale
    s2 = ready(2)
    sale = next(x for x in _labels(view.choices(s2, ENGINE.legal_moves(s2))) if x.startswith("Sell 1 Pollen"))
    assert sale.endswith("the game ends after Bob's turn") or sale.endswith(f"after {s2.players[1].name}'s turn")
    # one value short of the trigger: nothing is said
    s3 = ready(1)
    s3.market[3] -= 1
    assert not any("cannot drop further:" in x for x in _labels(view.choices(s3, ENGINE.legal_moves(s3))))


def test_turn_note_says_the_last_action_of_a_turn_and_when_no_tile_closes_a_cell():
    """Under the question: the action that ends the turn says so and who plays next (in solitaire
    the drones, whose card then turns: no undo past it); a market action adds that an order brings
    its stack's action; a turn where no tile could close a cell says so (the list cannot: every
    tile is the same shape)."""
    from beegames.games.honey_buzz import turns

    from .hb_helpers import add_tile, empty_hive

    s = new(1)
    assert view.turn_note(s) == ""  # (the starred hive has sites one tile from a cell)
    s.todo, s.pending = ["forage"], None
    turns.next_action(s)
    assert s.pending.kind == "forage"
    assert view.turn_note(s) == "Your last action this turn: then the drones play."
    s.todo, s.pending = ["forage", "produce"], None
    turns.next_action(s)
    assert s.pending.kind == "action" and view.turn_note(s) == ""
    s2 = new(2)
    s2.todo, s2.pending = ["market"], None
    s2.players[0].pollen = 1
    turns.next_action(s2)
    assert s2.pending.kind == "market"
    bob = s2.players[1].name
    assert view.turn_note(s2) == f"Your last action this turn (unless an order adds one): then {bob} plays."
    s3 = new(1)
    empty_hive(s3, 0)
    add_tile(s3, 0, (1, 0), (2, 0), take=False)
    assert view.turn_note(s3).startswith("No tile can close a cell in your hive now")


def test_forage_entry_for_the_tokens_own_space_says_stay_and_the_turn_counts_coins():
    """Foraging where the token already is reads 'Stay on B3, free: …' wherever it stands (on the
    field it read 'B3, free' like a move); the turn's question counts '1 coin', not '1 coins'."""
    from beegames.games.honey_buzz import turns

    s = new(1)
    s.players[0].forage = (1, 2)
    s.todo, s.pending = ["forage"], None
    turns.next_action(s)
    labels = _labels(view.choices(s, ENGINE.legal_moves(s)))
    assert any(x.startswith("Stay on B3, free:") for x in labels), labels
    assert not any(x.startswith("B3,") for x in labels)
    t = new(1)
    t.players[0].coins = 1
    assert "1 coin," in ENGINE.decision(t).prompt


def test_a_sale_at_the_bottom_says_another_value_drops():
    """Selling a resource whose value is at the bottom says that another value, of your choice,
    drops instead (it said only that its value stays at the bottom)."""
    from beegames.games.honey_buzz import turns

    from .test_hb_contests_end import to_bottom

    s = new(1)
    to_bottom(s, "P")
    s.players[0].pollen = 1
    s.supply_pollen -= 1
    s.todo, s.pending = ["market"], None
    turns.next_action(s)
    sale = next(x for x in _labels(view.choices(s, ENGINE.legal_moves(s))) if x.startswith("Sell 1 Pollen"))
    assert "its value is at the bottom, so another of your choice drops" in sale, sale


def test_a_lone_sale_group_shown_without_its_title_says_the_drop_on_each_entry():
    """With one resource to sell and no order, the list shows the sale's entries alone (its group's
    title, which says the value drops, is not shown): each entry says it."""
    from beegames.games.honey_buzz import turns

    s = new(1)
    s.players[0].pollen = 2
    s.supply_pollen -= 2
    s.todo, s.pending = ["market"], None
    turns.next_action(s)
    entries = view.choices(s, ENGINE.legal_moves(s))
    assert [e.label for e in entries] == ["Sell 1 Pollen for 4 coins; its value then drops to 3",
                                          "Sell 2 Pollen for 8 coins; its value then drops to 3"]


def test_a_placement_that_closes_no_cell_says_where_it_goes():
    """No entry of the list shows such a place, so its words do: which way it lies from the nearest
    cell by its letter (a hive with no cell yet: from a starting tile, its action drawn on it), how
    the tile lies and which end its icon is on; two places never read the same."""
    from beegames.games.honey_buzz.placement import HiveIndex

    s = play(new(1, seed=1), TakeMove(tile="forage", workers=1))
    assert not s.players[0].cells
    idle = [m for m in ENGINE.legal_moves(s) if not HiveIndex.of(s.players[0]).enclosed_by(*m.hexes)]
    said = {ENGINE.describe_move(s, m) for m in idle}
    assert len(said) == len(idle) > 10
    assert ENGINE.describe_move(s, PlaceMove(hexes=((-1, 3), (-1, 4)), icon=(-1, 3))) == (
        "Place the Forage tile to the left of the New Bee starting tile, slanting down, its icon on the upper end: "
        "it closes no cell, so nothing happens this turn")
    assert ENGINE.describe_move(s, PlaceMove(hexes=((0, 2), (1, 2)), icon=(1, 2))) == (
        "Place the Forage tile above and to the left of the Forage starting tile, lying flat, its icon on the right "
        "end: it closes no cell, so nothing happens this turn")
    # a placement that closes a cell is told by what it closes, as its entry in the list
    closing = next(m for m in ENGINE.legal_moves(s) if m not in idle)
    assert ENGINE.describe_move(s, closing).startswith("Place the Forage tile where it closes a")
