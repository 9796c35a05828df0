"""``trfaudit serve`` itself: it prints the address it listens on (loopback by default),
serves, and refuses a bad option with exit 2."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.request

from trfaudit.checker.cli.serve import host_warning, parse_size


def test_serve_prints_its_loopback_address_and_serves():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    # the context closes the stderr pipe once the server has stopped
    with subprocess.Popen(
        [sys.executable, "-m", "trfaudit.checker.cli", "serve", "--port", "0", "--workers", "1"],
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    ) as proc:
        assert proc.stderr is not None
        try:
            line = proc.stderr.readline()
            m = re.match(
                r"trfaudit serve: (http://127\.0\.0\.1:\d+/) \(listening on this computer only",
                line,
            )
            assert m, line
            with urllib.request.urlopen(m.group(1) + "healthz", timeout=60) as r:
                assert r.read() == b"ok"
        finally:
            proc.terminate()
            proc.wait(30)


def test_bad_max_upload_is_exit_2():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    proc = subprocess.run(
        [sys.executable, "-m", "trfaudit.checker.cli", "serve", "--max-upload", "ten"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 2 and "--max-upload: 'ten' is not a size" in proc.stderr


def test_sizes_and_the_host_warning():
    assert parse_size("10MB") == 10_000_000 and parse_size("500kB") == 500_000
    assert parse_size("2000000") == 2_000_000
    assert host_warning("127.0.0.1") is None and host_warning("localhost") is None
    assert "every machine that can reach this one" in (host_warning("0.0.0.0") or "")
