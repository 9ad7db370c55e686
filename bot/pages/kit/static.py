"""Serve a folder of static files on 127.0.0.1 (a third-party page to test the bot against).

``python -m http.server`` in a thread, quiet, on a port the system picks, bound to the loopback
address only. Used by tests and by ``gamebot play balda --serve DIR``.
"""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from bot.errors import GamebotError

HOST = "127.0.0.1"


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        return None


class StaticServer:
    """``with StaticServer(folder) as s: s.url("en.html")``."""

    def __init__(self, folder: str | Path, port: int = 0) -> None:
        self.folder = Path(folder)
        if not self.folder.is_dir() or not any(self.folder.glob("**/*.html")):
            raise GamebotError(
                f"{self.folder}: no .html page to serve (is it a web page folder?)"
            )
        handler = functools.partial(_Quiet, directory=str(self.folder))
        self._httpd = ThreadingHTTPServer((HOST, port), handler)
        self._httpd.daemon_threads = True
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    def url(self, path: str = "") -> str:
        return f"http://{HOST}:{self.port}/{path.lstrip('/')}"

    def start(self) -> StaticServer:
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> StaticServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
