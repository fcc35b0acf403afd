#!/usr/bin/env bash
# A real client of the OGC API – Features feed (issue 38): GDAL/OGR's OAPIF driver from Debian's
# gdal-bin reads /ogc of a server this script starts on the demo data, with the bearer header.
# For oslo.brann: `ogrinfo -so` reports the API's numberMatched as the feature count, and ogr2ogr
# copies the collection into a GeoPackage (and reprojected to EPSG:25833) with as many rows.
# For uten.tilgang (no municipality): the count is 0 and the copies are empty. Exits non-zero on
# any difference. Usage: scripts/ogc-gdal-check.sh (OGC_PORT, default 8297).
set -euo pipefail
cd "$(dirname "$0")/.."
port=${OGC_PORT:-8297}
base="http://127.0.0.1:$port"
data_dir=$(mktemp -d /tmp/fast-ogc.XXXXXX)
out_dir="test-results/ogc-gdal"
rm -rf "$out_dir" && mkdir -p "$out_dir"
node=node_modules/.bin/node

# PUBLIC_URL is where GDAL reads, so that the feed's links (next pages) and sign-in agree with it.
PORT=$port HOST=127.0.0.1 PUBLIC_URL="$base" DATA_DIR="$data_dir" LOG_LEVEL=warn \
  RATE_LIMIT_PER_USER_PER_MINUTE=1000000 RATE_LIMIT_PER_IP_PER_MINUTE=1000000 \
  "$node" apps/server/src/server.ts > "$out_dir/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data_dir"' EXIT
for _ in $(seq 1 300); do curl -sf "$base/readyz" >/dev/null && break; sleep 1; done
curl -sf "$base/readyz" >/dev/null || { echo "server did not start"; cat "$out_dir/server.log"; exit 1; }

json() { "$node" -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(eval(`(j) => ${process.argv[1]}`)(JSON.parse(s))))' "$1"; }
# ogrinfo's "Feature Count: N" of a layer.
feature_count() { ogrinfo -ro -so "$@" | sed -n 's/^Feature Count: \(-\?[0-9]\+\)$/\1/p'; }

check_user() {
  local user=$1 expect_some=$2
  local token org
  token=$("$node" apps/server/src/cli/dev-token.ts "$user" "$base")
  org=$(curl -sf -H "Authorization: Bearer $token" "$base/api/v1/reportees" | json 'j[0].organizationNumber')
  curl -sf -X POST -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d '{}' "$base/api/v1/terms/accept" >/dev/null
  local matched
  matched=$(curl -sf -H "Authorization: Bearer $token" -H "FAST-ORG-NUMBER: $org" "$base/ogc/collections/facilities/items?limit=1" | json 'j.numberMatched')
  # Every feature of the API, id and name, paging through its next links as any client does.
  local url="$base/ogc/collections/facilities/items?limit=10000" page
  : > "$out_dir/$user-api.rows"
  while [ -n "$url" ]; do
    page=$(curl -sf -H "Authorization: Bearer $token" -H "FAST-ORG-NUMBER: $org" -H 'Accept: application/geo+json' "$url")
    echo "$page" | json 'j.features.map((f) => `${f.id},${f.properties.name ?? ""}`).join("\n")' | sed '/^$/d' >> "$out_dir/$user-api.rows"
    url=$(echo "$page" | json '(j.links.find((l) => l.rel === "next") ?? { href: "" }).href')
  done
  sort -t, -k1,1n -o "$out_dir/$user-api.rows" "$out_dir/$user-api.rows"
  export GDAL_HTTP_HEADERS=$'Authorization: Bearer '"$token"$'\r\nFAST-ORG-NUMBER: '"$org"
  local count
  count=$(feature_count "OAPIF:$base/ogc" facilities)
  echo "$user ($org): API numberMatched $matched, ogrinfo feature count $count"
  [ "$count" = "$matched" ] || { echo "ogrinfo counts $count features, the API $matched"; exit 1; }
  if [ "$expect_some" = yes ] && [ "$matched" -eq 0 ]; then echo "$user should see facilities"; exit 1; fi
  if [ "$expect_some" = no ] && [ "$matched" -ne 0 ]; then echo "$user should see no facility"; exit 1; fi

  for variant in wgs84 utm33; do
    local gpkg="$out_dir/$user-$variant.gpkg" options=()
    [ "$variant" = utm33 ] && options=(-t_srs EPSG:25833)
    ogr2ogr -f GPKG -preserve_fid "${options[@]}" "$gpkg" "OAPIF:$base/ogc" facilities -nln facilities
    local rows=0
    [ -f "$gpkg" ] && rows=$(feature_count "$gpkg" facilities || echo 0)
    echo "$user: ogr2ogr copied ${rows:-0} rows into $(basename "$gpkg")"
    [ "${rows:-0}" = "$matched" ] || { echo "ogr2ogr ($variant) copied ${rows:-0} rows, the API has $matched"; exit 1; }
    # Row for row: the copy's ids (its FIDs, kept from the feed) and names are the API's, every page.
    if [ "$matched" -gt 0 ]; then
      ogr2ogr -f CSV /vsistdout/ "$gpkg" -sql 'SELECT CAST(fid AS INTEGER) AS id, name FROM facilities ORDER BY fid' | tail -n +2 | tr -d '"' > "$out_dir/$user-$variant.rows"
      cmp -s "$out_dir/$user-$variant.rows" "$out_dir/$user-api.rows" || { echo "the $variant copy's rows differ from the API's"; diff "$out_dir/$user-$variant.rows" "$out_dir/$user-api.rows" | head; exit 1; }
    fi
    if [ "$variant" = utm33 ] && [ "$matched" -gt 0 ]; then
      ogrinfo -ro -so "$gpkg" facilities | grep -q 'ETRS89 / UTM zone 33N' || { echo "the copy is not in EPSG:25833"; exit 1; }
    fi
  done
  unset GDAL_HTTP_HEADERS
}

check_user oslo.brann yes
check_user uten.tilgang no
echo "GDAL reads the OGC feed: counts and copies equal the API's."
