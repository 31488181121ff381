#!/usr/bin/env bash
# Proves that a Node.js (its bin folder: $1) installs and starts the store as the README says,
# `npm install && npm start`, in a fresh clone of this checkout: /healthz must answer 200 within
# two minutes. The clone and its data are removed afterwards.
set -euo pipefail
bin=$1
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
store=
# The store runs in its own process group (npm, its shell, node): all of it is ended.
trap '[ -n "$store" ] && kill -- -"$store" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
git clone -q "$here" "$work/loja"
cd "$work/loja"
export PATH="$bin:$PATH"
echo "node $(node --version): npm install && npm start"
npm install --no-audit --no-fund --loglevel=error >"$work/install.log" 2>&1 || {
  cat "$work/install.log"
  exit 1
}
port=$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")
PORT=$port setsid npm start >"$work/start.log" 2>&1 &
store=$!
for _ in $(seq 240); do
  if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then
    echo "node $(node --version): /healthz answered on :$port"
    exit 0
  fi
  kill -0 "$store" 2>/dev/null || break
  sleep 0.5
done
echo "node $(node --version): the store did not answer /healthz" >&2
tail -40 "$work/start.log" >&2
exit 1
