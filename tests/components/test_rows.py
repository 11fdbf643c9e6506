"""Card rows from CSV and YAML: values, numbers, and errors located at the line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragon_pnp.data.rows import load_rows
from dragon_pnp.errors import DataError


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_csv_rows_with_numbers_text_and_a_quoted_line_break(tmp_path):
    path = write(tmp_path, "cards.csv", 'name,count,attack,bonus,weight,code,text\n'
                                         'Knight,2,3,+2,0.5,007,"Strike.\nThen rest."\n'
                                         'Archer, 1 ,-1,+0,1.25,12,"Shoot, then move"\n')
    rows, source = load_rows(path)
    assert rows == [
        {"name": "Knight", "count": 2, "attack": 3, "bonus": "+2", "weight": 0.5, "code": "007",
         "text": "Strike.\nThen rest."},
        {"name": "Archer", "count": 1, "attack": -1, "bonus": "+0", "weight": 1.25, "code": 12,
         "text": "Shoot, then move"},
    ]
    where = source.locate((1, "attack"))
    assert (where.line, where.column) == (4, 12)
    assert (source.locate((0, "text")).line, source.locate((0, "text")).column) == (2, 23)


def test_csv_with_a_byte_order_mark_and_semicolons(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_bytes("\ufeffname;count\nA;1\n\nB;2\n".encode("utf-8"))
    rows, source = load_rows(path)
    assert rows == [{"name": "A", "count": 1}, {"name": "B", "count": 2}]
    assert source.locate((1, "count")).line == 4  # the blank line is skipped, not a card


@pytest.mark.parametrize("text, line, column, words", [
    ("name,count\nA,1\nB,2,extra\n", 3, 1, "3 cells but the header has 2 columns"),
    ("name,text\nA,x\n", 1, 1, "no 'count' column"),
    ("name,count\nA,1\nB,two\n", 3, 3, "whole number of copies"),
    ("name,count\nA,1.5\n", 2, 3, "whole number of copies"),
    ("name,count\nA,-1\n", 2, 3, "0 to 1000 copies"),
    ("name,count,name\nA,1,B\n", 1, 12, "appears twice"),
    ("name,,count\nA,x,1\n", 1, 6, "has no name"),
    ("name,the text,count\nA,x,1\n", 1, 6, "letters, digits and _"),
    ("name,count\n", 2, 1, "no card rows"),
    ('name,count\n"A,1\n', 2, None, "never closed"),
])
def test_bad_csv_is_located(tmp_path, text, line, column, words):
    path = write(tmp_path, "cards.csv", text)
    with pytest.raises(DataError) as caught:
        load_rows(path)
    assert caught.value.location.line == line
    assert caught.value.location.column == column
    assert words in caught.value.message
    assert str(caught.value).startswith(str(path))


def test_csv_that_is_not_utf8_is_located(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_bytes(b"name,count\nCaf\xe9,1\n")
    with pytest.raises(DataError, match="UTF-8") as caught:
        load_rows(path)
    assert caught.value.location.line == 2


def test_yaml_rows_are_located_by_row_and_field(tmp_path):
    path = write(tmp_path, "cards.yaml", "cards:\n  - {name: A, count: 2}\n  - name: B\n    count: 1\n    suit: hearts\n")
    rows, source = load_rows(path)
    assert rows == [{"name": "A", "count": 2}, {"name": "B", "count": 1, "suit": "hearts"}]
    assert source.locate((1, "suit")).line == 5
    assert source.locate((0, "count")).line == 2


@pytest.mark.parametrize("text, line, words", [
    ("cards:\n  - {name: A}\n", 2, "has no 'count'"),
    ("cards:\n  - {name: A, count: many}\n", 2, "whole number of copies"),
    ("cards:\n  - {name: A, count: true}\n", 2, "whole number of copies"),
    ("cards: []\n", 1, "at least one"),
    ("deck:\n  - {name: A, count: 1}\n", 1, "a `cards:` list"),
    ("cards:\n  - just text\n", 2, "should be a mapping"),
    ("cards:\n  - {name: A, count: 1, my field: 2}\n", 2, "letters, digits and _"),
])
def test_bad_yaml_rows_are_located(tmp_path, text, line, words):
    with pytest.raises(DataError) as caught:
        load_rows(write(tmp_path, "cards.yaml", text))
    assert caught.value.location.line == line
    assert words in caught.value.message


def test_rows_are_located_with_or_without_the_cards_prefix_and_other_keys_are_left_alone(tmp_path):
    rows, source = load_rows(write(tmp_path, "destiny.yaml", "cards:\n  - {id: a, count: 2}\npresets: {x: 1}\n"))
    assert rows == [{"id": "a", "count": 2}]
    with_prefix, without = source.locate(("cards", 0, "count")), source.locate((0, "count"))
    assert (with_prefix.line, with_prefix.column) == (without.line, without.column) == (2, 20)
    _, csv_source = load_rows(write(tmp_path, "c.csv", "id,count\na,1\nb,2\n"))
    assert csv_source.locate(("cards", 1, "count")).line == 3 and csv_source.locate((1, "count")).column == 3


def test_a_deck_may_name_its_own_count_column(tmp_path):
    rows, _ = load_rows(write(tmp_path, "cards.csv", "name,copies\nA,3\n"), count_field="copies")
    assert rows == [{"name": "A", "copies": 3}]
