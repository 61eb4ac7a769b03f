#!/usr/bin/env bash
# Renders candlewick.conf.template to stdout: fills exactly the ${CW_...} placeholders (nginx's own $variables stay)
# and refuses to render while one is unset, naming it. envsubst is Debian's gettext-base (installed everywhere).
#
#   CW_UPSTREAMS="10.0.0.11:8081 10.0.0.11:8082 10.0.0.12:8081" \
#   CW_SERVER_NAME=candlewick.example.com CW_PUBLIC_ORIGIN=https://candlewick.example.com \
#   CW_TLS_CERT=/etc/letsencrypt/live/candlewick.example.com/fullchain.pem \
#   CW_TLS_KEY=/etc/letsencrypt/live/candlewick.example.com/privkey.pem \
#   CW_STATIC_ROOT=/srv/candlewick/dist \
#   bash deploy/nginx/render.sh > /etc/nginx/sites-available/candlewick.conf
#
# Defaults (for Debian's nginx as root): CW_HTTP_LISTEN=80, CW_HTTPS_LISTEN=443, CW_CACHE_DIR=/var/cache/nginx/candlewick,
# CW_ACCESS_LOG=/var/log/nginx/candlewick.access.log, CW_ACME_ROOT=/var/www/html.
# CW_UPSTREAM_OPTIONS (default "max_fails=2 fail_timeout=5s") follows every upstream address.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

: "${CW_HTTP_LISTEN:=80}" "${CW_HTTPS_LISTEN:=443}" "${CW_CACHE_DIR:=/var/cache/nginx/candlewick}"
: "${CW_ACCESS_LOG:=/var/log/nginx/candlewick.access.log}" "${CW_ACME_ROOT:=/var/www/html}"
: "${CW_UPSTREAM_OPTIONS:=max_fails=2 fail_timeout=5s}"

missing=()
for v in CW_UPSTREAMS CW_SERVER_NAME CW_PUBLIC_ORIGIN CW_TLS_CERT CW_TLS_KEY CW_STATIC_ROOT; do
  [[ -n ${!v:-} ]] || missing+=("$v")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "render.sh: set ${missing[*]} (see the comment at the top of $0)" >&2
  exit 2
fi
if [[ $CW_PUBLIC_ORIGIN != https://* || $CW_PUBLIC_ORIGIN == */ ]]; then
  echo "render.sh: CW_PUBLIC_ORIGIN is the site's https:// origin without a trailing slash, e.g. https://candlewick.example.com" >&2
  exit 2
fi

CW_UPSTREAM_SERVERS=''
for address in $CW_UPSTREAMS; do
  CW_UPSTREAM_SERVERS+="    server ${address} ${CW_UPSTREAM_OPTIONS};"$'\n'
done
CW_UPSTREAM_SERVERS=${CW_UPSTREAM_SERVERS%$'\n'}

filled=(CW_HTTP_LISTEN CW_HTTPS_LISTEN CW_CACHE_DIR CW_ACCESS_LOG CW_ACME_ROOT CW_UPSTREAM_SERVERS
  CW_SERVER_NAME CW_PUBLIC_ORIGIN CW_TLS_CERT CW_TLS_KEY CW_STATIC_ROOT)
export "${filled[@]}"
placeholders=$(printf '${%s} ' "${filled[@]}")
out=$(envsubst "$placeholders" <"$here/candlewick.conf.template")
# A placeholder the template gained but this script does not fill would stay as text: refuse that too.
if grep -q '\${CW_[A-Z_]*}' <<<"$out"; then
  echo "render.sh: the template has placeholders this script does not fill: $(grep -o '\${CW_[A-Z_]*}' <<<"$out" | sort -u | tr '\n' ' ')" >&2
  exit 2
fi
printf '%s\n' "$out"
