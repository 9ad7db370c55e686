"""Calls to a game page's JSON API in a test, as the page's script makes them."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path


def post(server, action, body, raw=None, timeout=30):
    """(HTTP status, answer object) of one API call; ``raw`` bytes are sent as they are."""
    data = raw if raw is not None else json.dumps(body).encode()
    request = urllib.request.Request(server.api_url(action), data=data, method="POST")
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def call(server, action, body):
    """The answer of a call the page must take (status 200)."""
    status, answer = post(server, action, body)
    assert status == 200, answer
    return answer


@contextmanager
def served(game):
    """`gamebot serve GAME --print-url` run as a user runs it (from the checkout): the page's
    URL, checked to be on 127.0.0.1; the server stopped afterwards."""
    process = subprocess.Popen(
        [sys.executable, "-m", "bot.cli.main", "serve", game, "--print-url"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:") and url.endswith(f"/{game}/"), url
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)
