"""Myra rules on hand-built positions: every kind of move and every restriction of RULINGS."""
from __future__ import annotations

import pytest

from kit.core.errors import IllegalMove
from kit.games.myra import Move, Piece, make_position, parse_hollow, start
from kit.games.myra.hexgrid import HOLLOWS, hollow_name, distance
from kit.games.myra.events import Capture, ChangeSides, GameOver, PlayerOut, QueenCaptured

QUEENS = {"A1": "BQ", "K6": "OQ"}  # two queens far from the action


def position(pieces: dict[str, str], **options):
    """A checked position with both queens parked in far corners unless given."""
    placed = dict(QUEENS)
    placed.update(pieces)
    return make_position(placed, **options)


def ends(pos, origin: str, *actions: str) -> set[str]:
    """Names of the hollows where the legal moves of the given actions from origin end."""
    hollow = parse_hollow(origin)
    return {hollow_name(m.hollows[-1]) for m in pos.legal_moves() if m.action in actions and m.hollows[0] == hollow}


def test_queen_moves_one_step_to_any_empty_neighbour():
    pos = position({"F6": "BQ", "A1": "B1"})
    assert ends(pos, "F6", "move") == {"F7", "E6", "E5", "F5", "G5", "G6"}
    with pytest.raises(IllegalMove, match="at most 1 step"):
        pos.play("F6-F7-F8")


def test_a_troop_goes_up_to_its_size_through_empty_hollows_only():
    pos = position({"F6": "B1"})
    assert ends(pos, "F6", "move") == {"F7", "E6", "E5", "F5", "G5", "G6"}
    pos = position({"F6": "B2"})
    assert len(ends(pos, "F6", "move")) == 6 + 12
    with pytest.raises(IllegalMove, match="at most 2 steps, not 3"):
        pos.play("F6-F7-F8-F9")


def test_winding_path_free_when_the_straight_one_is_blocked():
    pos = position({"F6": "B3", "F7": "B1"})
    assert pos.play("F6-E6-E7-F8").hollows[parse_hollow("F8")] == Piece(0, 3)
    assert "F8" in ends(pos, "F6", "move")
    with pytest.raises(IllegalMove, match="blocked at F7"):
        pos.play("F6-F7-F8")


def test_winding_path_blocked_when_every_way_is_blocked():
    pos = position({"F6": "B2", "F7": "O1"})
    assert "F8" not in ends(pos, "F6", "move")  # F7 is the only hollow between F6 and F8
    pos = position({"F6": "B3", "F7": "B1", "E6": "O1", "G6": "O2", "E5": "B1", "G5": "B1", "F5": "O2"})
    assert ends(pos, "F6", "move") == {"E6", "G6", "F5"}  # only captures next door are left
    with pytest.raises(IllegalMove, match="blocked at E6"):
        pos.play("F6-E6-E7-F8")


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_capture_of_each_troop_size(size):
    pos = position({"F6": "B1", "F7": f"O{size}"})
    trace = pos.trace("F6-F7")
    assert trace.after.hollows[parse_hollow("F7")] == Piece(0, 1)
    assert Capture(0, parse_hollow("F7"), 1, size) in trace.events
    assert trace.after.key() in {p.key() for p in pos.successors()}


def test_a_troop_captures_at_the_end_of_a_longer_path():
    pos = position({"F6": "B4", "F9": "O2"})
    after = pos.play("F6-F7-F8-F9")
    assert after.hollows[parse_hollow("F9")] == Piece(0, 4) and parse_hollow("F6") not in after.hollows
    with pytest.raises(IllegalMove, match="blocked at F9"):
        pos.play("F6-F7-F8-F9-F10")


def test_fortress_cannot_be_captured_nor_move_whole():
    pos = position({"F6": "B4", "F7": "O5"})
    assert "F7" not in ends(pos, "F6", "move")
    with pytest.raises(IllegalMove, match="fortress .* cannot be captured"):
        pos.play("F6-F7")
    pos = position({"F6": "B5"})
    assert ends(pos, "F6", "move", "build") == set()
    with pytest.raises(IllegalMove, match="fortress .* cannot move as a whole"):
        pos.play("F6-F7")


def test_queen_captures_and_is_captured_but_not_a_fortress():
    pos = position({"F6": "BQ", "F7": "O3", "F5": "O5", "A1": "B1"})
    assert ends(pos, "F6", "move") == {"F7", "E6", "E5", "G5", "G6"}
    assert pos.play("F6-F7").hollows[parse_hollow("F7")] == Piece(0, 1, True)


def test_build_up_to_five_and_not_beyond():
    pos = position({"F6": "B2", "F8": "B3", "E6": "B4"})
    assert pos.play("F6-F7-F8").hollows[parse_hollow("F8")] == Piece(0, 5)
    assert ends(pos, "F6", "build") == {"F8"}
    with pytest.raises(IllegalMove, match="would make 6 soldiers"):
        pos.play("F6-E6")
    assert pos.parse_move("F6-E6").action == "build"


def test_the_queen_never_merges_and_nothing_moves_onto_it():
    pos = position({"F6": "BQ", "F7": "B2", "A1": "B1"})
    with pytest.raises(IllegalMove, match="queen never merges"):
        pos.play("F6-F7")
    with pytest.raises(IllegalMove, match="onto your own queen"):
        pos.play("F7-F6")
    with pytest.raises(IllegalMove, match="onto your own queen"):
        pos.play("1:F7-F6")


def test_split_from_a_fortress():
    pos = position({"F6": "B5"})
    after = pos.play("2:F6-F7-F8")
    assert after.hollows[parse_hollow("F6")] == Piece(0, 3) and after.hollows[parse_hollow("F8")] == Piece(0, 2)
    assert ends(pos, "F6", "split") == {hollow_name(c) for c in _within(parse_hollow("F6"), 4)}
    with pytest.raises(IllegalMove, match="at most 2 steps, not 3"):
        pos.play("2:F6-F7-F8-F9")
    with pytest.raises(IllegalMove, match="1 to 4 of the 5 soldiers"):
        pos.play("5:F6-F7")


def test_split_never_captures_and_builds_up_to_five():
    pos = position({"F6": "B4", "F7": "O1", "F5": "B2"})
    with pytest.raises(IllegalMove, match="split never captures"):
        pos.play("1:F6-F7")
    assert pos.play("3:F6-F5").hollows[parse_hollow("F5")] == Piece(0, 5)
    with pytest.raises(IllegalMove, match="would make 6"):
        position({"F6": "B4", "F5": "B3"}).play("3:F6-F5")
    assert {m.count for m in pos.legal_moves() if m.action == "split" and m.hollows[-1] == parse_hollow("F5")} == {1, 2, 3}


def test_a_split_of_each_size_is_a_different_move():
    pos = position({"F6": "B3"})
    to_f7 = [m for m in pos.legal_moves() if m.action in ("move", "split") and m.hollows[-1] == parse_hollow("F7")]
    assert sorted((m.action, m.count) for m in to_f7) == [("move", None), ("split", 1), ("split", 2)]


@pytest.mark.parametrize("chain", [["F6", "F7"], ["F6", "F7", "E7"], ["F6", "F7", "E7", "E8"],
                                   ["F6", "F7", "E7", "E8", "F9"]])
def test_winding_chains_of_two_to_five(chain):
    pos = position({c: "B1" for c in chain})
    after = pos.play("+".join(chain))
    assert after.hollows[parse_hollow(chain[-1])] == Piece(0, len(chain))
    assert all(parse_hollow(c) not in after.hollows for c in chain[:-1])
    assert after in pos.successors()


def test_any_part_of_a_longer_chain_but_not_six():
    line = ["F4", "F5", "F6", "F7", "F8", "F9"]
    pos = position({c: "B1" for c in line})
    with pytest.raises(IllegalMove, match="2 to 5 soldiers, not 6"):
        pos.play("+".join(line))
    assert pos.play("F5+F6+F7").hollows[parse_hollow("F7")] == Piece(0, 3)
    chains = [m for m in pos.legal_moves() if m.action == "chain"]
    # every stretch of 3..5 from either end, and stretches of 2 are listed as build-ups
    assert len(chains) == 2 * (4 + 3 + 2)
    assert {len(m.hollows) for m in chains} == {3, 4, 5}


def test_a_chain_takes_single_soldiers_next_to_each_other_only():
    pos = position({"F6": "B1", "F7": "B2", "F8": "B1", "F9": "O1", "E7": "B1"})
    with pytest.raises(IllegalMove, match="F7 does not hold a single soldier of Blue"):
        pos.play("F6+F7+F8")
    with pytest.raises(IllegalMove, match="F9 does not hold a single soldier of Blue"):
        pos.play("F8+F9")
    with pytest.raises(IllegalMove, match="F6 and E7 are not neighbours"):
        pos.play("F6+E7")


def test_straight_chains_variant():
    pieces = {"F6": "B1", "F7": "B1", "E7": "B1"}
    with pytest.raises(IllegalMove, match="straight line"):
        position(pieces, rules="straight-chains").play("F6+F7+E7")
    assert position(pieces).play("F6+F7+E7").hollows[parse_hollow("E7")] == Piece(0, 3)
    line = position({"F5": "B1", "F6": "B1", "F7": "B1"}, rules="straight-chains")
    assert line.play("F5+F6+F7").hollows[parse_hollow("F7")] == Piece(0, 3)


def test_a_chain_of_two_and_the_build_up_it_equals_are_one_listed_move():
    pos = position({"F6": "B1", "F7": "B1"})
    listed = [m for m in pos.legal_moves() if set(m.hollows) == {parse_hollow("F6"), parse_hollow("F7")}]
    assert [str(m) for m in listed] == ["F6-F7", "F7-F6"]
    assert pos.play("F6+F7") == pos.play("F6-F7")


def test_unchain_of_a_fortress():
    pos = position({"F6": "B5"})
    after = pos.play("F6>F7>F8>E8>D8>D7")
    assert parse_hollow("F6") not in after.hollows
    assert all(after.hollows[parse_hollow(c)] == Piece(0, 1) for c in ["F7", "F8", "E8", "D8", "D7"])
    assert after in pos.successors()


def test_unchain_restrictions():
    pos = position({"F6": "B3", "F8": "O1"})
    with pytest.raises(IllegalMove, match="used twice"):
        pos.play("F6>F7>F6>F5")
    with pytest.raises(IllegalMove, match="F8 is not empty"):
        pos.play("F6>F7>F8>F9")
    with pytest.raises(IllegalMove, match="exactly 3 hollows"):
        pos.play("F6>F7>E7")
    with pytest.raises(IllegalMove, match="F7 and F9 are not neighbours"):
        pos.play("F6>F7>F9>F10")
    with pytest.raises(IllegalMove, match="F6 and F8 are not neighbours"):
        pos.play("F6>F8>F9>F10")
    with pytest.raises(IllegalMove, match="single soldier cannot be unchained"):
        position({"F6": "B1"}).play("F6>F7")


def test_unchain_lists_each_set_of_hollows_once():
    pos = position({"F6": "B2"})
    unchains = [m for m in pos.legal_moves() if m.action == "unchain"]
    sets = {frozenset(m.hollows[1:]) for m in unchains}
    # 6 pairs of neighbours of F6 next to each other, and 6 x 3 pairs reaching one step further out
    assert len(sets) == len(unchains) == 6 + 18


def test_unchain_keeps_one_variant():
    pos = position({"F6": "B3"}, rules="unchain-keeps-one")
    after = pos.play("F6>F7>F8")
    assert after.hollows[parse_hollow("F6")] == Piece(0, 1)
    with pytest.raises(IllegalMove, match="exactly 2 hollows .one soldier stays"):
        pos.play("F6>F7>F8>F9")


def test_produce_next_to_the_queen():
    pos = position({"F6": "BQ", "A1": "B1"})
    produced = {hollow_name(m.hollows[0]) for m in pos.legal_moves() if m.action == "produce"}
    assert produced == {"F7", "E6", "E5", "F5", "G5", "G6"}
    after = pos.play("*F7")
    assert after.hollows[parse_hollow("F7")] == Piece(0, 1) and after.reserve == (24, 25)
    with pytest.raises(IllegalMove, match="F8 is not next to the queen"):
        pos.play("*F8")


def test_produce_with_no_empty_neighbour_or_no_reserve():
    pos = position({"F11": "BQ", "E10": "B2", "F10": "B2", "G10": "B2", "A1": "B1"})
    assert not [m for m in pos.legal_moves() if m.action == "produce"]
    with pytest.raises(IllegalMove, match="F10 is not empty"):
        pos.play("*F10")
    empty_reserve = position({"F6": "BQ", "A1": "B1"}, reserve=[0, 25])
    assert not [m for m in empty_reserve.legal_moves() if m.action == "produce"]
    with pytest.raises(IllegalMove, match="no soldiers left in reserve"):
        empty_reserve.play("*F7")


def test_queen_capture_ends_a_two_player_game():
    pos = position({"F6": "B2", "F8": "OQ", "K6": "O1"})
    trace = pos.trace("F6-F7-F8")
    after = trace.after
    assert after.is_over and after.winner == 0 and after.returns() == [1.0, -1.0]
    assert after.eliminated == (1,) and after.legal_moves() == []
    assert any(isinstance(e, QueenCaptured) for e in trace.events)
    assert isinstance(trace.events[-1], GameOver) and trace.events[-1].winner == 0
    assert after.hollows[parse_hollow("K6")] == Piece(1, 1)  # two players: no change of sides
    with pytest.raises(IllegalMove, match="the game is over"):
        after.play("F8-F7")


def test_three_player_elimination_and_change_of_sides():
    pieces = {"A1": "BQ", "F6": "B1", "F7": "OQ", "K6": "O3", "K5": "O5", "F11": "GQ"}
    pos = make_position(pieces, players=3, reserve=[20, 10, 25])
    trace = pos.trace("F6-F7")
    after = trace.after
    assert after.eliminated == (1,) and not after.is_over and after.winner is None
    assert after.hollows[parse_hollow("K6")] == Piece(0, 3) and after.hollows[parse_hollow("K5")] == Piece(0, 5)
    assert after.reserve == (20, 0, 25) and after.to_move == 2
    assert trace.events[-2:] == (PlayerOut(1, 0, 10), ChangeSides(1, 0, (parse_hollow("K5"), parse_hollow("K6")), 8))
    # Orange is skipped from now on
    after = after.play("F11-F10")
    assert after.to_move == 0
    final = after.play("F7-F8").play("F10-F9").play("F8-F9")
    assert final.is_over and final.winner == 0 and final.returns() == [1.0, -1.0, -1.0]


def test_pass_only_when_nothing_is_legal():
    walled = position({"F11": "BQ", "E10": "O5", "F10": "O5", "G10": "O5", "A1": "OQ", "K6": "O1"},
                      reserve=[0, 25])
    assert walled.legal_moves() == [Move("pass")]
    after = walled.play("pass")
    assert after.to_move == 1 and after.packed == walled.packed
    assert walled.trace("pass").narration() == ["Blue has no legal move and passes."]
    with pytest.raises(IllegalMove, match="passing is allowed only without a legal move"):
        after.play("pass")


def test_ply_limit_ends_in_a_draw():
    pos = start(rules={"ply_limit": 2})
    after = pos.play("F10-F9").play("F2-F3")
    assert after.is_over and after.winner is None and after.returns() == [0.0, 0.0]
    assert after.legal_moves() == []
    assert pos.play("F10-F9").trace("F2-F3").narration()[-1] == "The game is a draw: the ply limit of 2 is reached."


def test_moving_an_empty_or_enemy_hollow_is_refused():
    pos = start()
    with pytest.raises(IllegalMove, match="F6 is empty"):
        pos.play("F6-F7")
    with pytest.raises(IllegalMove, match="Orange's troop of 3, not a piece of Blue"):
        pos.play("F2-F3")
    with pytest.raises(IllegalMove, match="cannot read the move 'Z9-F3'"):
        pos.play("Z9-F3")


def _within(origin, steps):
    """Hollows within `steps` of origin on an empty board, origin excluded."""
    return {c for c in HOLLOWS if 0 < distance(origin, c) <= steps}


def test_generated_codes_are_the_codes_of_the_played_moves():
    """The generator tells results apart by codes worked out from the changed hollows: they
    must be the codes of the positions play() builds, captures_only must list exactly the
    captures, and one piece's moves (only=...) must be that piece's moves."""
    import random

    from kit.games.myra.moves import generate

    rng = random.Random(11)
    for players in (2, 3):
        for _ in range(12):
            pos = start(players)
            for _ in range(rng.randrange(60)):
                if pos.is_over:
                    break
                pos = pos.play(rng.choice(pos.legal_moves()))
            if pos.is_over:
                continue
            moves = pos.legal_moves()
            assert [p.key() for p in pos.successors()] == [pos.play(m).key() for m in moves]
            captures = {code for code, spec in generate(pos).items()
                        if len(spec) == 4 and pos.packed[spec[2]] and pos.packed[spec[2]] >> 3 != pos.to_move}
            assert set(generate(pos, True)) == captures
            for origin in {spec[1] for spec in generate(pos).values() if len(spec) == 4}:
                mine = {code for code, spec in generate(pos).items() if len(spec) == 4 and spec[1] == origin}
                assert set(generate(pos, only=origin)) == mine


def test_moves_along_paths_are_listed_in_breadth_first_order():
    """A troop's moves are listed by where a breadth-first search first reaches their last
    hollow (the order the kit has always used: seeded games and lessons replay unchanged)."""
    pos = position({"F6": "B2"})
    ends = [hollow_name(m.hollows[-1]) for m in pos.legal_moves() if m.action == "move" and m.hollows[0] == parse_hollow("F6")]
    assert ends[:6] == ["F7", "E6", "E5", "F5", "G5", "G6"]  # the neighbours, in direction order
    assert len(ends) == 18 and set(ends[6:]) == {hollow_name(c) for c in HOLLOWS if distance(c, parse_hollow("F6")) == 2}


@pytest.mark.parametrize("players, rules", [(2, None), (3, "unchain-keeps-one"), (3, {"straight_chains": True})])
def test_remembered_neighbourhoods_list_the_same_moves_as_a_first_meeting(players, rules):
    """A troop's moves are worked out on the spot the first time its neighbourhood is met and
    remembered the second time; the third listing comes from memory. All three are the same."""
    import random

    from kit.games.myra import moves

    rng = random.Random(players)
    position = start(players, rules)
    for _ in range(60):
        for cache in (moves._PATHS, moves._MET, moves._UNCHAINED, moves._MET_UNCHAINED):
            cache.clear()
        for captures_only in (False, True):
            listings = [list(moves.generate(position, captures_only).items()) for _ in range(3)]
            assert listings[0] == listings[1] == listings[2]
        if position.is_over:
            break
        position = position.play(rng.choice(position.legal_moves()))


def test_a_move_with_an_unknown_action_is_refused_not_played_as_a_pass():
    pos = position({"F6": "B2"})
    for move in (Move("jump"), Move("jump", (parse_hollow("F6"), parse_hollow("F7")))):
        with pytest.raises(IllegalMove, match="unknown action 'jump'"):
            pos.play(move)
        assert pos.why_illegal(move) and "unknown action" in pos.why_illegal(move)


def test_ranked_moves_value_what_they_capture_by_its_soldiers():
    """The gains the hints and the playouts read: a troop its soldiers (a single one 1), a queen 100,
    a soldier produced half, a quiet move nothing."""
    pos = position({"F6": "B1", "F7": "O1", "E6": "O3", "G6": "OQ", "K6": "O1", "A2": "B2"})

    def gains(captures_only=False):
        """(action, first hollow, last hollow) of each ranked move, with its gain."""
        return {(spec[0], hollow_name(HOLLOWS[spec[1]]), hollow_name(HOLLOWS[spec[2]])) if len(spec) == 4
                else (spec[0], *(hollow_name(HOLLOWS[h]) for h in spec[1])): gain
                for spec, gain, _ in pos.ranked_successors(captures_only)}

    everything = gains()
    assert everything[("move", "F6", "F7")] == 1.0
    assert everything[("move", "F6", "E6")] == 3.0
    assert everything[("move", "F6", "G6")] == 100.0
    assert everything[("move", "F6", "F5")] == 0.0
    assert {gain for (action, *_), gain in everything.items() if action == "produce"} == {0.5}
    assert gains(captures_only=True) == {("move", "F6", "F7"): 1.0, ("move", "F6", "E6"): 3.0,
                                         ("move", "F6", "G6"): 100.0}


def test_the_smallest_ply_limit_is_allowed_and_below_it_refused():
    from kit.games.myra import Rules

    limited = start(2, {"ply_limit": 1})
    assert limited.rules == Rules(ply_limit=1) and not limited.is_over
    assert limited.play(limited.legal_moves()[0]).is_over
    for bad in (0, -3, True, 2.5):
        with pytest.raises(ValueError, match="ply_limit must be a positive whole number"):
            Rules(ply_limit=bad)
