"""The Walak-pussa play board, driven as a user would: hole buttons, undo, rules, records."""
import base64
import json
import random

import pytest

import kit
from kit import walak
from kit.games.walak.events import Endless
from kit.games.walak.match import Match
from kit.games.walak.play_board import PRESET_HELP, WalakPlayBoard

ENDLESS = walak.parse_position("N:1 0 1 0 1 0 1 | 0 1 0 1 2 1 0:0-0")  # North's e relays forever
SOUTH_C, NORTH_A, NORTH_D, NORTH_E = 2, 7, 10, 11


def finished_round(seed=1):
    """The moves of a whole random game from the start."""
    rng, position, moves = random.Random(seed), walak.start(), []
    while not position.is_over:
        moves.append(rng.choice(position.legal_moves()))
        position = position.play(moves[-1])
    return moves, position


def test_explore_gives_the_play_board():
    board = kit.explore(walak.start())
    assert isinstance(board, WalakPlayBoard) and board.match is None
    assert isinstance(kit.explore(Match.start()), WalakPlayBoard) and kit.explore(Match.start()).match is not None


def test_a_click_plays_the_hole_and_shows_the_move():
    board = WalakPlayBoard()
    before = board.png()
    board.hole_buttons[SOUTH_C].click()
    trace = walak.start().trace("c")
    assert board.position == trace.after
    assert board.png() != before
    assert board.stepper.traces == (trace,) and board.stepper.text == trace.events[-1].text
    assert [label for label, _ in board.moves.options] == ["1. South c"]
    assert board.hole_buttons[NORTH_A].description == "a · 0" and board.hole_buttons[NORTH_A].disabled
    assert not board.hole_buttons[NORTH_D + 1].disabled  # North's e holds 6


def test_an_illegal_click_shows_a_message_and_changes_nothing():
    board = WalakPlayBoard(walak.parse_position("S:0 4 4 4 4 4 4 | 4 4 4 4 4 4 4:0-0"))
    position, entries, picture = board.position, len(board.history.entries), board.png()
    board.hole_buttons[0].click()  # South's a is empty (disabled in the browser, but clicked anyway)
    assert "South's a is empty" in board.feedback.text
    board.hole_buttons[NORTH_D].click()
    assert "not South's hole" in board.feedback.text
    assert board.position == position and len(board.history.entries) == entries and board.png() == picture
    assert board.errors.outputs == ()


def test_undo_restores_the_position_and_redo_plays_again():
    board = WalakPlayBoard()
    board.hole_buttons[SOUTH_C].click()
    after = board.position
    board.undo_button.click()
    assert board.position == walak.start() and board.moves.options == () and board.undo_button.disabled
    board.redo_button.click()
    assert board.position == after and board.redo_button.disabled


def test_an_endless_hole_is_marked_explained_and_shown_but_not_played():
    board = WalakPlayBoard(ENDLESS)
    hole = board.hole_buttons[NORTH_E]
    assert "∞" in hole.description and hole.button_style == "warning"
    assert "endless" in hole.tooltip and "10,000 laps" in hole.tooltip
    hole.click()
    assert board.position == ENDLESS and "endless sowing is not allowed" in board.feedback.text
    assert isinstance(board.stepper.event, Endless)


def test_a_saved_record_reloads_to_the_same_position():
    board = WalakPlayBoard()
    for hole in (SOUTH_C, NORTH_D + 1):
        board.hole_buttons[hole].click()
    board.records.save_button.click()
    text, position = board.records.text.value, board.position
    assert json.loads(text)["moves"] == ["c", "e"]
    assert "download=" in board.records.download.value and "base64," in board.records.download.value
    board.new_button.click()
    assert board.position == walak.start()
    board.records.load_button.click()
    assert board.position == position and [label for label, _ in board.moves.options] == ["1. South c", "2. North e"]


def test_a_bad_record_is_refused_with_a_message():
    board = WalakPlayBoard()
    board.records.text.value = '{"game": "walak", "moves": ["c", "c"]}'
    board.records.load_button.click()
    assert board.feedback.text.startswith("Move 2 ") and board.position == walak.start()


def test_a_rules_preset_starts_a_new_game_and_undo_brings_the_old_one_back():
    board = WalakPlayBoard()
    assert board.preset.tooltips == tuple(PRESET_HELP[name] for _, name in board.preset.options)
    assert [label for label, _ in board.preset.options] == ["standard", "skip the emptied hole", "Ludii's version"]
    assert PRESET_HELP["default"] in board.rules_help.value
    board.hole_buttons[SOUTH_C].click()
    board.preset.value = "ludii"
    assert board.position == walak.start("ludii") and PRESET_HELP["ludii"] in board.rules_help.value
    assert "Ludii's reading" not in board.rules_help.value
    board.undo_button.click()
    assert board.preset.value == "default" and board.position == walak.start().play("c")


def test_a_match_goes_to_the_next_round_and_shows_the_round_scores():
    moves, final = finished_round()
    board = WalakPlayBoard()
    board.match_mode.value = True
    assert board.match is not None and board.next_round_button.disabled
    for move in moves:
        board.play_move(move)
    assert board.position == final and board.match.round_over and not board.next_round_button.disabled and "next round" in board.status.value
    board.next_round_button.click()
    assert board.match.round_number == 2 and "round 1" in board.rounds.value
    assert "— round 2 —" in [label for label, _ in board.moves.options]
    board.records.save()
    record = json.loads(board.records.text.value)
    assert record["moves"] == moves and record["rounds"] == [len(moves), 0]
    board.records.load()
    assert board.match.round_number == 2 and board.position == board.history.entries[-1].state.position


def test_the_computer_answers_and_undo_takes_both_moves_back():
    board = WalakPlayBoard()
    board.seats.dropdowns[1].value = "beginner"
    assert "North: computer, beginner" in board.seats.help.value
    board.hole_buttons[SOUTH_C].click()
    board.wait()  # the computer answers on a thread of its own
    assert board.position.ply == 2 and board.position.to_move == 0
    assert len(board.stepper.traces) == 2 and board.feedback.text.startswith("North (computer, beginner) played")
    board.undo_button.click()
    assert board.position == walak.start()


def test_a_seat_can_be_given_to_the_computer_from_code():
    board = WalakPlayBoard()
    board.seats.seat(1, "beginner")
    assert board.seats.level(1) == "beginner" and board.seats.dropdowns[1].value == "beginner"
    with pytest.raises(ValueError, match="unknown seat 'grandmaster'"):
        board.seats.seat(0, "grandmaster")


def test_every_button_says_what_it_does():
    board = WalakPlayBoard()
    buttons = [board.undo_button, board.redo_button, board.new_button, board.computer_button, board.next_round_button,
               board.records.save_button, board.records.load_button, *board.hole_buttons]
    for control in buttons:
        assert control.description and control.tooltip, control


def test_the_board_shows_a_png_fallback():
    board = WalakPlayBoard()
    bundle = board._repr_mimebundle_()
    assert base64.b64decode(bundle["image/png"]) == board.png() == board.stepper.view.value


def test_a_wrong_kind_of_start_is_refused():
    with pytest.raises(TypeError, match="Walak-pussa position or match"):
        WalakPlayBoard("S:4")


def test_selecting_a_move_in_the_list_shows_it_again_without_changing_the_game():
    board = WalakPlayBoard()
    for hole in (SOUTH_C, NORTH_D + 1):
        board.hole_buttons[hole].click()
    position = board.position
    board.moves.value = board.moves.options[0][1]
    assert board.stepper.traces == (walak.start().trace("c"),) and board.position == position


def test_an_unexpected_error_in_a_callback_lands_in_the_output_area(monkeypatch):
    board = WalakPlayBoard()

    def broken(move):
        raise RuntimeError("engine trouble")

    monkeypatch.setattr(board, "play_move", broken)
    board.hole_buttons[SOUTH_C].click()
    assert "engine trouble" in board.feedback.text and board.position == walak.start()
    assert "RuntimeError: engine trouble" in board.errors.outputs[0]["text"]


def test_a_count_of_one_seed_is_said_in_the_singular():
    from kit.games.walak.events import seed_count

    assert (seed_count(1), seed_count(0), seed_count(2)) == ("1 seed", "0 seeds", "2 seeds")
    position = walak.parse_position("S:1,0,0,0,0,0,0/1,0,0,0,0,0,0:27-25")
    board = WalakPlayBoard(position)
    assert board.hole_buttons[0].tooltip == "play South's a: lift its 1 seed and sow"
    assert "1 seeds" not in board.preview_of("a")
