#!/usr/bin/env bash
# `pnpm test:cluster`: starts a 3-master Redis Cluster on loopback (start-cluster.sh), runs Quarry's
# end-to-end cluster tests against it (enqueue → worker → completed, idempotency, a DLQ path, lessons,
# a poisoned job), and stops it again. The same tests run in `pnpm test` on a cluster they start themselves.
set -euo pipefail
cd "$(dirname "$0")/../.."

base_port="${CLUSTER_BASE_PORT:-7100}"
url="$(bash scripts/cluster/start-cluster.sh "$base_port")"
trap 'bash scripts/cluster/stop-cluster.sh "$base_port"' EXIT
QUARRY_CLUSTER_URL="$url" pnpm --filter @quarry/app-bench exec vitest run src/cluster
