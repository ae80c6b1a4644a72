"""The puzzle widget: answers clicked or typed, right / not yet with a hint, score, streak, solution, next."""
from __future__ import annotations

import pytest

import kit
from kit.puzzles import Puzzle
from kit.puzzles.answers import judge
from kit.puzzles.board import PuzzleBoard
from kit.games.walak import hole_index

from entering import type_and_press_enter


def wrong_letter(board: PuzzleBoard) -> str:
    position = board.puzzle.position
    return next(m for m in position.legal_moves() if m != board.puzzle.answer)


def test_kit_puzzle_shows_a_puzzle_with_its_question():
    board = kit.puzzle("walak", kind="most-captured", seed=1)
    assert isinstance(board, PuzzleBoard) and isinstance(board.puzzle, Puzzle)
    assert board.puzzle.question in board.question.value
    assert board.png().startswith(b"\x89PNG")
    assert [b.description for b in board.holes.children] == list("abcdefg")


def test_a_click_on_the_right_hole_is_right_and_scores():
    board = kit.puzzle("walak", kind="most-captured", seed=1)
    board.click(hole_index(board.puzzle.position.to_move, board.puzzle.answer))
    assert board.feedback.text.startswith("Right!")
    assert (board.session.score, board.session.tried, board.session.streak) == (1, 1, 1)


def test_a_wrong_answer_is_not_yet_with_a_hint_and_breaks_the_streak():
    board = kit.puzzle("walak", kind="most-captured", seed=2)
    board.entry.value = wrong_letter(board)
    board.check_button.click()
    assert board.feedback.text.startswith("Not yet") and "Hint: pussa kanawa" in board.feedback.text
    assert (board.session.score, board.session.tried, board.session.streak) == (0, 1, 0)
    board.entry.value = board.puzzle.answer  # right the second time: told so, not scored again
    board.check_button.click()
    assert board.feedback.text.startswith("Right!") and (board.session.score, board.session.tried) == (0, 1)


def test_unreadable_answers_are_messages_not_scored_and_never_printed(capsys):
    board = kit.puzzle("walak", kind="relay-end", seed=3)
    for text in ("", "zz", "c"):  # "c" alone: whose c?
        board.entry.value = text
        board.check_button.click()
        assert board.feedback.text and not board.feedback.text.startswith(("Right", "Something went wrong"))
    assert "whose hole" in board.feedback.text
    assert board.session.tried == 0 and capsys.readouterr().out == ""


def test_solution_is_animated_in_the_stepper_and_next_puzzle_moves_on():
    board = kit.puzzle("walak", seed=4)
    first = board.puzzle
    board.click(hole_index(first.position.to_move, first.move) if first.kind == "most-captured" else 0)
    board.reveal_button.click()
    assert board.stepper.traces[0].move == first.move and board.stepper.steps > 0
    assert board.stepper.play.playing
    board.next_button.click()
    assert board.puzzle != first and board.stepper.traces == ()
    board.next_button.click()  # skipping a puzzle counts as tried and breaks the streak
    assert board.session.tried == 2 and board.session.streak == 0


def test_streak_runs_on_across_puzzles():
    board = kit.puzzle("walak", kind="most-captured", difficulty="medium", seed=5)
    for _ in range(3):
        board.answer(board.puzzle.answer)
        board.next_puzzle()
    assert (board.session.score, board.session.streak, board.session.best_streak) == (3, 3, 3)
    assert "streak <b>3</b>" in board.tally.value


def test_myra_answers_typed_as_moves():
    board = kit.puzzle("myra", kind="most-captured", seed=6)
    puzzle = board.puzzle
    other = next(str(m) for m in puzzle.position.legal_moves() if str(m) != puzzle.move)
    assert board.answer(other).text.startswith("Not yet")
    assert "Hint: captures" in board.answer(other).text
    assert board.answer(puzzle.move).right
    with pytest.raises(ValueError, match="not a hollow name|off the board|Z9"):
        judge(puzzle, "Z9")
    assert not board.answer("Z9").final


def test_save_the_queen_needs_hollow_and_kind():
    from kit.puzzles import make_puzzles

    puzzle = make_puzzles("myra", "save-the-queen", None, count=1, seed=0)[0]
    assert not judge(puzzle, puzzle.answer).final  # the hollow alone: which kind?
    assert judge(puzzle, f"{puzzle.answer} {puzzle.answer_action}").right
    from kit.games.myra.moves import ACTION_NAMES

    assert judge(puzzle, f"{puzzle.answer}, {ACTION_NAMES[puzzle.answer_action]}").right  # "build up" as said
    assert "build up" in judge(puzzle, puzzle.answer).text  # the kinds named as the glossary names them
    wrong = next(k for k in ("move", "split", "unchain", "build") if k != puzzle.answer_action)
    assert not judge(puzzle, f"{puzzle.answer} {wrong}").right


def test_myra_moves_are_answered_by_clicks_whose_first_starts_the_typed_move():
    from kit.games.myra import PLAYER_NAMES, hollow_name
    from kit.games.myra.clicks import click_path
    from kit.games.myra.hexgrid import HOLLOWS

    board = kit.puzzle("myra", kind="most-captured", seed=3)
    position = board.puzzle.position
    move = position.parse_move(board.puzzle.move)
    path = click_path(position, move)
    board.click(path[0])
    assert board.entry.value == board.puzzle.move.split("-")[0].split(":")[-1]
    assert "Click a lit hollow" in board.feedback.text and board.session.tried == 0
    for hollow in path[1:]:
        board.click(hollow)
        if board.choices.children:  # one target, several moves: press the right one
            next(b for b in board.choices.children[1:]
                 if b.description.split(": ")[1].split()[0] == position.notation(move)).click()
            break
    assert board.feedback.text.startswith("Right!") and board.session.score == 1
    board.next_puzzle()
    position = board.puzzle.position
    idle = next(hollow for hollow in HOLLOWS if position.hollows.get(hollow) is None)
    board.click(idle)
    assert board.feedback.text.startswith(f"{hollow_name(idle)} is empty: click one of {PLAYER_NAMES[position.to_move]}")
    assert board.session.tried == 1


def test_without_a_kind_the_puzzles_are_of_the_common_kinds_in_turn_at_random():
    board = kit.puzzle("walak", seed=8)
    kinds = {board.puzzle.kind}
    for _ in range(5):
        board.next_puzzle()
        kinds.add(board.puzzle.kind)
    assert kinds == {"most-captured", "relay-end"}


def test_a_different_path_to_the_same_result_is_right_and_echoed_as_written():
    from kit import myra

    position = myra.make_position({"F11": "BQ", "F1": "OQ", "F6": "B3", "F8": "O2", "F5": "O1"})
    puzzle = Puzzle("most-captured", 1, position, "Blue to move (2 players): which move captures the most soldiers?",
                    "F6-F7-F8", "F6-F7-F8", 2)
    verdict = judge(puzzle, " F6-E6-E7-F8 ")
    assert verdict.right and verdict.text == "Right! F6-E6-E7-F8 captures 2 soldiers, more than any other move."
    assert judge(puzzle, "F6-F7-F8").text.startswith("Right! F6-F7-F8 ")


def test_the_heading_is_in_words_and_printing_shows_the_position():
    board = kit.puzzle("myra", kind="most-captured", difficulty="easy", seed=3)
    puzzle = board.puzzle
    assert puzzle.heading == "Which move captures the most? (easy)"
    assert "most-captured" not in board.question.value and "level" not in board.question.value
    assert puzzle.heading in board.question.value and puzzle.question in board.question.value
    assert str(puzzle) == f"{puzzle.heading}\n{puzzle.position}\n{puzzle.question}"
    players = puzzle.position.num_players
    assert puzzle.position.eliminated == (1,) and f"Blue to move ({players} players, Orange out)" in puzzle.question


@pytest.mark.parametrize("difficulty, level", [("easy", 1), ("medium", 2), ("hard", 3), (2, 2)])
def test_difficulty_in_words_or_numbers(difficulty, level):
    from kit.puzzles.levels import level_named

    assert level_named(difficulty) == level


def test_a_bad_difficulty_says_the_choices():
    with pytest.raises(ValueError, match="'easy', 'medium', 'hard'"):
        kit.puzzle("walak", difficulty="tricky")


def test_enter_in_the_answer_box_checks_the_answer():
    board = kit.puzzle("walak", kind="most-captured", seed=1)
    type_and_press_enter(board.entry, board.puzzle.answer)
    assert board.feedback.text.startswith("Right!") and board.session.score == 1


def test_a_repeated_wrong_answer_says_which_try_it_is():
    board = kit.puzzle("walak", kind="most-captured", seed=2)
    board.entry.value = wrong_letter(board)
    board.check_button.click()
    first = board.feedback.text
    board.check_button.click()
    assert board.feedback.text == first.replace("Not yet:", "Not yet (2nd try):", 1) != first
    type_and_press_enter(board.entry, "zz")
    assert board.feedback.text.startswith("3rd try: ") and "type the hole's letter, a to g" in board.feedback.text
    board.next_puzzle()
    board.entry.value = wrong_letter(board)
    board.check_button.click()
    assert board.feedback.text.startswith("Not yet: ")  # a new puzzle counts from one again


def test_the_answer_box_never_keeps_text_an_answer_on_the_board_left():
    from kit.games.myra.clicks import click_path

    board = kit.puzzle("myra", kind="most-captured", seed=3)
    position = board.puzzle.position
    move = position.parse_move(board.puzzle.move)
    other = next(m for m in position.legal_moves() if m.action == "move" and str(m) != board.puzzle.move)
    board.click(click_path(position, other)[0])
    assert board.entry.value  # the start of the move, to be completed by typing
    board.click(None)  # a click elsewhere cancels the move: its start leaves the box
    assert board.entry.value == ""
    board.click(click_path(position, move)[0])
    board.answer(move)  # answered by the clicks (or a move button)
    assert board.entry.value == "" and board.feedback.text.startswith("Right!")
    board.check_button.click()
    assert "Cannot read" not in board.feedback.text and "Type an answer first" in board.feedback.text
    board.entry.value = "F5"
    board.reveal_button.click()
    assert board.entry.value == ""


def test_the_how_to_answer_line_says_a_click_answers_and_enter_checks():
    walak_board, myra_board = kit.puzzle("walak", seed=1), kit.puzzle("myra", seed=1)
    assert walak_board.feedback.text == "Click a hole to answer, or type your answer and press check (or Enter)."
    assert myra_board.feedback.text.startswith("Click the piece, then where it goes, to answer; or type")
    assert "a..g" not in walak_board.entry.placeholder and "letter" in kit.puzzle("walak", kind="most-captured",
                                                                                seed=1).entry.placeholder


@pytest.mark.parametrize("game", ["walak", "myra"])
def test_the_puzzle_board_s_step_slider_has_a_row_of_its_own(game):
    """At 560 px (the puzzle's board) the step controls wrapped the speed list onto a row of its own:
    the buttons and the speed share one row, the slider spans the row under them (the browser test
    measures the rows)."""
    board = kit.puzzle(game, seed=1)
    stepper = board.stepper
    buttons, slider = stepper.children[2].children
    assert slider is stepper.slider and slider.layout.width == "100%"
    assert [getattr(b, "description", None) for b in buttons.children[1:]] == ["first", "previous", "next", "last",
                                                                               "speed"]
    stepper.next_button.click()  # still a stepper
    assert stepper.step == 1 or stepper.steps == 0


def test_a_lesson_stepper_keeps_its_controls_on_one_row():
    stepper = kit.explore(kit.walak.start(), "c")
    assert stepper.slider in stepper.children[2].children and stepper.slider.layout.width == "12em"
