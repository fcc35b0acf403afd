#!/usr/bin/env bash
# Runs sqlmap (Debian package `sqlmap`) against search, facility detail and document download of a
# server it starts itself on the demo data, signed in as oslo.brann. Exits non-zero if sqlmap finds
# an injection point. Usage: scripts/sqlmap.sh [--level N] (see docs/security.md).
set -euo pipefail
cd "$(dirname "$0")/.."
level=2
[ "${1:-}" = "--level" ] && level="${2:-2}"
port=${SQLMAP_PORT:-8299}
base="http://localhost:$port"
data_dir=$(mktemp -d /tmp/fast-sqlmap.XXXXXX)
out_dir="test-results/sqlmap"
rm -rf "$out_dir" && mkdir -p "$out_dir"

PORT=$port HOST=127.0.0.1 DATA_DIR="$data_dir" LOG_LEVEL=warn \
  RATE_LIMIT_PER_USER_PER_MINUTE=1000000 RATE_LIMIT_PER_IP_PER_MINUTE=1000000 \
  node_modules/.bin/node apps/server/src/server.ts > "$out_dir/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data_dir"' EXIT
for _ in $(seq 1 300); do curl -sf "$base/readyz" >/dev/null && break; sleep 1; done
curl -sf "$base/readyz" >/dev/null || { echo "server did not start"; cat "$out_dir/server.log"; exit 1; }

token=$(node_modules/.bin/node apps/server/src/cli/dev-token.ts oslo.brann "$base")
org=$(curl -sf -H "Authorization: Bearer $token" "$base/api/v1/reportees" | node_modules/.bin/node -e 'process.stdin.on("data",d=>console.log(JSON.parse(d)[0].organizationNumber))')
curl -sf -X POST -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d '{}' "$base/api/v1/terms/accept" >/dev/null
auth=(-H "Authorization: Bearer $token" -H "FAST-ORG-NUMBER: $org" -H 'Content-Type: application/json')
search='{"query":"","facilityObjects":[],"counties":[],"substanceGroups":[],"majorAccidentRelations":[],"hitsToSkip":0,"hitsToReturn":10}'
# A facility in scope that has documents, so that detail and download are both tested for real.
read -r facility document < <(curl -sf "${auth[@]}" -d "${search/\"hitsToReturn\":10/\"hitsToReturn\":50}" "$base/api/v1/facilities/search" \
  | node_modules/.bin/node -e '
    let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", async () => {
      const [base, token, org] = process.argv.slice(1);
      for (const hit of JSON.parse(s).hits) {
        const r = await fetch(`${base}/api/v1/facilities/${hit.id}/attachments`, { headers: { authorization: `Bearer ${token}`, "fast-org-number": org } });
        const docs = await r.json();
        if (docs.length) { console.log(hit.id, docs[0].path.split("/").pop()); return; }
      }
      process.exit(1);
    });' "$base" "$token" "$org")
echo "Signed in as oslo.brann ($org); facility $facility, document $document"

headers=$'Authorization: Bearer '"$token"$'\nFAST-ORG-NUMBER: '"$org"
run() {
  local name=$1; shift
  echo "--- sqlmap: $name"
  sqlmap --batch --level "$level" --risk 2 --dbms PostgreSQL --flush-session --disable-coloring \
    --output-dir "$out_dir/$name" --headers "$headers" "$@" 2>&1 | tee "$out_dir/$name.log" | grep -E 'injectable|injection point|CRITICAL|WARNING.*(heuristic|parameter)' || true
  if grep -qE 'identified the following injection point|appears to be .*injectable' "$out_dir/$name.log" \
    && ! grep -q 'does not seem to be injectable' "$out_dir/$name.log"; then
    echo "sqlmap found an injection point in $name"; return 1
  fi
}
run search -u "$base/api/v1/facilities/search" --method POST \
  --data '{"query":"propan*","facilityObjects":[],"counties":[{"id":"03*","municipalityCodes":["0301*"]}],"substanceGroups":[],"majorAccidentRelations":["PARAGRAPH_SIX*"],"hitsToSkip":0,"hitsToReturn":10,"orderBy":{"property":"name*","direction":"ASC*"}}'
run detail -u "$base/api/v1/facilities/$facility*"
run document -u "$base/api/v1/documents/$document*"
echo "sqlmap found no injection point."
