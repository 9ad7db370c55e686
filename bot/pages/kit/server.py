"""A small page server: one game's static folder plus ``POST /api/<game>/<action>`` JSON calls.

It listens on 127.0.0.1 only, on a port the system picks unless one is given, in a daemon
thread, so a test, ``gamebot serve`` or the bot's launcher can start a page in one line::

    with PageServer("balda", handler) as server:
        open_browser(server.url(theme="night"))

Routes: ``GET /`` redirects to ``/<game>/``; ``GET /<game>/<file>`` serves the folder's files,
``GET /<game>/kit/<file>`` what both pages share (``bot/pages/kit/static/``), and pages made in
memory (``generated``) at ``GET /<game>/<name>``;
``POST /api/<game>/<action>`` passes the JSON body (an object) to ``handler.handle(action,
payload)`` and sends back the object it returns. A :class:`PageRequestError` from the handler
becomes a 400 answer, anything else a 500; both carry ``{"error": message}``.
"""

from __future__ import annotations

import json
import mimetypes
import threading
from collections.abc import Mapping
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Protocol
from urllib.parse import unquote, urlencode, urlsplit

from bot.errors import GamebotError

PAGES_DIR = Path(__file__).resolve().parents[1]


def static_folder(game: str) -> Path:
    """Where one of our pages keeps what the browser may fetch (never the server's code)."""
    return PAGES_DIR / game / "static"
HOST = "127.0.0.1"
MAX_BODY = 64 * 1024
_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}


class PageRequestError(ValueError):
    """A call the page (or a test) got wrong: unknown action, missing field, bad value."""


class PageHandler(Protocol):
    """What a game contributes: an answer (a JSON object) to each action the page calls."""

    def handle(self, action: str, payload: dict[str, object]) -> dict[str, object]: ...


class PageServer:
    """Serves ``bot/pages/<game>/static/`` (or ``folder``) and the game's JSON API on 127.0.0.1."""

    def __init__(
        self,
        game: str,
        handler: PageHandler | None = None,
        port: int = 0,
        folder: str | Path | None = None,
        generated: Mapping[str, str] | None = None,
    ) -> None:
        if not game.isidentifier():
            raise ValueError(f"game name {game!r} must be a plain identifier")
        self.game = game
        self.handler = handler
        self.folder = Path(folder) if folder is not None else static_folder(game)
        #: Pages made in memory (name -> HTML), served beside the folder's files: a third-party
        #: page's settings written in its own origin, the folder left untouched.
        self.generated = dict(generated or {})
        if not (self.folder / "index.html").is_file():
            raise GamebotError(f"{self.folder}: no index.html, so there is no {game} page to serve")
        self._port = port
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # ----- life cycle ---------------------------------------------------------------------
    def start(self) -> PageServer:
        if self._httpd is not None:
            return self
        try:
            httpd = ThreadingHTTPServer((HOST, self._port), _make_request_class(self))
        except OSError as exc:
            raise GamebotError(f"cannot listen on {HOST}:{self._port}: {exc}") from None
        httpd.daemon_threads = True
        self._httpd = httpd
        self._thread = threading.Thread(
            target=httpd.serve_forever, name=f"page-server-{self.game}", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._httpd is None:
            return
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._httpd = self._thread = None

    def __enter__(self) -> PageServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # ----- addresses ----------------------------------------------------------------------
    @property
    def port(self) -> int:
        if self._httpd is None:
            raise RuntimeError("the page server is not running")
        return int(self._httpd.server_address[1])

    @property
    def address(self) -> tuple[str, int]:
        return HOST, self.port

    def url(self, **params: object) -> str:
        """The page's address, e.g. ``http://127.0.0.1:PORT/balda/?theme=night``."""
        query = urlencode({k: v for k, v in params.items() if v is not None})
        return f"http://{HOST}:{self.port}/{self.game}/" + (f"?{query}" if query else "")

    def api_url(self, action: str) -> str:
        return f"http://{HOST}:{self.port}/api/{self.game}/{action}"

    # ----- dispatch -----------------------------------------------------------------------
    def static_file(self, path: str) -> Path | None:
        """The file ``/<game>/<path>`` names inside the folder (``kit/...``: inside the pages'
        shared folder), or None (never outside it)."""
        folder, name = self.folder, path or "index.html"
        if name.startswith("kit/"):
            folder, name = static_folder("kit"), name[len("kit/"):]
        candidate = (folder / name).resolve()
        if not candidate.is_relative_to(folder.resolve()) or not candidate.is_file():
            return None
        return candidate

    def call(self, action: str, payload: dict[str, object]) -> dict[str, object]:
        if self.handler is None:
            raise PageRequestError(f"the {self.game} page has no API")
        if not action.replace("-", "_").isidentifier():
            raise PageRequestError(f"bad action name {action!r}")
        return self.handler.handle(action, payload)


def _make_request_class(server: PageServer) -> type[BaseHTTPRequestHandler]:
    class Request(_Request):
        page = server

    return Request


class _Request(BaseHTTPRequestHandler):
    page: PageServer
    server_version = "gamebot-pages"
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: a page makes many requests and the terminal belongs to the user."""

    # ----- GET ----------------------------------------------------------------------------
    def do_GET(self) -> None:
        path = unquote(urlsplit(self.path).path)
        prefix = f"/{self.page.game}/"
        if path in ("/", f"/{self.page.game}"):
            self._send(HTTPStatus.FOUND, b"", "text/plain", {"Location": prefix})
            return
        if not path.startswith(prefix):
            self._send_json(HTTPStatus.NOT_FOUND, {"error": f"no page at {path}"})
            return
        made = self.page.generated.get(path[len(prefix) :])
        if made is not None:
            self._send(HTTPStatus.OK, made.encode("utf-8"), _TYPES[".html"])
            return
        file = self.page.static_file(path[len(prefix) :])
        if file is None:
            self._send_json(HTTPStatus.NOT_FOUND, {"error": f"no file {path}"})
            return
        kind = _TYPES.get(file.suffix) or mimetypes.guess_type(file.name)[0]
        self._send(HTTPStatus.OK, file.read_bytes(), kind or "application/octet-stream")

    # ----- POST ---------------------------------------------------------------------------
    def do_POST(self) -> None:
        path = urlsplit(self.path).path
        prefix = f"/api/{self.page.game}/"
        if not path.startswith(prefix) or "/" in path[len(prefix) :] or path == prefix:
            self._send_json(HTTPStatus.NOT_FOUND, {"error": f"no API at {path}"})
            return
        try:
            payload = self._read_json()
            answer = self.page.call(path[len(prefix) :], payload)
        except PageRequestError as exc:
            self._send_json(HTTPStatus.BAD_REQUEST, {"error": str(exc)})
            return
        except Exception as exc:  # the page must get an answer it can show, whatever broke
            self._send_json(
                HTTPStatus.INTERNAL_SERVER_ERROR, {"error": f"{type(exc).__name__}: {exc}"}
            )
            return
        self._send_json(HTTPStatus.OK, answer)

    def _read_json(self) -> dict[str, object]:
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            raise PageRequestError("Content-Length is not a number") from None
        if length > MAX_BODY:
            self.close_connection = True
            raise PageRequestError(f"request body of {length} bytes is over {MAX_BODY}")
        body = self.rfile.read(length) if length > 0 else b""
        if not body.strip():
            return {}
        try:
            payload = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            raise PageRequestError(f"request body is not JSON: {exc}") from None
        if not isinstance(payload, dict):
            raise PageRequestError("request body must be a JSON object")
        return payload

    # ----- answers ------------------------------------------------------------------------
    def _send_json(self, status: HTTPStatus, obj: dict[str, object]) -> None:
        body = json.dumps(obj, ensure_ascii=False).encode("utf-8")
        self._send(status, body, "application/json; charset=utf-8")

    def _send(
        self,
        status: HTTPStatus,
        body: bytes,
        kind: str,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
