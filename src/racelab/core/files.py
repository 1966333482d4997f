"""Reading and fingerprinting files: one sha256, one opener that sees through xz and gzip."""

import gzip
import hashlib
import io
import lzma
from pathlib import Path

_XZ = b"\xfd7zXZ\x00"
_GZ = b"\x1f\x8b"


def sha256(path) -> str:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def open_bytes(path_or_stream):
    """A binary stream of the content, decompressed when it is xz or gzip (told by its magic bytes, not its
    name). Accepts a path or an already open binary stream."""
    if isinstance(path_or_stream, (str, Path)):
        raw = open(path_or_stream, "rb")
    else:
        raw = path_or_stream
    buffered = raw if hasattr(raw, "peek") else io.BufferedReader(raw)
    head = buffered.peek(6)[:6]
    if head.startswith(_XZ):
        return lzma.open(buffered, "rb")
    if head.startswith(_GZ):
        return gzip.open(buffered, "rb")
    return buffered


def read_bytes(path) -> bytes:
    with open_bytes(path) as f:
        return f.read()


def read_text(path) -> str:
    return read_bytes(path).decode(errors="replace")
