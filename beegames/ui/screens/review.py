"""The review of a finished game: the moves of each player reviewed after
which the computer's outlook for them fell most (``coach.review``), in a
dialog that wraps and scrolls at 80×24. Which players are reviewed is the
game screen's choice (every human seat, or every seat when no human plays,
as ``beegames review``); the title names them.

Each move listed is an entry of the one decision list (:class:`ChoiceList`):
its number or Enter goes to the position before that move (in a replay, the
replay jumps there; after a game, a replay of it opens there). The dialog is
dismissed with the move's index in the game's history (``ReviewItem.ply``),
or None.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ...core.coach import Review, ReviewItem
from ...core.words import and_list, plural
from ..widgets.choices import Choice, ChoiceList
from ..widgets.footer import Dialog


def review_summary(review: Review, name: str) -> Text:
    """What the review looked at, in a sentence or two (``name`` is the player's, kept as data)."""
    text = Text()
    text.append("The computer judged ")
    text.append(_judged(review, name))
    text.append(". ")
    if review:
        text.append(_meaning(review))
        text.append("The moves after which the outlook fell most:" if len(review) > 1 else
                    "The one move after which the outlook fell:")
    else:
        text.append("No move it judged lost anything by its reckoning.")
    return text


def _meaning(review: Review) -> str:
    """What the outlook measures, as the game's coach says it (with the space after it), or nothing."""
    return f"{review.meaning} " if review.meaning else ""


def _judged(review: Review, name: str) -> Text:
    """"27 of 27 decisions of White in 6.6 s" (and why not all, if the time ran out)."""
    text = Text(f"{review.judged} of {plural(review.moves, 'decision')}" if review.moves else "no decision")
    text.append(" of ")
    text.append(name, style="bold")
    text.append(f" in {review.seconds:.1f} s")
    if not review.complete:
        text.append(" (the time ran out before the rest)")
    return text


def reviews_summary(reviews: list[Review], names: list[str]) -> Text:
    """What the reviews of several players looked at, in a sentence or two."""
    if len(reviews) == 1:
        return review_summary(reviews[0], names[0])
    text = Text("The computer judged ")
    parts = [_judged(review, name) for review, name in zip(reviews, names)]
    for k, part in enumerate(parts):
        if k:
            text.append(" and " if k == len(parts) - 1 else ", ")
        text.append_text(part)
    text.append(". ")
    if any(reviews):
        text.append(_meaning(reviews[0]))
        text.append("The moves after which each player's outlook fell most:")
    for review, name in zip(reviews, names):
        if not review:
            text.append(" No move of ")
            text.append(name, style="bold")
            text.append(" lost anything by its reckoning.")
    return text


class ReviewScreen(Dialog[int | None]):
    """The review's moves, of one player or several (each line names its player);
    choosing one dismisses with its ``ply``."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Close", id="review.close")]
    DEFAULT_CSS = """
    ReviewScreen #review { height: 95%; max-height: 32; }
    ReviewScreen #review-summary { margin: 0 0 1 0; }
    ReviewScreen #review-moves { height: 1fr; }
    ReviewScreen #review-moves.-empty { height: 0; }
    """

    def __init__(self, reviews: list[Review], names: list[str], *, in_replay: bool) -> None:
        super().__init__()
        #: one review per player reviewed, and the players' names (kept as data)
        self.reviews = reviews
        self.names = names
        self.in_replay = in_replay

    def items(self) -> list[tuple[str, ReviewItem]]:
        """Every move listed, in order: (its line, the review item); with several
        players, each line names its player (a move's own words may do it already)."""
        several = len(self.reviews) > 1

        def line(item: ReviewItem, name: str) -> str:
            named = not several or item.played.description.startswith(name)
            return item.text() if named else f"{name}: {item.text()}"

        return [(line(item, name), item) for review, name in zip(self.reviews, self.names) for item in review]

    def body(self) -> ComposeResult:
        with Vertical(id="review", classes="dialog wide"):
            yield Static(Text.assemble("Review: ", (and_list(self.names), "bold")), classes="title")
            yield Static(reviews_summary(self.reviews, self.names), id="review-summary")
            moves = ChoiceList(id="review-moves", digits=True)
            yield moves
            where = "go" if self.in_replay else "replay the game from"
            count = self.item_count()
            numbers = "1" if count == 1 else f"1-{min(count, 9)}"
            keys = f"{numbers} or Enter: {where} just before that move · " if count else ""
            yield Static(f"{keys}Esc closes this", classes="hint")

    def on_mount(self) -> None:
        moves = self.query_one("#review-moves", ChoiceList)
        moves.set_choices([Choice(label=Text(line), value=item.ply) for line, item in self.items()])
        moves.set_class(not self.item_count(), "-empty")
        moves.focus()

    def item_count(self) -> int:
        return sum(len(review) for review in self.reviews)

    @on(ChoiceList.Selected, "#review-moves")
    def _chosen(self, event: ChoiceList.Selected) -> None:
        event.stop()
        self.dismiss(int(event.choice.value))
