#!/bin/sh
# First-start hook of the compose Postgres (mounted into /docker-entrypoint-initdb.d/,
# runs once on an empty data volume, after the image's own PostGIS script).
# Applies deploy/docker/postgres-init.sql to $POSTGRES_DB with passwords from the environment.
set -e

psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "${POSTGRES_DB:-hdiya}" \
  -v users_password="${HDIYA_USERS_DB_PASSWORD:-hdiya_users}" \
  -v points_password="${HDIYA_POINTS_DB_PASSWORD:-hdiya_points}" \
  -v donations_password="${HDIYA_DONATIONS_DB_PASSWORD:-hdiya_donations}" \
  -v messaging_password="${HDIYA_MESSAGING_DB_PASSWORD:-hdiya_messaging}" \
  -f /etc/hdiya/postgres-init.sql
