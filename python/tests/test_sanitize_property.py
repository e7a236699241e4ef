"""sanitize equals re.sub(r"[^a-zA-Z0-9_-]", "_", s) over every code point and random strings."""

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from toolnexus import sanitize

PATTERN = re.compile(r"[^a-zA-Z0-9_-]")


def reference(value: str) -> str:
    return PATTERN.sub("_", value)


def test_every_code_point_alone_and_in_context() -> None:
    # 0..0x10FFFF, lone surrogates included (chr builds them; no codec is involved).
    for start in range(0, 0x110000, 0x1000):
        block = [chr(c) for c in range(start, min(start + 0x1000, 0x110000))]
        for ch in block:
            value = "a" + ch + "-"
            assert sanitize(value) == reference(value), hex(ord(ch))
        joined = "".join(block)
        assert sanitize(joined) == reference(joined), hex(start)


def test_all_code_points_in_one_string() -> None:
    everything = "".join(map(chr, range(0x110000)))
    out = sanitize(everything)
    assert out == reference(everything)
    assert len(out) == 0x110000


# Every character class, surrogates (Cs) included: Hypothesis leaves them out by default.
ANY_CHAR = st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=())
NEAR_ASCII = st.characters(min_codepoint=0, max_codepoint=0x7F)


@settings(max_examples=2000, deadline=None)
@given(st.text(ANY_CHAR, max_size=64))
def test_random_strings(value: str) -> None:
    assert sanitize(value) == reference(value)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.text(NEAR_ASCII, max_size=200), st.text(ANY_CHAR, max_size=8)), max_size=40))
def test_random_long_mixed_strings(parts: list) -> None:  # type: ignore[type-arg]
    value = "".join(parts)
    assert sanitize(value) == reference(value)


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(categories=["Cs"]), min_size=1, max_size=16), st.text(ANY_CHAR, max_size=16))
def test_lone_surrogates_anywhere(surrogates: str, rest: str) -> None:
    for value in (surrogates + rest, rest + surrogates, rest[: len(rest) // 2] + surrogates + rest[len(rest) // 2 :]):
        assert sanitize(value) == reference(value)
