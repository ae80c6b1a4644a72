"""The kit's colours: the Okabe-Ito palette for players and highlights, wood tones for boards.

Okabe and Ito chose their eight colours to stay distinguishable for the common forms of
colour blindness. Players and event roles never rely on colour alone: names, numbers and
outline styles say the same thing.
"""
from __future__ import annotations

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
