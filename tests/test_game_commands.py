"""The commands every game has, written once over the game protocol: ``python -m kit GAME
moves|replay|narrate`` for Walak-pussa, Myra and Nim (tests/third_game, registered by the
``third_game`` fixture)."""
from __future__ import annotations

import json

import pytest

import kit
from kit.cli.main import main

GAMES = ["walak", "myra", "nim"]


@pytest.fixture(autouse=True)
def nim_registered(third_game):
    """Every test here sees the three games."""
    return third_game


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def opening(name: str, plies: int = 2) -> list[str]:
    """The first legal move, ``plies`` times over from the start, in notation."""
    position, moves = kit.game(name).start(), []
    for _ in range(plies):
        move = position.legal_moves()[0]
        moves.append(position.notation(move))
        position = position.play(move)
    return moves


def listed(out: str) -> list[str]:
    """The moves a ``moves`` listing names: one a line under '#' headings, or on its 'legal:' line."""
    legal = [line for line in out.splitlines() if line.startswith("legal: ")]
    if legal:
        return legal[0].removeprefix("legal: ").split()
    return [line for line in out.splitlines() if line and not line.startswith("#")]


@pytest.mark.parametrize("name", GAMES)
def test_each_game_has_the_commands(name, capsys):
    with pytest.raises(SystemExit):
        main([name, "--help"])
    out = capsys.readouterr().out
    assert all(command in out for command in ("moves", "replay", "narrate", "gif"))
    with pytest.raises(SystemExit):
        main([name, "replay", "--help"])
    out = capsys.readouterr().out
    assert "--position" in out and "--json" in out and "MOVE" in out


@pytest.mark.parametrize("name", GAMES)
def test_moves_lists_the_legal_moves_of_the_start(name, capsys):
    status, out, err = run(capsys, name, "moves")
    start = kit.game(name).start()
    assert status == 0 and err == ""
    assert sorted(listed(out)) == sorted(start.notation(move) for move in start.legal_moves())


def test_a_game_with_kinds_of_moves_lists_them_by_kind(capsys):
    _, out, _ = run(capsys, "myra", "moves")
    kinds = kit.game("myra").move_groups(kit.game("myra").start().legal_moves())
    assert [line for line in out.splitlines() if line.startswith("#")] == [
        f"# {kind} ({len(group)})" for kind, group in kinds if group]
    _, out, _ = run(capsys, "nim", "moves")  # no kinds: the board, then the moves on one line
    assert out == f"{kit.game('nim').start()}\nlegal: a1 a2 a3 b1 b2 b3 b4 c1 c2 c3 c4 c5\n"


@pytest.mark.parametrize("name", GAMES)
def test_replay_prints_each_position(name, capsys):
    moves = opening(name)
    status, out, _ = run(capsys, name, "replay", *moves)
    positions = kit.game(name).record(None, moves).positions()
    seats = kit.game(name).player_names()
    assert status == 0
    assert out == "".join(f"ply {ply}: {seats[positions[ply - 1].to_move]} plays {move}\n{positions[ply]}\n\n"
                          for ply, move in enumerate(moves, 1))


@pytest.mark.parametrize("name", GAMES)
def test_replay_json_is_one_object_a_move(name, capsys):
    moves = opening(name)
    status, out, _ = run(capsys, name, "replay", "--json", *moves)
    rows = [json.loads(line) for line in out.splitlines()]
    after = kit.game(name).record(None, moves).positions()[1:]
    assert status == 0 and len(rows) == 2
    for ply, (row, move, position) in enumerate(zip(rows, moves, after), 1):
        assert (row["ply"], row["player"], row["move"]) == (ply, (ply - 1) % 2, move)
        assert (row["over"], row["winner"], row["end"]) == (False, None, None)
        assert kit.game(name).replay_fields(position).items() <= row.items()


@pytest.mark.parametrize("name", GAMES)
def test_narrate_prints_the_events_of_a_move(name, capsys):
    start = kit.game(name).start()
    move = start.legal_moves()[0]
    status, out, _ = run(capsys, name, "narrate", start.notation(move))
    assert status == 0 and out.splitlines() == start.trace(move).narration()


@pytest.mark.parametrize("name, illegal", [("walak", "z"), ("myra", "A1-A2"), ("nim", "a9")])
def test_an_illegal_move_is_one_line_and_status_2(name, illegal, capsys):
    first = opening(name, 1)
    status, out, err = run(capsys, name, "replay", *first, illegal)
    assert status == 2 and out.count(" plays ") == 1
    assert err.startswith("error: ply 2: ") and err.count("\n") == 1
    status, out, err = run(capsys, name, "narrate", illegal)
    assert status == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1


def test_replay_to_the_end_says_why_once(capsys):
    status, out, _ = run(capsys, "nim", "replay", "a3", "b4", "c5")
    assert status == 0 and out.count("First took the last stone.") == 1
    status, _, err = run(capsys, "nim", "replay", "a3", "b4", "c5", "a1")
    assert status == 2 and err == "error: ply 4: the game is over\n"


def test_the_generic_position_options(capsys, tmp_path):
    """A game that asks for no options of its own (Nim) gets --rules and --position (a file or the text)."""
    status, out, _ = run(capsys, "nim", "moves", "--rules", "small")
    assert status == 0 and listed(out) == ["a1", "b1", "b2", "c1", "c2", "c3"]
    late = kit.game("nim").start().play("a3").play("b4")
    path = tmp_path / "late.json"
    path.write_text(json.dumps(late.to_json()))
    for given in (str(path), json.dumps(late.to_json())):
        status, out, _ = run(capsys, "nim", "moves", "--position", given)
        assert status == 0 and listed(out) == ["c1", "c2", "c3", "c4", "c5"]
    status, out, _ = run(capsys, "nim", "replay", "--json", "--position", str(path), "c5")
    assert status == 0 and json.loads(out)["ply"] == 3 and json.loads(out)["over"] is True
    status, _, err = run(capsys, "nim", "moves", "--rules", "small", "--position", str(path))
    assert status == 2 and err == "error: --rules small differs from the rules of the position\n"
    status, _, err = run(capsys, "nim", "moves", "--position", "{")
    assert status == 2 and err.startswith("error: the Nim position is not valid JSON")
    with pytest.raises(SystemExit, match="2"):
        main(["nim", "moves", "--rules", "huge"])
    assert "invalid choice: 'huge'" in capsys.readouterr().err


def test_myra_narrates(capsys):
    three = kit.game("myra").start(3)
    move = three.notation(three.legal_moves()[-1])
    status, out, _ = run(capsys, "myra", "narrate", "--players", "3", move)
    assert status == 0 and out.splitlines() == three.trace(move).narration()


def test_only_a_game_that_refuses_endless_moves_narrates_laps(capsys):
    status, out, _ = run(capsys, "walak", "narrate", "--laps", "1", "c")
    assert status == 0 and out.splitlines()[-1].startswith("Lap 1 ends")
    with pytest.raises(SystemExit, match="2"):
        main(["nim", "narrate", "--laps", "1", "c1"])
    assert "unrecognized arguments: --laps" in capsys.readouterr().err


def test_why_a_move_is_refused(third_game):
    position = third_game.start()
    assert position.why_illegal("a1") is None and position.why_illegal("a9") == "heap a holds 3 stones: take 1 to 3"
    assert kit.game("myra").start().why_illegal("A1-A2").endswith("A1 is empty")
