#!/usr/bin/env bash
# Stops the cluster started by start-cluster.sh on BASE_PORT (default 7100) and removes its data.
set -euo pipefail

base_port="${1:-${CLUSTER_BASE_PORT:-7100}}"
marker="${TMPDIR:-/tmp}/quarry-cluster-${base_port}.dir"
for port in "$base_port" "$((base_port + 1))" "$((base_port + 2))"; do
  redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true
done
if [[ -f "$marker" ]]; then
  dir="$(cat "$marker")"
  case "$dir" in
    */quarry-cluster-*) rm -rf "$dir" ;;
  esac
  rm -f "$marker"
fi
