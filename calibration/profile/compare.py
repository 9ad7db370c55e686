"""How many keys of a drafted profile agree with a hand-written one for the same site: the
figure ``gamebot profile`` is measured by. ``python -m calibration.profile.compare DRAFT HAND
[--style NAME]`` prints one line a key (right, wrong, missing, extra) and the counts.

Keys are compared by what they do, not their spelling: steps by their kind and labels (a
label in common, OCR-folded), keys pressed and click points within half a cell; phrases by
one in common; the title by matching the window title the draft saw.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from vision.core.page_text import fold, phrase_in

STEP_KEYS = ("submit", "cancel", "pass", "new-game", "start", "exchange", "exchange-confirm",
             "dismiss", "accept", "confirm", "blank-letter")
TEXT_KEYS = ("turn-ours", "turn-theirs", "rejected", "won", "lost", "drawn", "over", "used",
             "choose-letter", "accept-asked", "challenged", "confirm-asked")


def _same_step(a: dict[str, Any], b: dict[str, Any]) -> bool:
    if a["do"] != b["do"]:
        return False
    if a["do"] == "button":
        return bool({fold(x) for x in a["label"]} & {fold(x) for x in b["label"]})
    if a["do"] == "key":
        return bool(a["keys"].lower() == b["keys"].lower())
    if a["do"] == "click-at":
        return all(abs(x - y) <= 0.5 for x, y in zip(a["cell"], b["cell"], strict=True))
    if a["do"] == "click-path":
        return bool(a.get("type-at-new")) == bool(b.get("type-at-new"))
    return True


def same_steps(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> bool:
    """Do two step lists do the same (settle steps aside)?"""
    a = [s for s in a if s["do"] != "settle"]
    b = [s for s in b if s["do"] != "settle"]
    return len(a) == len(b) and all(_same_step(x, y) for x, y in zip(a, b, strict=True))


def _phrases_meet(a: list[str], b: list[str]) -> bool:
    return any(phrase_in(x, y) or phrase_in(y, x) for x in a for y in b)


def compare(draft: dict[str, Any], hand: dict[str, Any], style: str | None = None
            ) -> list[tuple[str, str]]:
    """(key, verdict) for every key either profile sets that play uses."""
    out: list[tuple[str, str]] = []
    out.append(("language", "right" if draft["language"] == hand["language"] else "wrong"))
    if "title" in draft:  # the window title the draft saw, unescaped
        window = re.sub(r"\\(.)", r"\1", draft["title"].lstrip("^"))
        out.append(("title", "right" if re.search(hand["title"], window) else "wrong"))
    hs = style or hand.get("default-style") or next(iter(hand["styles"]))
    ds = draft.get("default-style") or next(iter(draft["styles"]))
    out.append((f"move ({hs})", "right" if same_steps(draft["styles"][ds], hand["styles"][hs])
                else "wrong"))
    for key in STEP_KEYS:
        if key in hand and key in draft:
            out.append((key, "right" if same_steps(draft[key], hand[key]) else "wrong"))
        elif key in hand:
            out.append((key, "missing"))
        elif key in draft:
            out.append((key, "extra"))
    ht, dt = hand.get("texts", {}), draft.get("texts", {})
    for key in TEXT_KEYS:
        if key in ht and key in dt:
            out.append((f"texts.{key}", "right" if _phrases_meet(ht[key], dt[key]) else "wrong"))
        elif key in ht:
            out.append((f"texts.{key}", "missing"))
        elif key in dt:
            out.append((f"texts.{key}", "extra"))
    if "score-labels" in hand or "score-labels" in draft:
        a, b = hand.get("score-labels"), draft.get("score-labels")
        verdict = ("missing" if b is None else "extra" if a is None else "right" if all(
            _phrases_meet(x.split("|"), y.split("|")) for x, y in zip(a, b, strict=True))
            else "wrong")
        out.append(("score-labels", verdict))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("draft", type=Path)
    p.add_argument("hand", type=Path)
    p.add_argument("--style", help="the hand-written profile's style to compare the move with")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    draft = json.loads(args.draft.read_text("utf-8"))
    hand = json.loads(args.hand.read_text("utf-8"))
    rows = compare(draft, hand, args.style)
    counts = {v: sum(1 for _, x in rows if x == v) for v in ("right", "wrong", "missing", "extra")}
    for key, verdict in rows:
        print(f"{verdict:8} {key}")
    both = counts["right"] + counts["wrong"] + counts["missing"]
    print(f"{args.draft.stem}: {counts['right']} of {both} keys of the hand-written profile"
          f" right, {counts['wrong']} wrong, {counts['missing']} missing;"
          f" {counts['extra']} extra")
    if args.json:
        print(json.dumps({"draft": str(args.draft), "hand": str(args.hand), **counts}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
