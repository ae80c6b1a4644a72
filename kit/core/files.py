"""Writing files all or nothing: a failure or an interruption leaves no partial file."""
from __future__ import annotations

import os
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


@contextmanager
def atomic_path(path: str | os.PathLike[str]) -> Iterator[str]:
    """A temporary path next to ``path`` to write, renamed to ``path`` on success.

    The temporary file is created at once (so a missing or read-only folder fails before any
    work), with the permissions of a new file; on any error, Ctrl-C or SIGTERM it is removed.
    """
    target = Path(path)
    if target.is_dir():
        raise IsADirectoryError(f"{str(target)!r} is a directory")
    temporary = str(target.with_name(f".{target.stem}.{uuid.uuid4().hex[:8]}.part{target.suffix}"))
    open(temporary, "xb").close()
    try:
        yield temporary
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
