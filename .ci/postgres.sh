#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the PostgresReplayStore tests and benchmark: its data in a
# temporary folder, listening on a free loopback port only, trust authentication (nothing but
# this machine can reach it), no system service. Needs Debian's `postgresql` package (the
# binaries under /usr/lib/postgresql/*/bin); as root it runs them as the `postgres` user, since
# initdb refuses root.
#
#   eval "$(bash .ci/postgres.sh start)"      # exports SIGNED_API_TEST_POSTGRES_URL and _DIR
#   swift test --filter PostgresReplayStore
#   bash .ci/postgres.sh destroy "$SIGNED_API_TEST_POSTGRES_DIR"
#
#   start [--durable]   a new cluster and database `signed_api_test`; prints the two export
#                       lines. Without --durable, fsync and synchronous commit are off (tests
#                       need no crash safety); the benchmark uses --durable, as production would.
#   stop DIR            stops the cluster (fast shutdown: open connections are cut), keeps it
#   resume DIR          starts a stopped cluster again, on the same port
#   kill DIR            kills the server and its processes with SIGKILL (a crash: `resume`
#                       then starts it with crash recovery), keeps it
#   destroy DIR         stops it if it runs and deletes DIR
set -euo pipefail

die() { echo "postgres.sh: $*" >&2; exit 1; }

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
[ -n "$bin" ] && [ -x "$bin/initdb" ] && [ -x "$bin/pg_ctl" ] \
    || die "no PostgreSQL server binaries under /usr/lib/postgresql/*/bin (apt-get install postgresql)"

# Runs a command as the cluster's owner: `postgres` when we are root, else ourselves.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        id postgres >/dev/null 2>&1 || die "running as root needs the postgres user (apt-get install postgresql creates it)"
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

# Whether something already listens on 127.0.0.1:$1.
port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# The cluster's folder: a folder this script made (it holds `data` and `port`).
cluster_dir() {
    [ -n "${1:-}" ] || die "$2 needs the cluster's folder (SIGNED_API_TEST_POSTGRES_DIR)"
    [ -f "$1/port" ] && [ -d "$1/data" ] || die "$1 is not a cluster made by .ci/postgres.sh start"
    printf '%s' "$1"
}

start_server() {
    local dir=$1
    (
        # The server outlives this script, so it must not inherit the caller's descriptors: a
        # caller may learn that this script ended from one of them closing (Foundation's
        # Process does, through a socket), and would wait for as long as the server runs.
        if [ -d "/proc/$BASHPID/fd" ]; then
            for fd in "/proc/$BASHPID/fd/"*; do
                fd=${fd##*/}
                if [ "$fd" -gt 2 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
            done
        fi
        as_owner "$bin/pg_ctl" start --silent --wait --timeout 60 -D "$dir/data" -l "$dir/server.log" >/dev/null
    )
}

case "${1:-}" in
start)
    durable=0
    [ "${2:-}" = "--durable" ] && durable=1
    dir=$(mktemp -d "${TMPDIR:-/tmp}/signed-api-postgres.XXXXXX")
    [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
    as_owner "$bin/initdb" --pgdata "$dir/data" --username postgres --auth trust --encoding UTF8 \
        --locale C --no-sync >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; rm -rf "$dir"; die "initdb failed"; }
    {
        echo "listen_addresses = '127.0.0.1'"
        echo "unix_socket_directories = ''"
        echo "max_connections = 200"
        if [ "$durable" = 0 ]; then
            echo "fsync = off"
            echo "synchronous_commit = off"
            echo "full_page_writes = off"
        fi
    } | as_owner tee -a "$dir/data/postgresql.conf" >/dev/null
    # A free port: skip the ones in use, and try another if the server still could not bind.
    started=0
    for _ in $(seq 1 20); do
        port=$((20000 + RANDOM % 40000))
        port_taken "$port" && continue
        echo "port = $port" | as_owner tee -a "$dir/data/postgresql.conf" >/dev/null
        if start_server "$dir"; then started=1; break; fi
    done
    [ "$started" = 1 ] || { tail -20 "$dir/server.log" >&2 || true; rm -rf "$dir"; die "the server did not start"; }
    echo "$port" >"$dir/port"
    as_owner "$bin/psql" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -c 'CREATE DATABASE signed_api_test' >/dev/null \
        || { as_owner "$bin/pg_ctl" stop -D "$dir/data" -m immediate >/dev/null 2>&1; rm -rf "$dir"; die "could not create the database"; }
    echo "export SIGNED_API_TEST_POSTGRES_URL='postgres://postgres@127.0.0.1:$port/signed_api_test'"
    echo "export SIGNED_API_TEST_POSTGRES_DIR='$dir'"
    ;;
stop)
    dir=$(cluster_dir "${2:-}" stop)
    as_owner "$bin/pg_ctl" stop --silent --wait --timeout 60 -m fast -D "$dir/data" >/dev/null
    ;;
resume)
    dir=$(cluster_dir "${2:-}" resume)
    start_server "$dir" || { tail -20 "$dir/server.log" >&2 || true; die "the server did not start again"; }
    ;;
kill)
    dir=$(cluster_dir "${2:-}" kill)
    pid=$(head -1 "$dir/data/postmaster.pid" 2>/dev/null) || die "the cluster in $dir is not running"
    # The postmaster's children, from /proc (no procps needed), then the postmaster itself.
    victims=""
    for stat in /proc/[0-9]*/stat; do
        line=$(cat "$stat" 2>/dev/null) || continue
        fields=(${line##*) })   # after the command name, which may hold spaces: state, ppid, …
        [ "${fields[1]:-}" = "$pid" ] && victims="$victims ${line%% *}"
    done
    kill -KILL $victims "$pid" 2>/dev/null || true
    for _ in $(seq 100); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    ;;
destroy)
    dir=$(cluster_dir "${2:-}" destroy)
    if as_owner "$bin/pg_ctl" status -D "$dir/data" >/dev/null 2>&1; then
        as_owner "$bin/pg_ctl" stop --silent --wait --timeout 60 -m immediate -D "$dir/data" >/dev/null || true
    fi
    rm -rf "$dir"
    ;;
*)
    die "usage: postgres.sh start [--durable] | stop DIR | resume DIR | kill DIR | destroy DIR"
    ;;
esac
