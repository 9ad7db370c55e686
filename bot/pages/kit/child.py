"""A page server in a child process: ``gamebot serve GAME --print-url`` run for the bot.

The built-in pages think for their computer opponent (a second of search at the hard level).
In the bot's own process that search would share the interpreter with the bot's screen
reading; a child process keeps the two apart, as a real site's server is.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from urllib.parse import urlencode

from bot.errors import GamebotError
from bot.io.processes import stop_process


class ChildPageServer:
    """``with ChildPageServer("balda") as s: s.url(theme="night")``."""

    def __init__(self, game: str, timeout: float = 60.0) -> None:
        self.game = game
        self.timeout = timeout
        self._proc: subprocess.Popen[str] | None = None
        self.base = ""

    def start(self) -> ChildPageServer:
        argv = [sys.executable, "-m", "bot.cli.main", "serve", self.game, "--print-url"]
        self._proc = subprocess.Popen(
            argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
        )
        line: list[str] = []
        out = self._proc.stdout
        assert out is not None
        reader = threading.Thread(target=lambda: line.append(out.readline()), daemon=True)
        reader.start()
        reader.join(self.timeout)
        url = line[0].strip() if line else ""
        if not url.startswith("http://127.0.0.1:"):
            self.stop()
            raise GamebotError(
                f"the {self.game} page server did not start (printed {url!r}); try"
                f" `gamebot serve {self.game}` to see why"
            )
        self.base = url.split("?")[0]
        return self

    def url(self, **params: object) -> str:
        query = urlencode({k: v for k, v in params.items() if v is not None})
        return f"{self.base}?{query}" if query else self.base

    def stop(self) -> None:
        if self._proc is not None:
            stop_process(self._proc)
            if self._proc.stdout is not None:
                self._proc.stdout.close()
            self._proc = None

    def __enter__(self) -> ChildPageServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
