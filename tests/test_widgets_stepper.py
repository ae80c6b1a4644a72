"""The move stepper, driven as a user would: buttons, the slider, the speed control."""
import base64

import pytest
from ipywidgets.widgets.widget_link import Link

import kit
from kit import myra, walak
from kit.games.walak.events import Capture, Endless, Relay
from kit.widgets import MoveStepper
from kit.widgets.pictures import png_size
from kit.widgets.controller import SCREEN_READERS_ONLY

ENDLESS = walak.parse_position("N:1 0 1 0 1 0 1 | 0 1 0 1 2 1 0:0-0")  # North's e relays forever


@pytest.fixture(scope="module")
def trace():
    return walak.start().trace("c")


def test_explore_with_a_move_gives_a_stepper_at_the_start(trace):
    stepper = kit.explore(walak.start(), "c")
    assert isinstance(stepper, MoveStepper)
    assert stepper.steps == len(trace.events) and stepper.step == 0
    assert stepper.event is None and "South c" in stepper.text
    assert isinstance(kit.explore(trace), MoveStepper) and kit.explore(trace).traces == (trace,)


def test_buttons_step_through_the_events_and_change_the_picture(trace):
    stepper = MoveStepper(trace)
    before = stepper.view.value
    stepper.next_button.click()
    assert stepper.step == 1 and stepper.text == trace.events[0].text == "South lifts 4 seeds from South's c."
    assert stepper.view.value != before
    stepper.last_button.click()
    assert stepper.step == stepper.steps and stepper.text == trace.events[-1].text
    assert stepper.next_button.disabled and stepper.last_button.disabled
    stepper.previous_button.click()
    assert stepper.text == trace.events[-2].text
    stepper.first_button.click()
    assert stepper.step == 0 and stepper.view.value == before
    assert stepper.first_button.disabled and stepper.previous_button.disabled


def test_the_slider_shows_the_narration_of_its_event(trace):
    stepper = MoveStepper(trace)
    relay = next(i for i, e in enumerate(trace.events) if isinstance(e, Relay))
    stepper.slider.value = relay + 1
    assert stepper.text.startswith("Relay: lift ") and stepper.text == trace.events[relay].text
    assert stepper.text in stepper.narration.value
    # shown once: the picture's caption says it; under the picture it is for screen readers only
    assert f'<span style="{SCREEN_READERS_ONLY}">{stepper.text}</span>' in stepper.narration.value
    assert stepper.drawing._caption.get_text().replace("\n", " ") == stepper.text
    capture = next(i for i, e in enumerate(trace.events) if isinstance(e, Capture))
    stepper.slider.value = capture + 1
    assert stepper.text.startswith("Pussa kanawa: ")
    assert stepper.play.value == stepper.slider.value


def test_play_is_linked_to_the_slider_in_the_browser_and_speed_sets_its_interval(trace):
    stepper = MoveStepper(trace)
    assert isinstance(stepper.link, Link)  # a jslink: it runs in the browser
    assert stepper.link.source == (stepper.play, "value") and stepper.link.target == (stepper.slider, "value")
    assert stepper.play.max == stepper.slider.max == len(trace.events)
    stepper.speed.value = dict(stepper.speed.options)["fast"]
    assert stepper.play.interval == dict(stepper.speed.options)["fast"]


def test_every_button_says_what_it_does(trace):
    stepper = MoveStepper(trace)
    for control in (stepper.first_button, stepper.previous_button, stepper.next_button, stepper.last_button):
        assert control.description and control.tooltip
    assert stepper.play.tooltip and stepper.speed.tooltip


def test_the_image_keeps_its_size_scales_with_its_container_and_has_a_png_fallback(trace):
    stepper = MoveStepper(trace)
    stepper.slider.value = 5
    bundle = stepper._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert base64.b64decode(bundle["image/png"]) == stepper.view.value == stepper.png()
    size = png_size(stepper.png())
    layout = stepper.view.layout
    assert (layout.width, layout.height, layout.max_width) == ("100%", "auto", f"{size[0]}px")
    stepper.last_button.click()
    assert png_size(stepper.png()) == size


def test_several_moves_play_one_after_the_other():
    first = walak.start().trace("c")
    second = first.after.trace(first.after.legal_moves()[0])
    stepper = MoveStepper([first, second])
    assert stepper.steps == len(first.events) + len(second.events)
    stepper.slider.value = len(first.events)
    assert stepper.locate() == (first, len(first.events))
    stepper.next_button.click()
    assert stepper.locate() == (second, 1) and stepper.text == second.events[0].text
    assert "move 2 of 2" in stepper.narration.value
    # the label counts steps as the slider beside it does, the step within the move in brackets
    assert f"step {stepper.slider.value} of {stepper.slider.max} (move 2 of 2: its step 1 of" in stepper.narration.value


def test_an_endless_move_shows_its_first_laps_and_why_it_is_refused():
    stepper = kit.explore(ENDLESS, "e")
    stepper.last_button.click()
    assert isinstance(stepper.event, Endless) and "not allowed" in stepper.text


def test_a_position_alone_shows_whose_turn_it_is():
    stepper = MoveStepper(walak.start())
    assert stepper.steps == 0 and stepper.text == "South to move." and stepper.play.disabled


def test_a_myra_move_steps_with_its_narration():
    position = myra.start()
    trace = position.trace("C8-B7-A6")
    stepper = kit.explore(position, "C8-B7-A6")
    before = stepper.png()
    stepper.next_button.click()
    assert stepper.text == trace.events[0].text and stepper.png() != before
    stepper.last_button.click()
    assert stepper.text == trace.events[-1].text


def test_errors_in_callbacks_are_shown_not_lost(trace, monkeypatch):
    stepper = MoveStepper(trace)

    def broken(*args, **kwargs):
        raise RuntimeError("the drawing broke")

    monkeypatch.setattr(stepper.drawing, "show", broken)
    stepper.next_button.click()
    assert "the drawing broke" in stepper.feedback.text
    assert any("RuntimeError: the drawing broke" in out["text"] for out in stepper.errors.outputs)


def test_bad_input_is_refused_with_a_clear_error():
    with pytest.raises(TypeError, match="Walak-pussa or Myra position"):
        kit.explore("S:4,4,4")
    with pytest.raises(ValueError, match="empty"):
        kit.explore(walak.parse_position("S:0 4 4 4 4 4 4 | 4 4 4 4 4 4 4:0-0"), "a")


def test_a_play_given_a_time_skips_steps_when_drawing_them_would_overrun_it():
    """A class game's move is played in at most MOVE_MS: on a busy kernel drawing each step took
    longer than the step's share, and a long relay lasted 19 s. The play now skips steps then,
    and ends on the move's last step."""
    import time

    from waiting import until

    stepper = kit.explore(walak.start(), "c")
    controller = stepper.controller
    steps = controller.steps
    assert steps >= 12
    drawn: list[int] = []
    go = controller.go

    def slow_go(step: int) -> None:  # each picture takes 40 ms to draw: all of them, twice the time given
        time.sleep(0.04)
        drawn.append(step)
        go(step)

    controller.go = slow_go
    controller.go(0)
    drawn.clear()
    controller.start_playing(within_ms=steps * 20)
    until(lambda: not controller.playing, "the play to end")
    assert controller.step == steps and drawn[-1] == steps and drawn == sorted(drawn)
    assert len(drawn) < steps, f"every one of the {steps} steps was drawn"


def test_a_move_added_to_a_picture_at_rest_plays_its_first_step_at_once():
    """A computer's reply came to a picture at rest and waited one step's interval before its first
    step (0.8-1.0 s in class: the thinking line gone, the board still): it now starts at once, as a
    person's move does; the interval here is ten minutes, so the first step can only come at once."""
    from waiting import until

    first = walak.start().trace("c")
    second = first.after.trace(first.after.legal_moves()[0])
    stepper = MoveStepper(first)
    controller = stepper.controller
    controller.go(controller.steps)  # the first move played to its end: the picture at rest
    controller.play.interval = 600_000
    controller.extend(second, autoplay=True)
    until(lambda: controller.locate() == (second, 1), "the added move's first step", seconds=60)
    assert controller.playing  # and it plays on, a step every ten minutes here
    controller.play.playing = False
