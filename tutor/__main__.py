"""Command line: ``python -m tutor replay | solve | advise RECORD.json``.

- ``replay FILE.json`` — where the record stands (``tutor.replay``);
- ``solve FILE.json`` — the double-dummy value of a record stopped in the play, and of each legal
  card (``tutor.solve``);
- ``advise FILE.json --samples N --seed S`` — the bid advisor's table for a record stopped in
  the auction (``tutor.advise``).

Each prints one JSON object (exit 0); a record that is malformed or breaks a rule prints one line
on stderr naming the place and the rule (exit 1); usage errors exit 2 — a number flag out of its
range names the range (``--samples`` 1..:data:`MAX_SAMPLES`, ``--seed`` 0..:data:`MAX_SEED`).
No traceback: a failure of the tutor itself is one line too (exit 3), and Ctrl-C exits 130.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Sequence

from .engine.record import load, replay
from .errors import TutorError, shorten

#: The most sampled worlds ``advise`` takes: each costs about 0.3 s on one core, so 1,000 is
#: minutes, not days (docs/hardening.md).
MAX_SAMPLES = 1000
#: Seeds are 32-bit, like the tutor's own (``getrandbits(32)``).
MAX_SEED = 2**32 - 1


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m tutor", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("replay", help="replay a hand record and print where it stands")
    r.add_argument("record", help="a tutor-record/1 JSON file")
    s = sub.add_parser("solve", help="double-dummy value of a record stopped in the play")
    s.add_argument("record", help="a tutor-record/1 JSON file")
    a = sub.add_parser("advise", help="the bid advisor for a record stopped in the auction")
    a.add_argument("record", help="a tutor-record/1 JSON file")
    a.add_argument("--samples", type=_whole(1, MAX_SAMPLES), default=40,
                   help=f"sampled worlds, 1..{MAX_SAMPLES} (default 40)")
    a.add_argument("--seed", type=_whole(0, MAX_SEED), default=0,
                   help=f"seed of the sampling, 0..{MAX_SEED} (default 0)")
    return p


def _whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (exit 2 naming the range)."""

    def read(text: str) -> int:
        digits = text.strip()
        if re.fullmatch(r"[+-]?\d{1,20}", digits) and low <= int(digits) <= high:
            return int(digits)
        raise argparse.ArgumentTypeError(
            f"{shorten(text, 30)!r} is not a whole number from {low} to {high:,}")

    return read


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)  # exits 2 on usage errors
    try:
        record = load(args.record)
        if args.command == "replay":
            out = replay(record)
        elif args.command == "solve":
            from .solver.api import solve  # the solver loads numba: only when asked

            out = solve(record)
        else:
            from .solver.advisor import advise

            out = advise(record, args.samples, args.seed)
        try:
            print(json.dumps(out, ensure_ascii=False))
        except UnicodeEncodeError:  # a terminal that cannot show ♠: the same JSON, escaped
            print(json.dumps(out))
        return 0
    except TutorError as e:
        print(str(e).replace("\n", " "), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader stopped early (`| head`): nothing more to say
        # stdout's last buffered bytes would fail again at exit: point it at /dev/null
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141  # 128 + SIGPIPE, as the shells report it
    except Exception as e:  # a failure of the tutor itself: one line, still no traceback
        print(f"python -m tutor: internal error ({type(e).__name__}); nothing was written",
              file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
