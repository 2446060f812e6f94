"""Command line: ``python -m tutor replay | solve | advise RECORD.json``.

- ``replay FILE.json`` — where the record stands (``tutor.replay``);
- ``solve FILE.json`` — the double-dummy value of a record stopped in the play, and of each legal
  card (``tutor.solve``);
- ``advise FILE.json --samples N --seed S`` — the bid advisor's table for a record stopped in
  the auction (``tutor.advise``).

Each prints one JSON object (exit 0); a record that is malformed or breaks a rule prints one line
on stderr naming the place and the rule (exit 1); usage errors exit 2. No traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .engine.record import load, replay
from .errors import TutorError


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m tutor", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("replay", help="replay a hand record and print where it stands")
    r.add_argument("record", help="a tutor-record/1 JSON file")
    s = sub.add_parser("solve", help="double-dummy value of a record stopped in the play")
    s.add_argument("record", help="a tutor-record/1 JSON file")
    a = sub.add_parser("advise", help="the bid advisor for a record stopped in the auction")
    a.add_argument("record", help="a tutor-record/1 JSON file")
    a.add_argument("--samples", type=_positive, default=40, help="sampled worlds (default 40)")
    a.add_argument("--seed", type=int, default=0, help="seed of the sampling (default 0)")
    return p


def _positive(text: str) -> int:
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError("must be a whole number above 0")
    return value


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
        print(json.dumps(out, ensure_ascii=False))
        return 0
    except TutorError as e:
        print(str(e).replace("\n", " "), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
