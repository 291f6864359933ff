#!/usr/bin/env bash
# Starts a 3-master Redis Cluster on loopback for Quarry's cluster tests, in a temporary directory.
#
#   scripts/cluster/start-cluster.sh [BASE_PORT]      (default 7100: ports 7100, 7101, 7102)
#
# Prints the cluster's Redis URL (redis+cluster://127.0.0.1:BASE_PORT) on the last line of stdout and
# the data directory on stderr. Stop it with scripts/cluster/stop-cluster.sh BASE_PORT.
# Needs redis-server and redis-cli (Redis 5 or newer) on PATH.
set -euo pipefail

base_port="${1:-${CLUSTER_BASE_PORT:-7100}}"
ports=("$base_port" "$((base_port + 1))" "$((base_port + 2))")
dir="$(mktemp -d "${TMPDIR:-/tmp}/quarry-cluster-${base_port}-XXXXXX")"

for tool in redis-server redis-cli; do
  command -v "$tool" >/dev/null 2>&1 || { echo "start-cluster: $tool is not on PATH" >&2; exit 1; }
done
for port in "${ports[@]}"; do
  if redis-cli -p "$port" ping >/dev/null 2>&1; then
    echo "start-cluster: something already answers on port $port" >&2
    exit 1
  fi
done

for port in "${ports[@]}"; do
  mkdir -p "$dir/$port"
  redis-server --port "$port" --bind 127.0.0.1 --dir "$dir/$port" \
    --cluster-enabled yes --cluster-config-file nodes.conf --cluster-node-timeout 5000 \
    --appendonly yes --appendfsync everysec --save '' \
    --daemonize yes --pidfile "$dir/$port/redis.pid" --logfile "$dir/$port/redis.log"
done
for port in "${ports[@]}"; do
  for _ in $(seq 1 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
done

redis-cli --cluster create "${ports[@]/#/127.0.0.1:}" --cluster-replicas 0 --cluster-yes >"$dir/create.log" 2>&1 || {
  cat "$dir/create.log" >&2
  exit 1
}
# Every node must see the whole cluster (all 16384 slots assigned, state ok), not just the first one.
all_ok() {
  for port in "${ports[@]}"; do
    info="$(redis-cli -p "$port" cluster info 2>/dev/null)" || return 1
    grep -q 'cluster_state:ok' <<<"$info" || return 1
    grep -q 'cluster_slots_ok:16384' <<<"$info" || return 1
    grep -q 'cluster_known_nodes:3' <<<"$info" || return 1
  done
}
for _ in $(seq 1 300); do
  if all_ok; then
    echo "$dir" >"${TMPDIR:-/tmp}/quarry-cluster-${base_port}.dir"
    echo "start-cluster: 3 masters on ports ${ports[*]}, data in $dir" >&2
    echo "redis+cluster://127.0.0.1:${base_port}"
    exit 0
  fi
  sleep 0.1
done
echo "start-cluster: the cluster did not reach cluster_state:ok on every node within 30 s" >&2
exit 1
