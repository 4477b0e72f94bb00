"""A cable between a station and the floor that a test can cut: a Unix-socket relay to a real
PostgreSQL server. ``cut()`` drops every connection through it and refuses new ones (the floor
unreachable, the server itself still running); ``mend()`` lets connections through again."""

from __future__ import annotations

import os
import socket
import tempfile
import threading
from pathlib import Path
from urllib.parse import quote

from tests.pg import PostgresServer

SOCKET = ".s.PGSQL.5432"


class Cable:
    def __init__(self, server: PostgresServer) -> None:
        self.server = server
        self.dir = Path(tempfile.mkdtemp(prefix="dscut-"))
        self._target = str(server.socket_dir / SOCKET)
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        self._cut = False
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._listener.bind(str(self.dir / SOCKET))
        os.chmod(self.dir / SOCKET, 0o777)
        os.chmod(self.dir, 0o755)
        self._listener.listen(64)
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def url(self, user: str, dbname: str) -> str:
        return f"postgresql://{quote(user)}@{quote(str(self.dir), safe='')}/{dbname}"

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            with self._lock:
                if self._cut:
                    client.close()
                    continue
                upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                upstream.connect(self._target)
                self._open += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self) -> None:
        with self._lock:
            self._cut = True
            for s in self._open:
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                s.close()
            self._open.clear()

    def mend(self) -> None:
        with self._lock:
            self._cut = False

    def close(self) -> None:
        self.cut()
        self._listener.close()
