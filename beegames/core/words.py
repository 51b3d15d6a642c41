"""Small helpers for the words shown to players."""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 move``, ``2 moves``, ``1 destination``; ``many`` for odd plurals."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def sentence_end(text: str) -> str:
    """``text`` without its closing full stop, to continue the sentence."""
    return text.rstrip().removesuffix(".")


def with_article(word: str) -> str:
    """``word`` after its indefinite article: "a red", "an orange", "an Acacia"."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def without_subject(text: str, name: str) -> str:
    """``text`` without a leading ``name`` as its subject ("Ann places a 2" → "places a 2";
    "Ann: wQ" → "wQ"), for a line that names the player already."""
    for lead in (f"{name}: ", f"{name} "):
        if name and text.startswith(lead) and len(text) > len(lead):
            return text[len(lead):]
    return text


def and_list(items: list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
