"""A pile of cards that grows by one without being copied (issue #29).

A state is a frozen value, and each step of the fold keeps its own; a pile kept as a tuple is
copied whole at every card put on it, and every step then holds a copy as long as the game
(Red Zone's discard piles reach thousands of cards). A ``Pile`` has a tuple's value (it equals,
hashes and is stored as the tuple of its cards) but the piles made from one another by ``plus``
share one list of cards, only ever appended to, each knowing how many of them are its own: a
step holds a pile in constant room, and putting a card on it costs the same at any length.
Pure: no I/O.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")

# Two folds adding to the same pile at once (two threads on one game): one of them copies.
_ADDING = threading.Lock()


class _Shelf:
    """The cards piles made from one another share, and columns of them read by views."""

    __slots__ = ("cards", "columns")

    def __init__(self, cards: list[Any]) -> None:
        self.cards = cards
        self.columns: dict[int, list[Any]] = {}


class Pile(Sequence[T], Generic[T]):
    """An immutable sequence of cards, as a tuple of them, that grows by one in constant time."""

    __slots__ = ("_n", "_shelf")

    def __init__(self, cards: Iterable[T] = ()) -> None:
        self._shelf = _Shelf(list(cards))
        self._n = len(self._shelf.cards)

    @classmethod
    def _of(cls, shelf: _Shelf, n: int) -> Pile[T]:
        pile: Pile[T] = cls.__new__(cls)
        pile._shelf, pile._n = shelf, n
        return pile

    def plus(self, card: T) -> Pile[T]:
        """This pile with ``card`` put on top (the pile itself stays as it was)."""
        with _ADDING:
            shelf = self._shelf
            if len(shelf.cards) != self._n:
                # Another pile was made from this one already (a correction folds again from
                # an earlier step): this one gets a shelf of its own.
                shelf = _Shelf(shelf.cards[: self._n])
            shelf.cards.append(card)
            return Pile._of(shelf, self._n + 1)

    def column(self, index: int) -> list[Any]:
        """Item ``index`` of every card, bottom first (a view's names), read once per shelf."""
        shelf = self._shelf
        with _ADDING:
            made = shelf.columns.setdefault(index, [])
            if len(made) < self._n:
                made.extend(card[index] for card in islice(shelf.cards, len(made), self._n))
            return made[: self._n]

    def shares_with(self, other: Pile[Any]) -> bool:
        """Whether the two piles hold their cards in one list (neither is a copy)."""
        return self._shelf is other._shelf

    def __len__(self) -> int:
        return self._n

    def __iter__(self) -> Iterator[T]:
        return islice(self._shelf.cards, self._n)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        if not -self._n <= index < self._n:
            raise IndexError("pile index out of range")
        card: T = self._shelf.cards[index % self._n]
        return card

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Pile):
            if other._shelf is self._shelf:
                return other._n == self._n
            return len(other) == self._n and tuple(other) == tuple(self)
        if isinstance(other, tuple):
            return len(other) == self._n and other == tuple(self)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))


def put_on(pile: Sequence[T], card: T) -> Pile[T]:
    """``pile`` (a tuple read from a checkpoint, or a ``Pile``) with ``card`` on top."""
    if isinstance(pile, Pile):
        return pile.plus(card)
    return Pile((*pile, card))


def column(pile: Sequence[Any], index: int) -> list[Any]:
    """Item ``index`` of every card of ``pile`` (a tuple or a ``Pile``), bottom first."""
    if isinstance(pile, Pile):
        return pile.column(index)
    return [card[index] for card in pile]
