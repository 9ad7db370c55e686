"""Calls to a game page's JSON API in a test, as the page's script makes them."""

from __future__ import annotations

import json
import urllib.error
import urllib.request


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
