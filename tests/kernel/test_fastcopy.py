"""The kernel's fast copy: a rebuilt model equals and serialises like its original."""

from __future__ import annotations

from pydantic import BaseModel

from beegames.core.fastcopy import rebuild, shallow


class Inner(BaseModel):
    values: list[int] = []


class Outer(BaseModel):
    name: str
    inner: Inner = Inner()
    count: int = 0


def test_rebuild_keeps_fields_and_which_were_set():
    original = Outer(name="Ana", count=3)
    d = original.__dict__.copy()
    d["inner"] = rebuild(Inner, {"values": original.inner.values[:]}, original.inner.__pydantic_fields_set__)
    copy = rebuild(Outer, d, original.__pydantic_fields_set__)
    assert copy == original and type(copy) is Outer
    assert copy.model_dump(exclude_unset=True) == original.model_dump(exclude_unset=True) == {"name": "Ana", "count": 3}
    copy.inner.values.append(1)
    copy.count = 4
    assert original.inner.values == [] and original.count == 3


def test_shallow_shares_values_but_not_the_model():
    original = Outer(name="Ben", inner=Inner(values=[1]))
    copy = shallow(original)
    assert copy == original and copy is not original
    copy.name = "Cy"
    assert original.name == "Ben"
    assert copy.inner is original.inner  # nested values are the caller's to copy
