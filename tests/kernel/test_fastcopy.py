"""The kernel's fast copy: a rebuilt model equals and serialises like its original."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from beegames.core.fastcopy import copier, copy_lists, rebuild, shallow


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


class Box(BaseModel):
    tags: list[str] = []
    counts: dict[str, int] = {}
    grid: list[list[int]] = []
    piles: dict[str, list[int]] = {}
    inner: Inner | None = None
    inners: list[Inner] = []
    frozen_name: str = "x"


class BigBox(Box):
    extra: int = 0


def test_copier_copies_what_it_declares_and_shares_the_rest():
    copy_box = copier(lists=("tags",), dicts=("counts",), lists_of_lists=("grid",), dicts_of_lists=("piles",),
                      models={"inner": copy_lists}, model_lists={"inners": copy_lists})
    original = BigBox(tags=["a"], counts={"a": 1}, grid=[[1]], piles={"p": [2]}, inner=Inner(values=[3]),
                      inners=[Inner(values=[4])], extra=5)
    copy = copy_box(original)
    assert type(copy) is BigBox and copy == original
    assert copy.model_dump(exclude_unset=True) == original.model_dump(exclude_unset=True)
    copy.tags.append("b")
    copy.counts["b"] = 2
    copy.grid[0].append(9)
    copy.piles["p"].append(9)
    assert copy.inner is not None and copy.inner is not original.inner
    copy.inner.values.append(9)
    copy.inners[0].values.append(9)
    assert original == BigBox(tags=["a"], counts={"a": 1}, grid=[[1]], piles={"p": [2]}, inner=Inner(values=[3]),
                              inners=[Inner(values=[4])], extra=5)
    assert copy_box(Box()).inner is None  # a missing nested model stays missing


def test_copier_refuses_a_name_that_is_not_a_field_name():
    with pytest.raises(ValueError):
        copier(lists=("a'] = 1; x = d['b",))
