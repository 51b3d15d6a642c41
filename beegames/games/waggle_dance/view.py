"""What a screen draws of a Waggle Dance table, as plain data.

The screen reads the game only through this module. :func:`table_view` turns
one seat's view of the state (the kernel's redaction: other hands are
unknown cards) into frozen dataclasses: the action cards, the flowers, the
threats, each honeycomb, Bumblebot's area and the seat's own hand. Dice and
nectar are described by names and tags, so that a screen can use words as
well as colours. :func:`turn_options` sorts the legal moves of a day turn
into what a die picker needs. Nothing here changes a state or imports the UI
toolkit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from ...core.protocol import Decision
from ...core.state import headline
from .data import card_texts, colour_label, colour_name, components, solo_cards, threat_penalties
from .day import PlaceDie, placement_refusal
from .describe import describe_action
from .models import (
    BLOCKERS,
    BUMBLEBOT,
    BackMove,
    CallMove,
    DeclineMove,
    DiscardMove,
    GainMove,
    HelperMove,
    HoneyMove,
    LoseMove,
    Move,
    NectarMove,
    PlaceMove,
    PlayMove,
    ShiftMove,
    Table,
    TradeMove,
)
from .queries import (
    ACTION_NAMES,
    flower_closed,
    owner_name,
    pair_effect,
    room_capacity,
    room_space,
    room_text,
    threat_spaces,
)

PENALTY_TEXT = {"egg": "lose an egg", "die": "lose a die", "nectar": "lose a nectar", "room": "lose a room",
                "none": "no effect"}
PAIR_NOTE = {"hatch": "hatch", "honey": "honey", "pair": "pair"}
#: What a die placed on each action does at night, in a word or two, for a legend of the letters
#: (D is written on the table as the flowers' nectar).
ACTION_LEGEND: tuple[tuple[str, str], ...] = (
    ("A", "room"), ("C", "egg"), ("E", "trade"), ("G", "card"), ("B/F", "your rooms"))


@dataclass(frozen=True)
class DieView:
    owner: int
    value: int  # 0: a Soldiers die on a threat (matches anything)
    #: the dice colour's name ("Blue"; blockers: "Blocker")
    colour: str
    owner_name: str
    blocker: bool = False
    bumblebot: bool = False


@dataclass(frozen=True)
class SpaceView:
    id: str
    value: int
    dice: tuple[DieView, ...] = ()
    target: bool = False

    @property
    def free(self) -> bool:
        """Whether no die stands on the space."""
        return not self.dice


@dataclass(frozen=True)
class ActionView:
    letter: str
    name: str
    spaces: tuple[SpaceView, ...] = ()
    #: Bumblebot's pairs on B or F
    pairs: tuple[int, ...] = ()
    target: bool = False


@dataclass(frozen=True)
class FlowerView:
    id: str
    number: int
    colour: int
    name: str
    label: str
    supply: int
    dice: tuple[DieView, ...]
    closed: bool
    target: bool
    #: dice per owner, most first: "Blue 2 / Black 1"
    counts: str = ""


@dataclass(frozen=True)
class NectarView:
    colour: int
    name: str
    label: str


@dataclass(frozen=True)
class RoomView:
    id: str
    index: int
    egg: bool
    honey: bool
    nectar: tuple[NectarView, ...]
    dice: tuple[int, ...]
    space: int
    #: what the dice in it do at night: "hatch", "honey", "pair" or ""
    note: str
    target: bool = False


@dataclass(frozen=True)
class HiveView:
    seat: int
    name: str
    colour: str
    honey: int
    dice: int
    volunteer: int
    pool: tuple[int, ...]
    helpers: tuple[int, ...]
    sick: tuple[int, ...]
    cards: int
    first: bool
    deciding: bool
    flags: tuple[str, ...]
    rooms: tuple[RoomView, ...]
    waiting: tuple[NectarView, ...]


@dataclass(frozen=True)
class BumblebotView:
    colour: str
    honey: int
    dice: int
    eggs: int
    pool: tuple[int, ...]
    nectar: tuple[tuple[NectarView, int], ...]
    hatch_pairs: tuple[int, ...]
    honey_pairs: tuple[int, ...]
    card: int | None
    icons: tuple[str, ...]
    chart: tuple[int, ...]
    blocker_at: int
    actions: tuple[str, ...]
    deck: int
    discard: int


@dataclass(frozen=True)
class ThreatView:
    id: str
    name: str
    penalty: str
    spaces: int
    dice: tuple[DieView, ...]
    target: bool


@dataclass(frozen=True)
class CardView:
    id: str
    name: str
    phase: str
    effect: str
    count: int


@dataclass(frozen=True)
class TableView:
    edition: str
    round: int
    phase: str
    target: int
    queen_deck: int
    eggs: int
    rooms: int
    supply: tuple[tuple[NectarView, int], ...]
    last_round: bool
    #: 2014: the names of this game's Queen Bee card types
    deck_types: tuple[str, ...]
    actions: tuple[ActionView, ...]
    flowers: tuple[FlowerView, ...]
    threats: tuple[ThreatView, ...]
    threats_in_game: bool
    threat_deck: int
    guardians: int
    hives: tuple[HiveView, ...]
    bumblebot: BumblebotView | None
    #: the viewing seat's hand (None: no seat is at the keyboard)
    hand: tuple[CardView, ...] | None
    viewer: int | None
    solo: bool
    volunteer_die: int | None = None
    #: False at dawn, before this round's roll: the pools still hold last round's values
    rolled: bool = True


@dataclass(frozen=True)
class TurnOptions:
    """A day turn's legal moves, sorted for a die picker."""

    #: die value -> the places it may go
    targets: dict[int, tuple[str, ...]] = field(default_factory=dict)
    helpers: tuple[HelperMove, ...] = ()
    cards: tuple[PlayMove, ...] = ()
    locked: int | None = None
    #: 2014: other players who may be let in to play a card during this turn
    calls: tuple[CallMove, ...] = ()

    @property
    def dice(self) -> list[int]:
        """The die values that may be placed, lowest first."""
        return sorted(self.targets)


def dice_colour(s: Table, owner: int) -> str:
    """The colour name of ``owner``'s dice ("Blocker" for blockers)."""
    names = components(s.options.ruleset).dice_colours
    if owner >= 0:
        return names[s.players[owner].colour]
    if owner == BUMBLEBOT and s.bumblebot is not None:
        return names[s.bumblebot.colour]
    return "Blocker"


def die_view(s: Table, owner: int, value: int) -> DieView:
    """How a die showing ``value`` of ``owner`` is drawn: its colour, its owner's name, and whether
    a blocker or Bumblebot placed it."""
    return DieView(owner, value, dice_colour(s, owner), owner_name(s, owner), owner in BLOCKERS,
                   owner == BUMBLEBOT)


def nectar_view(s: Table, c: int) -> NectarView:
    """How nectar colour ``c`` is shown in this game's edition: its name and label."""
    return NectarView(c, colour_name(c, s.options.ruleset), colour_label(c, s.options.ruleset))


def turn_options(moves: Sequence[Move], locked: int | None = None) -> TurnOptions:
    """The day turn's legal ``moves`` sorted for the die picker: the places for each value, the
    helper changes, the cards, the 2014 calls; ``locked`` is the die just changed."""
    targets: dict[int, list[str]] = {}
    helpers: list[HelperMove] = []
    cards: list[PlayMove] = []
    calls: list[CallMove] = []
    for m in moves:
        if isinstance(m, PlaceMove):
            targets.setdefault(m.die, []).append(m.target)
        elif isinstance(m, HelperMove):
            helpers.append(m)
        elif isinstance(m, PlayMove):
            cards.append(m)
        elif isinstance(m, CallMove):
            calls.append(m)
    return TurnOptions({v: tuple(t) for v, t in sorted(targets.items())}, tuple(helpers), tuple(cards), locked,
                       tuple(calls))


def table_view(s: Table, viewer: int | None, decision: Decision | None = None,
               lit: Iterable[str] = ()) -> TableView:
    """The table as ``viewer`` sees it (``s`` is that seat's view); ``lit``: places to light up
    (where the picked die may go)."""
    lit = set(lit)
    cap = room_capacity(s)
    deciding = decision.seat if decision is not None else None
    actions = []
    for letter in "ABCDEFG":
        if letter in "ACEG":
            spaces = tuple(SpaceView(f"{letter}{v}", v, tuple(die_view(s, o, x) for o, x in s.spaces[f"{letter}{v}"]),
                                     f"{letter}{v}" in lit) for v in range(1, 7))
            actions.append(ActionView(letter, ACTION_NAMES[letter], spaces,
                                      target=any(sp.target for sp in spaces)))
        elif letter in "BF":
            b = s.bumblebot
            pairs = tuple((b.hatch_pairs if letter == "B" else b.honey_pairs) if b else ())
            actions.append(ActionView(letter, ACTION_NAMES[letter], pairs=pairs,
                                      target=any(t.startswith("R") for t in lit)))
        else:
            actions.append(ActionView(letter, ACTION_NAMES[letter], target=any(t.startswith("D") for t in lit)))
    order = {o: i for i, o in enumerate(s.order)}
    flowers = []
    for f in range(1, 7):
        dice = s.spaces[f"D{f}"]
        counts = Counter(o for o, _ in dice)
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], order.get(kv[0], 9)))
        text = " / ".join(f"{owner_name(s, o)} {k}" for o, k in ranked)
        flowers.append(FlowerView(f"D{f}", f, f - 1, colour_name(f - 1, s.options.ruleset),
                                  colour_label(f - 1, s.options.ruleset), s.supply_nectar[f - 1],
                                  tuple(die_view(s, o, x) for o, x in dice), flower_closed(s, f), f"D{f}" in lit,
                                  text if len(counts) > 1 else ""))
    need = threat_spaces(s)
    threats = tuple(ThreatView(f"T{i}", t.name, PENALTY_TEXT[threat_penalties().get(t.name, "none")], need,
                               tuple(die_view(s, o, x) for o, x in t.dice), f"T{i}" in lit)
                    for i, t in enumerate(s.threats))
    hives = []
    for i, p in enumerate(s.players):
        rooms = tuple(RoomView(f"R{k}", k, r.egg, r.honey, tuple(nectar_view(s, c) for c in r.nectar),
                               tuple(r.dice), room_space(r, cap), PAIR_NOTE.get(pair_effect(r, cap) or "", ""),
                               i == viewer and f"R{k}" in lit)
                      for k, r in enumerate(p.rooms))
        flags = []  # the cards in play for this seat, each with what it does now
        if p.guardian:
            flags.append("Guards (no threat harms them tonight)")
        if p.double_park:
            flags.append("Double Park (next die may share a space)")
        if p.soldier:
            flags.append("Soldiers (next die on a threat matches any)")
        if p.directions:
            flags.append("Directions (any die may go on " + ", ".join(f"D{f}" for f in p.directions) + ")")
        if p.volunteer:
            flags.append("Volunteer")
        if p.sick:
            flags.append("Sick Day " + ",".join(map(str, p.sick)))
        hives.append(HiveView(i, p.name, dice_colour(s, i), p.honey, p.dice, p.volunteer, tuple(sorted(p.pool)),
                              tuple(p.helpers), tuple(p.sick), len(p.hand), s.order[s.first] == i, deciding == i,
                              tuple(flags), rooms, tuple(nectar_view(s, c) for c in p.pending_nectar)))
    b = s.bumblebot
    bumblebot = None
    if b is not None:
        card = solo_cards()[b.card] if b.card is not None else None
        bumblebot = BumblebotView(dice_colour(s, BUMBLEBOT), b.honey, b.dice, b.eggs, tuple(sorted(b.pool)),
                            tuple((nectar_view(s, c), b.nectar[c]) for c in range(6)), tuple(b.hatch_pairs),
                            tuple(b.honey_pairs), b.card, tuple(card.icons) if card else (),
                            tuple(card.chart) if card else (), card.blocker if card else -1,
                            tuple(card.actions) if card else (), len(b.deck), len(b.discard))
    hand = None
    if viewer is not None and 0 <= viewer < len(s.players):
        texts = card_texts(s.options.ruleset)
        held = Counter(s.players[viewer].hand)
        hand = tuple(CardView(cid, texts[cid][0], texts[cid][1], texts[cid][2], k)
                     for cid, k in sorted(held.items()) if cid in texts)
    return TableView(
        edition=s.options.ruleset, round=s.turn, phase=s.phase, target=s.target, queen_deck=len(s.queen_deck),
        eggs=s.supply_eggs, rooms=s.supply_rooms,
        supply=tuple((nectar_view(s, c), s.supply_nectar[c]) for c in range(6)),
        last_round=s.end_triggered or s.final_round,
        deck_types=tuple(card_texts(s.options.ruleset).get(c, (c,))[0] for c in s.deck_types), actions=tuple(actions),
        flowers=tuple(flowers), threats=threats, threats_in_game=s.options.threats, threat_deck=len(s.threat_deck),
        guardians=s.guardians, hives=tuple(hives), bumblebot=bumblebot, hand=hand, viewer=viewer, solo=s.solo,
        volunteer_die=s.volunteer_die, rolled=rolled(s),
    )


def rolled(s: Table) -> bool:
    """Have this round's dice been rolled? (False at dawn, while the cards played before the
    roll are asked: what the pools hold then is last round's values.)"""
    return not (s.phase == "day" and "roll_dice" in s.queue)


#: What passing does, by the kind of question, for the list (the log keeps "passes.").
DECLINE_LABELS = {
    "window": "Passes: plays no card now.",
}


def move_label(s: Table, move: Move) -> str:
    """A legal move in words, without the player's name: "Places a 3 on flower 3 (purple).";
    passing says what it gives up ("Passes: plays no card now.")."""
    if s.pending is not None and (label := s.pending.label(s, move)) is not None:
        return label
    if isinstance(move, DeclineMove) and s.pending is not None:
        kind = s.pending.kind
        label = DECLINE_LABELS.get(kind) or ("Passes: plays no card now." if kind.startswith("offer_") else None)
        if label is not None:
            return label
    text = describe_action(s, move)
    return text[:1].upper() + text[1:]


def place_label(s: Table, seat: int, die: int, target: str) -> str:
    """Where a picked die would go, with what it would do there."""
    letter, num = target[0], int(target[1:])
    if letter in "ACEG":
        taken = " (shared: Double Park)" if s.spaces.get(target) else ""
        return f"{target} · {ACTION_NAMES[letter].lower()}{taken}"
    if letter == "D":
        return f"{target} · {colour_name(num - 1, s.options.ruleset).lower()} nectar"
    if letter == "T":
        th = s.threats[num]
        return f"{target} · fight the {th.name} ({len(th.dice)} dice on it)"
    room = s.players[seat].rooms[num]
    cap = room_capacity(s)
    if room.honey:
        return f"room {num}: honey (no effect)"
    tail = ""
    effect = pair_effect(room.model_copy(update={"dice": [*room.dice, die]}), cap, die)
    if effect is not None:
        goal = {"hatch": "hatch (B)", "honey": "make honey (F)"}.get(effect, "pair (B/F)")
        tail = f" → pairs your {die}: {goal}"
    return f"room {num}: {room_text(s, seat, num)}{tail}"


@dataclass(frozen=True)
class ChoiceEntry:
    """One entry of a decision list other than a day turn's, as the game words it: a move to
    make, or a heading (``move`` None) that opens the entries of ``group``. ``key``: a key that
    chooses it (a room's number, a flower's number for its nectar colour)."""

    label: str
    move: Move | None = None
    nectar: NectarView | None = None
    key: str | None = None
    group: tuple[ChoiceEntry, ...] = ()
    #: what heads the open group, where its entries say only the place ("Store a pink nectar"
    #: over "in room 1 (Pk Pk)"); None: the label heads it
    heading: str | None = None


#: A decision list longer than this is made quick by keys (:func:`choice_entries`).
LONG_LIST = 3
#: How a heading that gathers the moves of one nectar colour ends, by kind of move (the prompt
#: says what is done; the heading fits one line of the list at 80 columns).
NECTAR_HEADINGS: dict[type, str] = {NectarMove: "into a room", GainMove: "into a room", TradeMove: "from a room",
                                    LoseMove: "from a room", ShiftMove: "room to room"}


def _nectar_place(s: Table, seat: int, move: Move) -> tuple[int, str | None] | None:
    """(colour, the room's key) for a move of one nectar to or from a room (no key: between two
    rooms, or back to the supply)."""
    colour = getattr(move, "colour", None)
    if not isinstance(colour, int) or not 0 <= colour < 6:
        return None
    if isinstance(move, NectarMove | GainMove | LoseMove) or (isinstance(move, TradeMove) and move.room is not None):
        room = move.room
    elif isinstance(move, ShiftMove | DiscardMove):
        return colour, None
    else:
        return None
    if room is None or not 0 <= room < len(s.players[seat].rooms):
        return None
    return colour, str(room) if room <= 9 else None


def choice_entries(s: Table, moves: Sequence[Move]) -> list[ChoiceEntry]:
    """The decision list of any decision but a day turn: each move in words, an entry about one
    room keyed by the room's number (:func:`_room_keys`). A long list of
    nectar choices (a colour and a room: storing, trading, receiving, losing or moving nectar)
    is made quick by keys: each room's entry is keyed by its number, and when two colours or
    more offer a choice of rooms, each colour is one entry (keyed by its flower's number) that
    opens its rooms."""
    # (a decision that words its own entries gives them one form, with no nectar chip before a
    # sentence: storing, receiving, trading, losing and moving nectar, an egg's room)
    worded = s.pending is not None and any(s.pending.label(s, m) is not None for m in moves)
    entries = [ChoiceEntry(move_label(s, m), m, None if worded else move_nectar(s, m)) for m in moves]
    seat = s.pending.seat if s.pending is not None else 0
    if not 0 <= seat < len(s.players):
        return entries  # (Bumblebot's: it has no rooms)
    if list_heading(s, moves) is not None and s.pending is not None:
        # (one colour's nectar, moved one way: the list's heading says it, each entry the place)
        words = [s.pending.group_words(s, m) for m in moves]
        return _room_keys([replace(e, label=w[1]) for e, w in zip(entries, words, strict=True) if w is not None])
    places = [_nectar_place(s, seat, m) for m in moves]
    if len(moves) <= LONG_LIST:
        return _room_keys(entries)
    by_colour: dict[int, list[int]] = {}
    for i, place in enumerate(places):
        if place is not None:
            by_colour.setdefault(place[0], []).append(i)
    colours = [c for c, ix in by_colour.items() if len(ix) > 1]
    if not colours:
        return _room_keys(entries)

    def keyed(i: int, keys: set[str], chip: bool) -> ChoiceEntry:
        place = places[i]
        assert place is not None
        key = place[1] if place[1] is not None and place[1] not in keys else None
        if key is not None:
            keys.add(key)
        return replace(entries[i], key=key, nectar=entries[i].nectar if chip else None)

    out: list[ChoiceEntry] = []
    top_keys: set[str] = set()
    done: set[int] = set()
    for i, entry in enumerate(entries):
        place = places[i]
        if place is None or place[0] not in colours:
            out.append(entry)
        elif len(colours) == 1:
            out.append(keyed(i, top_keys, True))
        elif place[0] not in done:
            done.add(place[0])
            ix = by_colour[place[0]]
            keys: set[str] = set()
            group = tuple(keyed(j, keys, False) for j in ix)
            nectar = nectar_view(s, place[0])
            kinds = {type(moves[j]) for j in ix if not isinstance(moves[j], DiscardMove)}
            where = NECTAR_HEADINGS.get(kinds.pop(), "which room") if len(kinds) == 1 else "which room"
            words = [s.pending.group_words(s, moves[j]) if s.pending is not None else None for j in ix]
            heads = {w[0] if w is not None else None for w in words}
            heading = heads.pop() if len(heads) == 1 else None
            if heading is not None:
                # (the open group's heading says the verb and the colour once; its entries, the place alone)
                group = tuple(replace(e, label=w[1]) for e, w in zip(group, words, strict=True) if w is not None)
            # (no count in the heading: storing the same colour again finds its group still open)
            out.append(ChoiceEntry(f"{nectar.name.lower()}, {where}…", None, nectar, str(place[0] + 1), group,
                                   heading))
    return _room_keys(out)


def list_heading(s: Table, moves: Sequence[Move]) -> tuple[str, NectarView] | None:
    """The heading of a long decision list whose every entry moves one colour's nectar the same
    way ("Store a pink nectar", and the colour's view), its entries then saying only the place
    (:func:`choice_entries`); None for any other list."""
    if s.pending is None or len(moves) <= LONG_LIST:
        return None
    words = [s.pending.group_words(s, m) for m in moves]
    heads = {w[0] if w is not None else None for w in words}
    colours = {getattr(m, "colour", None) for m in moves}
    if len(heads) != 1 or None in heads or len(colours) != 1:
        return None
    colour = colours.pop()
    if not isinstance(colour, int) or not 0 <= colour < 6:
        return None
    return heads.pop() or "", nectar_view(s, colour)


def _room_keys(entries: list[ChoiceEntry]) -> list[ChoiceEntry]:
    """Entries about one of the seat's rooms (an egg put in it, nectar stored in it, the room
    lost…) keyed by the room's number, as on the board, where no other entry has that key and no
    other entry is about the same room (a digit must say which)."""
    def room(e: ChoiceEntry) -> str | None:
        r = getattr(e.move, "room", None)
        if e.key is not None or not isinstance(r, int) or not 0 <= r <= 9 or hasattr(e.move, "src"):
            return None
        return str(r)

    taken = [e.key for e in entries if e.key is not None]
    rooms = [room(e) for e in entries]
    return [replace(e, key=k) if k is not None and rooms.count(k) == 1 and k not in taken else e
            for e, k in zip(entries, rooms, strict=True)]


def card_name_text(cid: str, ruleset: str) -> tuple[str, str]:
    """A card's name and effect in an edition."""
    name, _phase, effect = card_texts(ruleset).get(cid, (cid, "", ""))
    return name, effect


def recent_lines(log: Sequence[str], since: int, limit: int = 3) -> list[str]:
    """The newest of the log lines added since index ``since`` (at most ``limit``), each
    without its details (those are for the whole log)."""
    return [headline(line) for line in log[max(since, len(log) - limit):]]


def locked_die(s: Table) -> int | None:
    """The die value that must be placed next (a die just changed by a helper), if any."""
    locked = getattr(s.pending, "locked", None)
    return locked if isinstance(locked, int) else None


def has_bumblebot(s: Table) -> bool:
    """True in a solo game (Bumblebot has a honeycomb to draw)."""
    return s.bumblebot is not None


def is_first_edition(s: Table) -> bool:
    """Whether the game follows the 2014 first edition."""
    return s.first_edition


def seat_pool(s: Table, seat: int) -> list[int]:
    """The dice ``seat`` still has to place, lowest first."""
    return sorted(s.players[seat].pool)


def hand_size(s: Table, seat: int | None) -> int:
    """How many Queen Bee cards ``seat`` holds (public: the backs can be counted)."""
    return len(s.players[seat].hand) if seat is not None else 0


def ruleset(s: Table) -> str:
    """The edition being played: "2022" or "2014"."""
    return s.options.ruleset


def die_refusal(s: Table, seat: int, value: int) -> str | None:
    """Why ``seat`` cannot pick a die showing ``value`` on its day turn now (None: it can),
    in the rules' words."""
    locked = locked_die(s)
    pool = s.players[seat].pool
    if (locked is None and value in pool) or value == locked:
        return None
    reason = placement_refusal(s, seat, PlaceMove(die=value, target=f"D{value}"), locked)
    if locked is None:
        reason += f" Your dice: {' '.join(map(str, sorted(pool))) or 'none'}."
    return reason


#: Why a helper die cannot be used outside the seat's own day turn.
HELPER_ON_YOUR_TURN = "A helper die is used on your own day turn, to change the die you place next."


def helper_available(s: Table, seat: int | None) -> bool:
    """Whether a helper die may be asked for now: the 2022 edition, on ``seat``'s own day turn."""
    pend = s.pending
    return not s.first_edition and isinstance(pend, PlaceDie) and pend.seat == seat


def helper_refusal(s: Table, seat: int | None = None) -> str:
    """Why no helper die can be used now by ``seat`` (None: the seat deciding): on its day turn,
    the rule that forbids it; the first edition has none; otherwise, not its day turn."""
    pend = s.pending
    if not s.first_edition and seat is not None and not helper_available(s, seat):
        return HELPER_ON_YOUR_TURN
    turn = pend if isinstance(pend, PlaceDie) else PlaceDie(seat=pend.seat if pend is not None else 0)
    pool = sorted(s.players[turn.seat].pool) or [1]
    low, high = pool[0], pool[-1]
    return turn.refusal(s, HelperMove(helper=low, die=high, value=2 if high == 1 else 1))


def hand_refusal(s: Table, seat: int | None) -> str:
    """Why the keyboard seat has no card to play now."""
    if hand_size(s, seat):
        return "None of your Queen Bee cards can be played now."
    return "You hold no Queen Bee cards."


def target_refusal(letter: str) -> str:
    """Why a picked die has no place of kind ``letter`` (R: a room, T: a threat)."""
    return {"R": "You have no room to place this die in.",
            "T": "There is no threat with a free space to fight."}.get(letter, "That place is not open now.")


def is_card_play(move: Move) -> bool:
    """True for a move that plays one of the seat's Queen Bee cards (honey made with cards too)."""
    return isinstance(move, PlayMove) or (isinstance(move, HoneyMove) and bool(move.cards))


def move_rooms(move: Move) -> set[int]:
    """The seat's rooms a move (other than a placement) is about, to mark them on its honeycomb."""
    if isinstance(move, PlaceMove):
        return set()
    return {r for r in (getattr(move, a, None) for a in ("room", "src", "dst")) if isinstance(r, int)}


def move_nectar(s: Table, move: Move) -> NectarView | None:
    """The nectar colour a move stores, gives or takes, if any."""
    colour = getattr(move, "colour", None)
    return nectar_view(s, colour) if isinstance(colour, int) and 0 <= colour < 6 else None


def move_place(move: Move) -> str | None:
    """The board place a placement goes to ("D3", "R0", "T1"), for any other move None."""
    return move.target if isinstance(move, PlaceMove) else None


def seat_summaries(s: Table) -> list[str]:
    """One line per seat for a save listing or a menu: honey, dice and cards held."""
    return [f"honey {p.honey}/{s.target} · dice {p.dice} · cards {len(p.hand)}" for p in s.players]


def back_move(moves: Sequence[Move]) -> Move | None:
    """The step back among a decision's moves (a trade's second nectar offers one), if any."""
    return next((m for m in moves if isinstance(m, BackMove)), None)


def place_move(die: int, target: str) -> Move:
    """The move that places a die showing ``die`` on ``target`` (a space, flower, room or threat)."""
    return PlaceMove(die=die, target=target)


#: what a screen may name without importing the rules' models
__all__ = [
    "ACTION_LEGEND", "ActionView", "BumblebotView", "CardView", "ChoiceEntry", "DieView", "FlowerView", "HiveView",
    "Move", "NectarView", "RoomView", "SpaceView", "Table", "TableView", "ThreatView", "TurnOptions", "back_move",
    "card_name_text", "choice_entries", "dice_colour", "die_refusal", "die_view", "hand_refusal", "hand_size",
    "has_bumblebot", "helper_available", "helper_refusal", "is_card_play", "is_first_edition", "list_heading",
    "locked_die",
    "move_label", "move_nectar", "move_place", "move_rooms", "nectar_view", "place_label", "place_move",
    "recent_lines", "rolled", "room_text", "ruleset", "seat_pool", "seat_summaries", "table_view",
    "target_refusal", "turn_options",
]
