#!/usr/bin/env bash
# Sets up, builds the page and serves it on http://127.0.0.1:8080 (PORT=… to change) with the bundled
# catalog. Everything runs in the browser: the server only hands out static files.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs
bash scripts/setup.sh
cmake --preset web >/dev/null
cmake --build --preset web
PORT=${PORT:-8080}
echo
echo "InferSizer 推理算力估算器: http://127.0.0.1:${PORT}/"
echo "offline single file: build/web/dist/infersizer-offline.html"
exec /usr/bin/python3 -m http.server "$PORT" --bind 127.0.0.1 --directory build/web/dist
