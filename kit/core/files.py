"""Writing files all or nothing: a failure or an interruption leaves no partial file.

The kit writes only regular files. A target that is a folder, a device (``/dev/null``,
``/dev/full``), a pipe, a socket or a symbolic link is refused before any work, also when run
as root; an existing regular file is replaced only when asked (``overwrite=True``, the
command line's ``--force``). The work goes to a short hidden temporary name next to the
target (so a legal long name stays legal) and is renamed over it on success. Every error
names the file asked for, never the temporary one.
"""
from __future__ import annotations

import errno
import os
import stat
import uuid

from kit.core.limits import MAX_SUFFIX
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

NAME_MAX = 255  # bytes in one file name, where the file system does not say


class OutputError(OSError):
    """A file that cannot or must not be written; the message names it."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "cannot write the file"


def _quoted(path: Path) -> str:
    text = str(path)
    return repr(text if len(text) <= 80 else text[:77] + f"... ({len(text):,} characters)")


def check_output(path: str | os.PathLike[str], overwrite: bool = True) -> Path:
    """``path`` as a Path if the kit may write it, else OutputError (IsADirectoryError for a folder)
    saying why: not a regular file, already there and ``overwrite`` not given, a name too long,
    a folder that is missing."""
    target = Path(path)
    name = _quoted(target)
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        info = None
    except OSError as error:
        reason = "the file name is too long" if error.errno == errno.ENAMETOOLONG else error.strerror or error
        raise OutputError(f"cannot write {name}: {reason}") from None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, f"cannot write {name}: it is a folder, not a file")
        if stat.S_ISLNK(info.st_mode):
            raise OutputError(f"cannot write {name}: it is a symbolic link; the kit writes only "
                              "regular files (name the file itself)")
        if not stat.S_ISREG(info.st_mode):
            raise OutputError(f"cannot write {name}: it is not a regular file (a device, pipe or "
                              "socket); the kit writes only regular files")
        if not overwrite:
            raise OutputError(f"cannot write {name}: it already exists; add --force to replace it")
    folder = target.parent
    if not folder.is_dir():
        raise OutputError(f"cannot write {name}: the folder {_quoted(folder)} does not exist")
    try:
        limit = os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError):
        limit = NAME_MAX
    if len(os.fsencode(target.name)) > limit:
        raise OutputError(f"cannot write {name}: the file name is too long (more than {limit} bytes)")
    return target


@contextmanager
def atomic_path(path: str | os.PathLike[str], overwrite: bool = True) -> Iterator[str]:
    """A temporary path next to ``path`` to write, renamed to ``path`` on success.

    ``path`` is checked first (:func:`check_output`), and again just before the rename. The
    temporary file is created at once (so a read-only folder fails before any work), with the
    permissions of a new file; on any error, Ctrl-C or SIGTERM it is removed. An OSError while
    writing comes out as an OutputError naming ``path``.
    """
    target = check_output(path, overwrite)
    name = _quoted(target)
    suffix = target.suffix if len(target.suffix) <= MAX_SUFFIX else ""
    temporary = str(target.with_name(f".kit-{uuid.uuid4().hex[:8]}.part{suffix}"))
    try:
        os.close(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
    except OSError as error:
        raise OutputError(f"cannot write {name}: {error.strerror or error}") from None
    try:
        yield temporary
        check_output(target, overwrite)  # nothing else appeared there meanwhile
        os.replace(temporary, target)
    except OutputError:
        Path(temporary).unlink(missing_ok=True)
        raise
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise OutputError(f"cannot write {name}: {error.strerror or error}") from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
