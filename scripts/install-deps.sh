#!/usr/bin/env bash
# Installs the Debian packages movegen-lab needs to build, test, fuzz and benchmark, and the npm packages
# of the chess.js and chessops adapters into adapters/node_modules (versions pinned by its lock file).
# Run as root (or with sudo available). Safe to run again: apt-get skips what is installed.
set -euo pipefail
packages=(
  g++ cmake make python3                      # toolchain
  libboost-test-dev libbenchmark-dev          # tests, benchmarks
  libcli11-dev libfmt-dev nlohmann-json3-dev  # command line, formatting, JSON
  stockfish                                   # the external oracle for perft counts
  clang libclang-rt-14-dev                    # libFuzzer targets
  gnuplot-nox                                 # the benchmark report's chart
  openmpi-bin libopenmpi-dev                  # movegen-mpi: perft across the ranks of an MPI job
  libcpp-httplib-dev pkgconf                  # movegen lab: the study view's local server
  chromium                                    # the study view's browser test (tests/lab_browser_test.mjs)
)
# node and npm run the adapters (adapters/); a node that is already there, with its own npm, is kept.
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
npm ci --prefix "$(dirname "$0")/../adapters" --no-audit --no-fund --loglevel=error
echo "install-deps: ${#packages[@]} packages present, adapters/node_modules installed"
