"""The ``thunder-deid`` command line: one console script, one subcommand module per component.

Each component's ``cli`` module exposes ``register(subparsers)``, which adds its subcommands with
``set_defaults(func=...)``; ``func(args)`` returns the exit status. Errors of the project's own
(:class:`ThunderDeidError`) print as one line on stderr with exit status 2 and never echo document text.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import signal
import sys
import threading
from typing import Sequence

from thunder_deid.errors import TERMINATING, Terminated, ThunderDeidError

# Order is the order of `thunder-deid --help`.
COMMAND_MODULES = (
    "thunder_deid.taxonomy.cli",      # taxonomy stats|show|check
    "thunder_deid.commands",          # convert, validate
    "thunder_deid.eval.cli",          # eval
    "thunder_deid.corpus.cli",        # corpus convert-thunder|annotate-placeholders|report|split
    "thunder_deid.surrogates.cli",    # surrogates coverage, realize
    "thunder_deid.tokenizer.cli",     # tokenizer train-bpe|train|encode|analyze
    "thunder_deid.model.cli",         # train, pretrain, finetune, predict, redact
    "thunder_deid.calibrate",         # calibrate
)


class HelpFormatter(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """Keeps the worked examples in descriptions as written and shows each default once: appended as
    ``(default: X)`` unless the help already says what the default is, or there is none to show (``None``,
    an off switch)."""

    def _get_help_string(self, action: argparse.Action) -> str:
        help = action.help or ""
        if "default" in help or action.default is None or action.default is False:
            return help
        return super()._get_help_string(action)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="thunder-deid",
        formatter_class=HelpFormatter,
        description="De-identify Korean court judgments and other sensitive Korean documents.\n\n"
        "example:\n  thunder-deid redact judgment.txt judgment.redacted.txt --mode mask",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log progress (never document text)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def _on_sigterm(signum, frame):  # noqa: ARG001
    TERMINATING.set()
    raise Terminated


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("pypdf").setLevel(logging.ERROR)  # its repairs of a damaged file are not the user's concern
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    # Python's default SIGTERM ends the process without unwinding, leaving `.NAME.x1y2.tmp` files behind
    previous = signal.signal(signal.SIGTERM, _on_sigterm) if threading.current_thread() is threading.main_thread() else None
    TERMINATING.clear()
    try:
        return int(args.func(args) or 0)
    except Terminated:
        print(f"thunder-deid {args.command}: terminated; outputs are written atomically, none is half-done",
              file=sys.stderr)
        return 143
    except ThunderDeidError as e:
        print(f"thunder-deid {args.command}: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OSError as e:
        # the last resort for file-system failures no command anticipated: name the file, not a traceback
        where = f" {e.filename}:" if e.filename else ""
        print(f"thunder-deid {args.command}: error:{where} {e.strerror or type(e).__name__}", file=sys.stderr)
        return 2
    except UnicodeError as e:
        # str(e) may quote the offending bytes, which can be document text
        at = f" at byte {e.start}" if isinstance(e, UnicodeDecodeError) else ""
        print(f"thunder-deid {args.command}: error: an input is not valid UTF-8 text ({type(e).__name__}{at})",
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"thunder-deid {args.command}: interrupted; outputs are written atomically, none is half-done",
              file=sys.stderr)
        return 130
    except Exception:
        if not TERMINATING.is_set():
            raise  # a bug: its traceback is the report
        # the tokenizers' Rust side turns the Terminated raised in its Python callback into an Exception
        print(f"thunder-deid {args.command}: terminated; outputs are written atomically, none is half-done",
              file=sys.stderr)
        return 143
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
