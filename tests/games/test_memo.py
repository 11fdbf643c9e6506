"""`once_per_object`: one value per object, by identity, forgotten when the object goes."""

from __future__ import annotations

import gc

from dragon_pnp.games import once_per_object


class Rules:
    def __init__(self, size: int):
        self.size = size

    def __eq__(self, other: object) -> bool:   # equal rules are still two objects to the cache
        return isinstance(other, Rules) and other.size == self.size

    __hash__ = None  # type: ignore[assignment]


def test_made_once_per_object_and_by_identity_not_equality() -> None:
    made: list[int] = []
    square = once_per_object(lambda r: made.append(r.size) or r.size * r.size)
    a, b = Rules(3), Rules(3)
    assert (square(a), square(a), square(b)) == (9, 9, 9)
    assert made == [3, 3]          # a once, b once: equal but not the same object


def test_an_entry_goes_with_its_object_and_a_new_object_is_made_afresh() -> None:
    made: list[int] = []
    size = once_per_object(lambda r: made.append(r.size) or r.size)
    for n in range(50):            # ids of dead objects are reused; each new object is made anew
        assert size(Rules(n)) == n
    gc.collect()
    assert made == list(range(50))
    assert len(size) == 0


def test_an_object_without_weak_references_is_held() -> None:
    class Slotted:
        __slots__ = ("size",)

        def __init__(self, size: int):
            self.size = size

    made: list[int] = []
    size = once_per_object(lambda r: made.append(r.size) or r.size)
    one = Slotted(7)
    assert (size(one), size(one)) == (7, 7)
    assert made == [7] and len(size) == 1
