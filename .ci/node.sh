# Sourced by .ci/run: puts Node 22 first on PATH for the rest of the run, and only for it.
# The tests, the build and the app's main process all run on Node 22 (Electron 45's Node). A
# machine whose own Node is another major, or a 22 older than the scripts accept, gets Node 22
# from the npm registry's `node` package, which ships the binary for this platform and, beside
# it, the headers that native modules (better-sqlite3) are compiled against. The system's Node
# is left as it is.
ALPINE_NODE_VERSION="${ALPINE_NODE_VERSION:-22.23.3}"

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
# The scripts' own rule (scripts/node-version.mjs, which npm start and npm test apply too).
node_fits() { node "$(dirname "${BASH_SOURCE[0]}")/../scripts/node-version.mjs" >/dev/null 2>&1; }

if [ "$(node_major)" != "${ALPINE_NODE_VERSION%%.*}" ] || ! node_fits; then
  node_home="${ALPINE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/alpine/node-$ALPINE_NODE_VERSION}"
  platform_package="$node_home/node_modules/node/node_modules/node-$(uname -s | tr '[:upper:]' '[:lower:]')-$(uname -m | sed -e 's/x86_64/x64/' -e 's/aarch64/arm64/')"
  if [ ! -x "$platform_package/bin/node" ]; then
    echo "Installing Node $ALPINE_NODE_VERSION from the npm registry into $node_home"
    mkdir -p "$node_home"
    npm install --prefix "$node_home" --no-save --no-audit --no-fund --no-package-lock "node@$ALPINE_NODE_VERSION" >/dev/null
  fi
  if [ ! -x "$platform_package/bin/node" ]; then
    echo "Node $ALPINE_NODE_VERSION could not be installed (no $platform_package/bin/node)" >&2
    exit 1
  fi
  export PATH="$platform_package/bin:$PATH"
  # node-gyp builds native modules against the running Node's headers, shipped in the same package.
  export npm_config_nodedir="$platform_package"
fi
echo "Node for this run: $(node -v) ($(command -v node))"
