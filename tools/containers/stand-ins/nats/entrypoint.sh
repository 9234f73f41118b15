#!/bin/sh
# As the official image's entrypoint: flags alone run nats-server with them.
set -e
case "${1:-}" in -*) set -- nats-server "$@" ;; esac
exec "$@"
