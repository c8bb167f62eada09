#!/bin/sh
# Run as root: make the data volume RabbitMQ's, then become its user with the environment kept
# (su would reset it), replacing this shell so that docker stop's signal reaches the node.
set -e
if [ "$(id -u)" = 0 ]; then
  chown -R rabbitmq:rabbitmq /var/lib/rabbitmq
  exec setpriv --reuid=rabbitmq --regid=rabbitmq --init-groups "$@"
fi
exec "$@"
