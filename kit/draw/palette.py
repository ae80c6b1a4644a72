"""The kit's colours: the Okabe-Ito palette for players and highlights, wood tones for boards.

Okabe and Ito chose their eight colours to stay distinguishable for the common forms of
colour blindness. Players and event roles never rely on colour alone: names, numbers and
outline styles say the same thing.
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

# Players: Walak-pussa South, North; Myra Blue, Orange, Green (the same first two).
PLAYERS: tuple[str, str, str] = (BLUE, ORANGE, BLUISH_GREEN)

# What a highlighted hole or hollow means, shared by both games.
LIFT = SKY_BLUE        # the move begins here: seeds or balls lifted
SOW = YELLOW           # a seed dropped / a ball laid
RELAY = REDDISH_PURPLE  # a relay lift (Walak-pussa) / a chain gathered (Myra)
STOP = WHITE           # the empty hole that ends a lap
CAPTURE = VERMILLION   # seeds or balls captured
CHANGE = BLACK         # Myra: troops that changed sides (a ring)
CHOICE = WHITE         # Myra: a piece or hollow that can be chosen now (a ring)
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


def text_on(colour: str) -> str:
    """Black or white, whichever reads better on the given background colour."""
    red, green, blue = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return BLACK if 0.299 * red + 0.587 * green + 0.114 * blue > 0.55 else WHITE


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
    players: tuple[str, str, str]     # the players' names and marks
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


WOOD_STYLE = Style("wood", PAPER, WOOD, WOOD_EDGE, WOOD_GRAIN, HOLE, HOLE_RIM, SEED, SEED_SHADES, SEED_EDGE, CARVED,
                   INK, PLAYERS, PLAYERS, (WHITE, BLACK, WHITE), ("", "", ""), LIFT, SOW, RELAY, STOP, CAPTURE,
                   CHANGE, CHOICE)
GREY = "#9A9A9A"
PRINT_STYLE = Style("print", WHITE, WHITE, BLACK, None, WHITE, BLACK, GREY, (GREY,), BLACK, BLACK, BLACK,
                    (BLACK, BLACK, BLACK), (BLACK, WHITE, "#D0D0D0"), (WHITE, BLACK, BLACK), ("", "", "////"),
                    "#C8C8C8", "#E6E6E6", "#A0A0A0", WHITE, "#6E6E6E", BLACK, "#6E6E6E", hint=BLACK)
STYLES = {style.name: style for style in (WOOD_STYLE, PRINT_STYLE)}


def style_named(name: str) -> Style:
    """The drawing style called ``name`` ("wood" or "print"); ValueError lists the choices."""
    if name not in STYLES:
        raise ValueError(f"no drawing style {name!r}: choose one of {', '.join(map(repr, STYLES))}")
    return STYLES[name]
