"""Command line: ``python -m tutor replay FILE.json``.

Prints the replay object as JSON (exit 0); a record that is malformed or breaks a rule prints one
line on stderr naming the place and the rule (exit 1); usage errors exit 2. No traceback.
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
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)  # exits 2 on usage errors
    try:
        if args.command == "replay":
            out = replay(load(args.record))
            print(json.dumps(out, ensure_ascii=False))
            return 0
    except TutorError as e:
        print(str(e).replace("\n", " "), file=sys.stderr)
        return 1
    return 2  # pragma: no cover - argparse has checked the command


if __name__ == "__main__":
    sys.exit(main())
