"""Predict, then reveal: the decisive events, the questions and the checking of answers."""
from __future__ import annotations

import pytest

from kit import myra, walak
from kit.classroom.predict import check, questions
from kit.widgets.games import move_label
from kit.games.myra.demos import demo as myra_demo
from kit.games.walak.demos import DEMOS, demo as walak_demo
from kit.games.walak import events as wev


def test_a_walak_move_asks_where_it_ends_then_each_capture() -> None:
    trace = walak_demo("chain-2-south").trace()
    asked = questions(trace)
    assert [q.text for q in asked] == ["Where does the last seed fall?", "What does South capture?",
                                       "What does South capture?"]
    assert [set(q.answers) for q in asked] == [{1}, {3}, {5}]  # South's b, then d and f
    ending = asked[0]
    assert isinstance(trace.events[ending.step - 1], wev.Lift)  # asked once the seeds are lifted
    assert isinstance(trace.events[ending.reveal_step - 1], wev.LapEnd)
    for q in asked[1:]:  # asked just before the capture, revealed by it
        assert isinstance(trace.events[q.step], wev.Capture) and q.reveal_step == q.step + 1


def test_a_long_relay_asks_where_the_relay_ends() -> None:
    asked = questions(walak.start().trace("c"))
    assert asked[0].text == "Where does this relay end?"
    assert asked[0].step > 30  # after the last relay's lift, not at the first lap
    assert [q.step for q in asked] == sorted(q.step for q in asked)


@pytest.mark.parametrize("d", DEMOS, ids=lambda d: d.name)
def test_every_walak_capture_is_asked(d) -> None:  # noqa: ANN001 - a Demo
    trace = d.trace()
    captured = [e.hole for e in trace.events if isinstance(e, wev.Capture)]
    assert [next(iter(q.answers)) for q in questions(trace) if "capture" in q.text] == captured


def test_a_move_without_capture_asks_only_where_it_ends() -> None:
    asked = questions(walak.Position([1] + [0] * 6 + [1] + [0] * 6).trace("a"))
    assert all("capture" not in q.text for q in asked) and len(asked) == 1


def test_myra_asks_what_a_lifted_troop_captures() -> None:
    trace = myra_demo("capture-3").trace()
    (q,) = questions(trace)
    assert q.text == "What does Blue capture?" and q.answers == {myra.parse_hollow("F7")}
    assert isinstance(trace.events[q.step - 1], myra.events.Lift)
    assert isinstance(trace.events[q.reveal_step - 1], myra.events.Capture)


def test_myra_fortress_and_sides() -> None:
    (q,) = questions(myra_demo("fortress").trace())
    verdict = check(q, myra.parse_hollow("F7"))  # the fortress: a tempting wrong answer
    assert not verdict.right and verdict.text.startswith("Not yet.") and "F6" in verdict.text
    asked = questions(myra_demo("sides").trace())
    assert [q.text for q in asked] == ["What does Blue capture?",
                                       "Green is out. Which soldiers change sides? Click one."]
    assert check(asked[1], myra.parse_hollow("J2")).right
    assert not check(asked[1], myra.parse_hollow("F10")).right


def test_moves_without_decisive_events_ask_nothing() -> None:
    assert questions(myra_demo("unchain").trace()) == ()
    assert questions(myra_demo("pass").trace()) == ()


def test_check_says_right_or_not_yet() -> None:
    q = questions(walak_demo("single").trace())[1]
    right = check(q, 3)
    assert right.right and right.text == "Right: South's d."
    wrong = check(q, 4)
    assert not wrong.right and "Not South's e" in wrong.text and "South's d" in wrong.text
    assert "off the board" in check(q, None).text


def test_a_question_and_a_puzzle_answer_with_one_verdict_type() -> None:
    from kit.core.verdict import Verdict
    from kit.puzzles import make_puzzles
    from kit.puzzles.answers import judge

    puzzle = make_puzzles("walak", "most-captured", count=1, seed=1)[0]
    q = questions(walak_demo("single").trace())[1]
    assert type(check(q, 3)) is type(judge(puzzle, puzzle.answer)) is Verdict


def test_questions_need_a_trace_of_a_known_game() -> None:
    from kit.core.game import Trace
    with pytest.raises(TypeError, match="Walak-pussa or Myra"):
        questions(Trace("board", "x", (), "board"))


def test_a_stage_asks_and_takes_a_click_in_predict_mode():
    from kit.classroom.stage import Stage
    from kit.games.walak.demos import demo

    stage = Stage(demo("single").start())
    stage.show(demo("single").trace())
    stage.predict.value = True
    stage.forward()
    assert stage.question.text == "Where does the last seed fall?"
    stage.click(1)
    assert stage.prompt_text == "Right: South's b."


def _every_demo_trace():  # noqa: ANN202 - the traces of both games' demonstrations
    from kit.games.myra.demos import DEMOS as MYRA_DEMOS

    for d in (*DEMOS, *MYRA_DEMOS):
        yield d.trace()


def test_no_open_question_has_its_answer_on_the_step_line() -> None:
    import html
    import re

    from kit.classroom.predict import target_name
    from kit.classroom.stage import Stage

    asked = 0
    for trace in _every_demo_trace():
        stage = Stage(trace.before)
        stage.show(trace)
        stage.predict.value = True
        for question in questions(trace):
            while stage.question is None and stage.step < stage.controller.steps:
                stage.forward()
            assert stage.question == question
            line = html.unescape(re.sub(r"<[^>]+>", "", stage.where.value))
            assert line.startswith(f"{stage.step_label()} · step")
            for target in question.answers:
                assert not re.search(rf"\b{re.escape(target_name(question, target))}\b", line), (line, question)
            asked += 1
            stage.reveal()
        assert stage.step_label() == move_label(trace)  # all answered: the notation is back
    assert asked > 10
