#!/usr/bin/env bash
# Set up gamebot on Debian: the apt packages it drives or reads with (Xvfb, xdotool, Tesseract,
# the games the tests play), then a venv in .venv with the project, its test tools and Ray (for
# `bench minesweeper --ray`; its test needs it).
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
  xvfb xdotool x11-utils x11-xserver-utils xterm xfonts-base jwm
  tesseract-ocr tesseract-ocr-rus tesseract-ocr-ukr
  xdemineur gnome-mines kmines ace-of-penguins dbus bsdgames wamerican wordnet-base
  chromium fonts-liberation
  libgl1 libglib2.0-0 fonts-dejavu-core
  python3-tk
)

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then SUDO="sudo"; else
      echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "setup: gamebot needs Python >= 3.11; $PYTHON is $("$PYTHON" -V 2>&1)" >&2
  exit 1
fi
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  "$PYTHON" -m venv .venv
fi
stamp=.venv/.gamebot-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ -n "$(find bot solvers vision calibration -name '*.c' -newer "$stamp" 2>/dev/null)" ]; then
  echo "setup: installing gamebot into .venv"
  .venv/bin/python -m pip install -q --upgrade pip 2>&1 | grep -v "^WARNING: Location" || true
  .venv/bin/python -m pip install -q -e '.[dev,ray]' 2>&1 | grep -v "^WARNING: Location" || true
  .venv/bin/python -c 'import bot.cli.main, cv2, numpy, mss' || { echo "setup: install failed" >&2; exit 1; }
  touch "$stamp"
fi
echo "setup: ready ($(.venv/bin/python -V), $(.venv/bin/gamebot --help >/dev/null && echo gamebot ok))"
