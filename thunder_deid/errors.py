"""Errors the project raises for bad input. Messages name the file, line, document id or field at fault,
and never quote document text (it is personal data)."""

import threading


class ThunderDeidError(Exception):
    """Base class: the CLI prints these as one clean line and exits with status 2."""


class DocumentError(ThunderDeidError, ValueError):
    """A document, span or JSONL line is malformed or inconsistent."""


class InlineFormatError(DocumentError):
    """An inline-annotated text (``<<<MENTION:LABEL>>>``) cannot be parsed."""


class LabelError(ThunderDeidError, KeyError):
    """A label is not in the taxonomy and no normalisation rule maps it."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class ConfigError(ThunderDeidError, ValueError):
    """A rule, mapping, label-set, taxonomy or training configuration file is unreadable or inconsistent."""


class Terminated(BaseException):
    """SIGTERM (a scheduler's kill, ``timeout``), raised so that half-written outputs are removed on the way out."""


# Set by the CLI's SIGTERM handler. Terminated raised inside a library's Python callback (the tokenizers' Rust
# side calls ours) comes back as that library's own Exception: a handler that keeps a folder run going after one
# bad file asks this first, so the run stops as asked.
TERMINATING = threading.Event()
