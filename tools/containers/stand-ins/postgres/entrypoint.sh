#!/bin/bash
# The official postgres image's first start, as far as the compose file relies on it: a cluster
# owned by POSTGRES_USER with POSTGRES_PASSWORD (scram over the network), the database POSTGRES_DB
# (even when it equals the user), listening on every address.
set -euo pipefail
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
mkdir -p "$PGDATA" /var/run/postgresql
chown postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp) && printf '%s' "${POSTGRES_PASSWORD:?the stand-in, like the official image, needs POSTGRES_PASSWORD}" > "$pwfile" && chown postgres "$pwfile"
  as_postgres initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.auto.conf"
  as_postgres pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  if [ "$db" != postgres ]; then as_postgres psql -q -v ON_ERROR_STOP=1 -U "$user" -d postgres -c "CREATE DATABASE \"$db\""; fi
  as_postgres pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "postgres stand-in: cluster created for $user, database $db"
fi
if [ "${1:-}" = postgres ]; then exec setpriv --reuid=postgres --regid=postgres --init-groups "$@"; fi
exec "$@"
