"""The kit's colours: the Okabe-Ito palette for players and highlights, wood tones for boards.

Okabe and Ito chose their eight colours to stay distinguishable for the common forms of
colour blindness. Players and event roles never rely on colour alone: names, numbers and
outline styles say the same thing. Two marks are lightened or deepened from Okabe-Ito so
that "put down", "captured" and Orange's pieces stay apart under deuteranopia and
protanopia too, and text takes a darker shade of a player's colour where the colour
itself is too light to read (WCAG AA: a contrast of 4.5:1 against the background).
"""
from __future__ import annotations

from dataclasses import dataclass

# The Okabe-Ito palette (Okabe & Ito 2008, "Color Universal Design").
BLACK = "#000000"
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
BLUISH_GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
REDDISH_PURPLE = "#CC79A7"
WHITE = "#FFFFFF"

# Players: the first, second and third seat of every game (South, North; Blue, Orange, Green).
PLAYERS: tuple[str, str, str] = (BLUE, ORANGE, BLUISH_GREEN)
# The players' colours for text on the paper (orange and bluish green are too light to read there).
PLAYER_TEXT: tuple[str, str, str] = (BLUE, "#9E6200", "#00805E")

# What a highlighted hole or hollow means, shared by every game.
LIFT = SKY_BLUE        # the move begins here: seeds or balls lifted
SOW = "#FFF38A"         # a seed dropped / a ball laid: a light yellow, lighter than Orange's pieces
RELAY = REDDISH_PURPLE  # a relay lift (sowing) / a chain gathered
STOP = WHITE           # the empty hole that ends a lap
CAPTURE = "#C0501F"    # seeds or balls captured: a deeper vermillion, darker than Orange's pieces
CHANGE = BLACK         # troops that changed sides (a ring)
CHOICE = WHITE         # a piece or hollow that can be chosen now (a ring)
HINT = "#9ADF1E"       # the move a hint suggests: a dashed ring (beyond Okabe-Ito: the dashes tell it apart)
HINT_DASHES = (0, (2.2, 1.2))  # the hint ring's dashes: no other mark is dashed

# Wood and seeds.
WOOD = "#C28A4E"        # the board's face
WOOD_EDGE = "#6B3E1C"   # the board's carved border
WOOD_GRAIN = "#A9733D"  # grain lines on the face
HOLE = "#5A3416"        # the inside of a carved hole
HOLE_RIM = "#3B200C"
SEED = "#F2E3C2"        # ivory seeds
SEED_SHADES: tuple[str, ...] = ("#F2E3C2", "#E8D2A6", "#F7EDD6", "#DDC496")
SEED_EDGE = "#4A2C12"
CARVED = "#2B1607"      # numbers carved into the wood
INK = "#1B1B1B"         # text on a light background
PAPER = "#FAF6EE"       # the figure's background


GREY = "#9A9A9A"
MUTED = "#6E6E6E"       # quiet text on white paper (an empty hole's 0, hollow names): 5.1:1


def luminance(colour: str) -> float:
    """The relative luminance of a ``#RRGGBB`` colour (WCAG 2: linear sRGB, weighted)."""
    linear = [value / 255 for value in rgb(colour)]
    red, green, blue = (v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in linear)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: str, second: str) -> float:
    """The WCAG 2 contrast ratio of two colours, 1 (same) to 21 (black on white)."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def text_on(colour: str) -> str:
    """Black or white, whichever has the higher contrast on the given background colour."""
    return BLACK if contrast(BLACK, colour) >= contrast(WHITE, colour) else WHITE


def rgb(colour: str) -> tuple[int, int, int]:
    """A ``#RRGGBB`` colour as three 0..255 integers (as sampled from a PNG)."""
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


@dataclass(frozen=True)
class Style:
    """The colours of one way of drawing the boards: ``wood`` for screens, ``print`` for black-and-white paper.

    ``pieces`` are the fills of the players' pieces and ``piece_text`` the numbers on them;
    ``hatches`` (matplotlib hatch patterns, "" for none) tell pieces apart without colour.
    """

    name: str
    paper: str
    board: str
    board_edge: str
    grain: str | None          # wood grain lines, or None
    hole: str
    hole_rim: str
    seed: str
    seed_shades: tuple[str, ...]
    seed_edge: str
    carved: str                # text on the board
    ink: str                   # text on the paper
    players: tuple[str, str, str]     # the players' marks (and the fill behind a moving player's name)
    pieces: tuple[str, str, str]      # the players' piece fills
    piece_text: tuple[str, str, str]
    hatches: tuple[str, str, str]
    lift: str
    sow: str
    relay: str
    stop: str
    capture: str
    change: str
    choice: str
    hint: str = HINT           # the dashed ring of a hint (on paper: black)
    player_text: tuple[str, str, str] = PLAYER_TEXT  # the players' names and hole letters on the paper
    muted: str = MUTED         # quiet text: an empty hole's 0 and hollow names on paper


WOOD_STYLE = Style("wood", PAPER, WOOD, WOOD_EDGE, WOOD_GRAIN, HOLE, HOLE_RIM, SEED, SEED_SHADES, SEED_EDGE, CARVED,
                   INK, PLAYERS, PLAYERS, (WHITE, BLACK, BLACK), ("", "", ""), LIFT, SOW, RELAY, STOP, CAPTURE,
                   CHANGE, CHOICE)
PRINT_STYLE = Style("print", WHITE, WHITE, BLACK, None, WHITE, BLACK, GREY, (GREY,), BLACK, BLACK, BLACK,
                    (BLACK, BLACK, BLACK), (BLACK, WHITE, "#D0D0D0"), (WHITE, BLACK, BLACK), ("", "", "////"),
                    "#C8C8C8", "#E6E6E6", "#A0A0A0", WHITE, "#6E6E6E", BLACK, "#6E6E6E", hint=BLACK,
                    player_text=(BLACK, BLACK, BLACK))
STYLES = {style.name: style for style in (WOOD_STYLE, PRINT_STYLE)}


def style_named(name: str) -> Style:
    """The drawing style called ``name`` ("wood" or "print"); ValueError lists the choices."""
    if name not in STYLES:
        raise ValueError(f"no drawing style {name!r}: choose one of {', '.join(map(repr, STYLES))}")
    return STYLES[name]


def text_pairs(style: Style) -> list[tuple[str, str, str]]:
    """Every (what, text colour, background colour) the drawings of ``style`` write text in."""
    wood = style.name == "wood"
    pairs = [("captions, keys, reserves, row letters", style.ink, style.paper),
             ("counts and the seeds in hand", style.carved, style.board if wood else style.hole),
             ("hollow names", style.seed if wood else style.muted, style.hole)]
    if not wood:
        pairs.append(("an empty hole's 0", style.muted, style.hole))
    for player in range(3):
        pairs += [(f"player {player}'s names, hole letters and trough label", style.player_text[player], style.paper),
                  (f"player {player}'s name when moving, captured count", text_on(style.players[player]),
                   style.players[player]),
                  (f"player {player}'s piece numbers", style.piece_text[player], style.pieces[player])]
    for mark in (style.lift, style.sow, style.relay, style.stop, style.capture):
        pairs.append((f"a name or count on the mark {mark}", text_on(mark), mark))
    pairs.append(("a capture's number badge", text_on(style.capture if wood else style.paper),
                  style.capture if wood else style.paper))
    return pairs
