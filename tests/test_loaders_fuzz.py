"""Fuzzing the loaders: arbitrary JSON values, texts and bytes give a position, a record or a RecordError."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit import game
from kit.core.errors import RecordError

WALAK, MYRA = game("walak"), game("myra")
GOOD = {
    "walak position": (WALAK.position_from_json, WALAK.start().play("c").to_json()),
    "myra position": (MYRA.position_from_json, MYRA.start(3).to_json()),
    "walak record": (WALAK.record_from_json, WALAK.record(None, ["c", "b"]).to_json()),
    "myra record": (MYRA.record_from_json, MYRA.record(None, ["F10-F9", "F2-F3"]).to_json()),
}
SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

scalars = (st.none() | st.booleans() | st.integers(min_value=-10 ** 40, max_value=10 ** 40)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20)
           | st.sampled_from(["walak", "myra", "c", "F10-F9", "default", "ludii", "south", "blue", "winner"]))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=6)
                           | st.dictionaries(st.text(max_size=10), inner, max_size=6), max_leaves=30)


def loads_or_refuses(load, data) -> None:
    """``data`` is refused with a one-line RecordError, or loaded: then what was loaded
    round-trips, its JSON text read back giving the same thing and the same text."""
    try:
        loaded = load(data)
    except RecordError as error:
        assert str(error) and "\n" not in str(error)
        return
    text = json.dumps(loaded.to_json(), sort_keys=True)
    again = load(text)
    assert again == loaded and json.dumps(again.to_json(), sort_keys=True) == text


@pytest.mark.parametrize("loader", GOOD)
def test_the_good_examples_load_to_themselves(loader):
    load, good = GOOD[loader]
    assert load(good).to_json() == good and load(json.dumps(good)).to_json() == good
    loads_or_refuses(load, good)


@pytest.mark.parametrize("loader", GOOD)
@SETTINGS
@given(value=json_values)
def test_arbitrary_json_values(loader, value):
    load, _ = GOOD[loader]
    loads_or_refuses(load, value)
    loads_or_refuses(load, json.dumps(value))


@pytest.mark.parametrize("loader", GOOD)
@SETTINGS
@given(data=st.binary(max_size=300) | st.text(max_size=300))
def test_arbitrary_bytes_and_text(loader, data):
    loads_or_refuses(GOOD[loader][0], data)


def mutations(good: dict) -> st.SearchStrategy:
    """The good example with one field (or one field of a nested object or list) replaced."""
    def mutate(draw):
        data = json.loads(json.dumps(good))
        target = data
        for _ in range(draw(st.integers(0, 3))):
            children = list(target.items()) if isinstance(target, dict) else list(enumerate(target))
            containers = [(key, value) for key, value in children if isinstance(value, (dict, list)) and value]
            if not containers:
                break
            key, value = draw(st.sampled_from(containers))
            target = value
        keys = list(target) if isinstance(target, dict) else list(range(len(target)))
        if not keys:
            return data
        key = draw(st.sampled_from(keys))
        if draw(st.booleans()) and isinstance(target, dict):
            del target[key]
        else:
            target[key] = draw(json_values)
        return data
    return st.composite(lambda draw: mutate(draw))()


@pytest.mark.parametrize("loader", GOOD)
def test_mutated_good_inputs(loader):
    load, good = GOOD[loader]

    @SETTINGS
    @given(data=mutations(good))
    def check(data):
        loads_or_refuses(load, data)
        loads_or_refuses(load, json.dumps(data).encode())

    check()
