"""Setting up positions: seeds and pieces placed by hand, refused when impossible, copied as text."""
from __future__ import annotations

import json

import pytest

from kit import myra, walak
from kit.classroom.setup import SetupError, position_from_text, position_text
from kit.games.myra.setup import MyraSetup
from kit.games.walak.setup import add_seed, check_walak, remove_seed, with_turn
from kit.games.myra.pieces import Piece
from kit.games.myra.hexgrid import HOLLOWS


def test_seeds_go_in_and_out_of_holes() -> None:
    empty = walak.Position([0] * 14)
    p = add_seed(add_seed(empty, 2), 2)
    assert p.board[2] == 2 and remove_seed(p, 2).board[2] == 1
    with pytest.raises(SetupError, match="South's a is empty"):
        remove_seed(p, 0)


def test_no_more_than_56_seeds() -> None:
    with pytest.raises(SetupError, match="56"):
        add_seed(walak.start(), 0)
    with pytest.raises(SetupError, match="70 seeds.*more than the 56"):
        position_from_text("walak", "S:5,5,5,5,5,5,5/5,5,5,5,5,5,5:0-0")
    with pytest.raises(SetupError, match="at most 56"):
        position_from_text("walak", '{"game": "walak", "board": [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5], '
                                    '"captured": [0, 0], "to_move": 0}')
    with pytest.raises(SetupError, match="board is empty"):
        check_walak(walak.Position([0] * 14))


def test_a_set_up_walak_position_plays_its_moves() -> None:
    p = walak.Position([0] * 14)
    for hole in (0, 3, 3, 3, 3, 3, 7):
        p = add_seed(p, hole)
    p = check_walak(p)
    assert p.trace("a").after.captured == (5, 0)
    assert with_turn(p, 1).to_move == 1


def test_myra_pieces_are_placed_and_taken_off() -> None:
    setup = MyraSetup().place(myra.parse_hollow("F11"), Piece(0, queen=True)).place(
        myra.parse_hollow("F1"), Piece(1, queen=True)).place(myra.parse_hollow("F6"), Piece(0, 3))
    position = setup.position()
    assert position.hollows[myra.parse_hollow("F6")] == Piece(0, 3)
    assert "F6-F5-F4-F3" in [str(m) for m in position.legal_moves()]
    assert myra.parse_hollow("F6") not in setup.remove(myra.parse_hollow("F6")).position().hollows
    with pytest.raises(SetupError, match="F7 is empty"):
        setup.remove(myra.parse_hollow("F7"))


def test_myra_refuses_two_queens_and_impossible_set_ups() -> None:
    setup = MyraSetup.of(myra.start())
    with pytest.raises(SetupError, match="Blue has a queen on F11 already"):
        setup.place(myra.parse_hollow("F6"), Piece(0, queen=True))
    with pytest.raises(SetupError, match="Green does not play in a 2-player game"):
        setup.place(myra.parse_hollow("F6"), Piece(2, 1))
    three = MyraSetup.of(myra.start(3)).remove(myra.parse_hollow("K1"))  # Green's queen gone, soldiers left
    with pytest.raises(SetupError, match="cannot be played: Green is out, yet has soldiers"):
        three.position()
    assert 2 in three.draft().eliminated  # still drawable


def test_every_set_up_message_starts_with_a_capital() -> None:
    for refused in (lambda: MyraSetup().place(myra.parse_hollow("F6"), Piece(0, 9)),
                    lambda: MyraSetup.of(myra.start(3)).remove(myra.parse_hollow("K1")).position(),
                    lambda: check_walak(walak.Position([0] * 14)), lambda: position_from_text("walak", "")):
        with pytest.raises(SetupError) as error:
            refused()
        assert str(error.value)[0].isupper(), str(error.value)


def test_positions_are_copied_out_and_pasted_back() -> None:
    for position in (walak.start().play("c"), myra.start(3)):
        game = "walak" if isinstance(position, walak.Position) else "myra"
        back = position_from_text(game, position_text(position))
        assert position_text(back) == position_text(position)


def test_pasted_text_is_checked() -> None:
    with pytest.raises(SetupError, match="^The box is empty: paste a position"):
        position_from_text("walak", "  ")
    not_a_position = "^This text is not a position: copy one out with copy out, or paste a position written by the kit"
    for game, text in (("walak", "hello"), ("myra", "{"), ("myra", "{}"), ("walak", '{"game": "chess"}')):
        with pytest.raises(SetupError, match=not_a_position):
            position_from_text(game, text)
    with pytest.raises(SetupError, match="^This Myra position cannot be set up: it has no 'players'. Correct it"):
        position_from_text("myra", '{"game": "myra"}')
    with pytest.raises(SetupError, match="^This is a Walak-pussa position: switch to Walak-pussa to use it"):
        position_from_text("myra", position_text(walak.start()))
    with pytest.raises(SetupError, match="^This is a Myra position: switch to Myra to use it"):
        position_from_text("walak", position_text(myra.start()))
    data = myra.start().to_json()
    data["cells"].append({"q": 0, "r": 0, "owner": 0, "queen": False, "count": 2})
    crowded = json.dumps(data)  # Blue has 52 soldiers, more than a game gives: only a set-up reads it
    with pytest.raises(SetupError, match="^This is a Myra position: switch to Myra to use it"):
        position_from_text("walak", crowded)


def test_pasted_positions_keep_reserves_rules_and_ply() -> None:
    data = myra.start().to_json() | {"reserve": [3, 0], "ply": 7}
    setup = MyraSetup.of(position_from_text("myra", json.dumps(data)))
    assert setup.position().reserve == (3, 0) and setup.position().ply == 7
    assert setup.draft().reserve == (3, 0)
    moved = setup.remove(myra.parse_hollow("F6")) if myra.parse_hollow("F6") in setup.pieces else setup
    assert moved.position().reserve == (3, 0)
    assert add_seed(walak.Position([1] + [0] * 13, ply=5), 3).ply == 5


def test_a_set_up_that_cannot_occur_in_a_game_says_so() -> None:
    setup = MyraSetup.of(myra.start())
    for hollow in HOLLOWS:
        if hollow not in setup.pieces:
            setup = setup.place(hollow, myra.Piece(0, 5))
    assert setup.position()  # still demonstrable
    said = setup.impossible() or ""
    assert said.startswith("This position cannot occur in a game: Blue has ") and said.count("(") == 0
    assert said.endswith("at most 50. It can still be demonstrated.")
    assert MyraSetup.of(myra.start()).impossible() is None
