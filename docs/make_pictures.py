"""Draw the pictures of the README and docs/drawing.md: ``python -m docs.make_pictures``.

Writes into ``docs/img/``: ``walak-start.png`` (the README's top picture),
``walak-chain.png`` (a bead-chain capture mid-move), ``walak-chain.gif`` (that move
animated), ``myra-start.png`` and ``myra-capture.png``; and in the print style (for
worksheets) ``walak-print.png`` and ``myra-print.png``.
"""
from __future__ import annotations

from pathlib import Path

import kit.games.myra as myra
from kit import walak
from kit.draw.animate import save_gif
from kit.games.myra.drawing import MyraBoard
from kit.games.walak.drawing import WalakBoard
from kit.games.myra.events import Capture as MyraCapture
from kit.games.walak import Capture

IMG = Path(__file__).parent / "img"
CHAIN = ("N:0,3,1,2,3,0,0/2,4,2,2,2,0,3:14-18:11", "c")  # North captures, then a bead-chain link
MYRA_OPENING = ("D9-D8-E8-F8", "F2-F3-F4-F5")
MYRA_CAPTURE = "F8-F7-F6-F5"  # Blue's 4-troop takes Orange's 4-troop


def write(name: str, data: bytes) -> None:
    (IMG / name).write_bytes(data)
    print(f"wrote docs/img/{name} ({len(data) // 1024} KiB)")


def main() -> None:
    IMG.mkdir(exist_ok=True)
    write("walak-start.png", WalakBoard(walak.start()).png())

    position = walak.parse_position(CHAIN[0])
    trace = position.trace(CHAIN[1])
    board = WalakBoard(position)
    last_capture = max(i for i, e in enumerate(trace.events, 1) if isinstance(e, Capture))
    board.show(position, trace.events, last_capture)
    write("walak-chain.png", board.png())
    frames = save_gif(position, CHAIN[1], IMG / "walak-chain.gif", dpi=48)
    print(f"wrote docs/img/walak-chain.gif ({frames} frames)")

    write("myra-start.png", MyraBoard(myra.start()).png())
    opening = myra.start()
    for move in MYRA_OPENING:
        opening = opening.play(move)
    trace = opening.trace(MYRA_CAPTURE)
    board = MyraBoard(opening)
    board.show(opening, trace.events, next(i for i, e in enumerate(trace.events, 1) if isinstance(e, MyraCapture)))
    write("myra-capture.png", board.png())

    write("walak-print.png", WalakBoard(position, style="print", dpi=200).png())
    write("myra-print.png", MyraBoard(opening, style="print", dpi=200).png())


if __name__ == "__main__":
    main()
