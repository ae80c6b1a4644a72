"""The command line: ``python -m kit tournament GAME AGENT AGENT ...``."""
import json
import subprocess
import sys


def run(*args):
    return subprocess.run([sys.executable, "-m", "kit", "tournament", *args], capture_output=True, text=True,
                          timeout=120)


def test_json_result():
    out = run("walak", "random", "greedy", "--games", "4", "--seed", "3", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"games", "wins", "draws", "repetitions"} and data["games"] == 4
    assert list(data["wins"]) == ["random", "greedy"] and sum(data["wins"].values()) + data["draws"] == 4


def test_same_seed_same_result_and_same_names_numbered():
    first = run("walak", "alphabeta", "alphabeta", "--games", "2", "--depth", "2", "--seed", "5", "--json")
    again = run("walak", "alphabeta", "alphabeta", "--games", "2", "--depth", "2", "--seed", "5", "--json")
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["wins"].keys() == {"alphabeta-1", "alphabeta-2"}
    assert first.stdout == again.stdout


def test_table_for_myra_with_time_per_move():
    out = run("myra", "greedy", "mcts", "--games", "2", "--time-per-move", "0.01", "--ply-limit", "6")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0].split() == ["agent", "played", "won", "drawn", "lost", "score"]
    assert "2 games of myra" in out.stdout


def test_unknown_names_give_one_line_with_the_choices():
    for args, expected in ((("walak", "random", "minimax"), "random, greedy, alphabeta, mcts"),
                           (("chess", "random", "greedy"), "walak, myra")):
        out = run(*args)
        assert out.returncode == 2 and out.stdout == ""
        assert len(out.stderr.strip().splitlines()) == 1 and expected in out.stderr


def test_bad_numbers_exit_2():
    for args in (("--games", "0"), ("--time-per-move", "-1"), ("--ply-limit", "5")):
        out = run("walak", "random", "greedy", *args)
        assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
