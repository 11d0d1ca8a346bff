#!/usr/bin/env bash
# Installs everything InferSizer needs on a fresh Debian 12 (bookworm) machine, as root.
# Idempotent: a second run with everything present only checks and returns in seconds.
# Everything comes from Debian's packages and the npm registry (nothing else is reachable).
set -euo pipefail
cd "$(dirname "$0")/.."

log() { echo "[setup] $*"; }

APT_PACKAGES=(
  g++ cmake ninja-build pkg-config
  emscripten                      # em++ 3.1.6 (LLVM 14), prebuilt system libraries
  nlohmann-json3-dev googletest libgtest-dev libbenchmark-dev
  libimgui-dev                    # headers + native libimgui.a + backend sources
  dpkg-dev                        # apt-get source needs dpkg-source
  chromium                        # browser tests drive /usr/bin/chromium
  python3 python3-fonttools       # CJK font subsetting (Debian's /usr/bin/python3)
  fonts-wqy-microhei              # the CJK font we subset
  nodejs npm
)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  # nodejs/npm may come from elsewhere on the image; only require the commands
  if [[ $p == nodejs ]]; then command -v node >/dev/null && continue; fi
  if [[ $p == npm ]]; then command -v npm >/dev/null && continue; fi
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

export DEBIAN_FRONTEND=noninteractive
if ((${#missing[@]})); then
  log "installing: ${missing[*]}"
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Dear ImGui 1.86 core sources for the WebAssembly build: libimgui-dev ships no .cpp.
IMGUI_DIR=deps/imgui
if [[ ! -f $IMGUI_DIR/imgui.cpp ]]; then
  src_list=/etc/apt/sources.list.d/infersizer-bookworm-src.sources
  if ! grep -rqsE "^(deb-src .*bookworm|Types:.*deb-src)" /etc/apt/sources.list /etc/apt/sources.list.d/; then
    log "adding a deb-src entry for bookworm main"
    # deb822 form with the same keyring as Debian's own entry, so apt sees no conflicting Signed-By.
    printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' > "$src_list"
    apt-get update -qq
  fi
  log "fetching imgui sources (apt-get source imgui)"
  rm -rf deps/imgui-src && mkdir -p deps/imgui-src
  (cd deps/imgui-src && apt-get source -qq imgui >/dev/null 2>&1 || apt-get source imgui)
  src=$(find deps/imgui-src -maxdepth 2 -name imgui.cpp -printf '%h\n' | head -n1)
  [[ -n $src ]] || { echo "setup: imgui.cpp not found after apt-get source" >&2; exit 1; }
  rm -rf "$IMGUI_DIR" && cp -r "$src" "$IMGUI_DIR"
  rm -rf deps/imgui-src
fi

# playwright-core 1.64 needs node >= 20 (its package.json "engines"); Debian 12's own nodejs is 18.
node_major=$(node -p 'process.versions.node.split(".")[0]')
if ((node_major < 20)); then
  echo "setup: node $(node --version) is too old for playwright-core (needs >= 20)" >&2
  exit 1
fi

# Node packages pinned in package.json + package-lock.json (playwright-core drives Debian's chromium;
# @huggingface/gguf is the independent GGUF reader the model-file browser test compares with).
if [[ ! -d node_modules/playwright-core || ! -d node_modules/@huggingface/gguf ]]; then
  log "npm ci"
  npm ci --silent --no-audit --no-fund >/dev/null
fi

log "ok"
