#!/usr/bin/env bash
# Installs the Debian packages movegen-lab needs to build, test, fuzz and benchmark.
# Run as root (or with sudo available). Safe to run again: apt-get skips what is installed.
set -euo pipefail
packages=(
  g++ cmake make python3                      # toolchain
  libboost-test-dev libbenchmark-dev          # tests, benchmarks
  libcli11-dev libfmt-dev nlohmann-json3-dev  # command line, formatting, JSON
  stockfish                                   # the external oracle for perft counts
  clang libclang-rt-14-dev                    # libFuzzer targets
  gnuplot-nox                                 # the benchmark report's chart
)
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
echo "install-deps: ${#packages[@]} packages present"
