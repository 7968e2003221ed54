-- Hdiya database bootstrap: one login role and one schema per service, PostGIS, JIT off.
--
-- Run as a superuser while connected to the target database (hdiya, hdiya_test, ...).
-- Idempotent: running it again changes nothing. Used by
--   * deploy/local/infra.sh        (psql -f, passwords = role names)
--   * deploy/docker/postgres-init.sh (first start of the compose Postgres, passwords from env)
--
-- Optional psql variables: users_password, points_password, donations_password,
-- messaging_password (default: the role name, for local use only).
-- A password is set only when the role is created; an existing role keeps its own.

\set ON_ERROR_STOP on
\if :{?users_password}
\else
  \set users_password hdiya_users
\endif
\if :{?points_password}
\else
  \set points_password hdiya_points
\endif
\if :{?donations_password}
\else
  \set donations_password hdiya_donations
\endif
\if :{?messaging_password}
\else
  \set messaging_password hdiya_messaging
\endif

-- Roles are cluster-wide. Role names differ from schema names on purpose: with
-- the default search_path ("$user", public) a role named like a schema would
-- silently resolve unqualified names there.
SELECT format('CREATE ROLE %I LOGIN PASSWORD %L', r.name, r.pw)
  FROM (VALUES ('hdiya_users', :'users_password'),
               ('hdiya_points', :'points_password'),
               ('hdiya_donations', :'donations_password'),
               ('hdiya_messaging', :'messaging_password')) AS r(name, pw)
 WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r.name)
\gexec

-- Each service owns exactly one schema; no grants across services. PostgreSQL 15
-- already denies CREATE on schema public to PUBLIC, and only the database owner
-- (the superuser here) may create new schemas.
CREATE SCHEMA IF NOT EXISTS users AUTHORIZATION hdiya_users;
CREATE SCHEMA IF NOT EXISTS points AUTHORIZATION hdiya_points;
CREATE SCHEMA IF NOT EXISTS donations AUTHORIZATION hdiya_donations;
CREATE SCHEMA IF NOT EXISTS messaging AUTHORIZATION hdiya_messaging;
-- A schema that existed before (restored dump, older script) is handed to its role.
ALTER SCHEMA users OWNER TO hdiya_users;
ALTER SCHEMA points OWNER TO hdiya_points;
ALTER SCHEMA donations OWNER TO hdiya_donations;
ALTER SCHEMA messaging OWNER TO hdiya_messaging;

-- Unqualified names (and TypeORM's migrations table when no schema is named)
-- land in the service's own schema; public stays readable for PostGIS types.
SELECT format('ALTER ROLE %I IN DATABASE %I SET search_path = %I, public', r.name, current_database(), r.schema)
  FROM (VALUES ('hdiya_users', 'users'),
               ('hdiya_points', 'points'),
               ('hdiya_donations', 'donations'),
               ('hdiya_messaging', 'messaging')) AS r(name, schema)
\gexec

-- PostGIS lives in public and belongs to the superuser; services only use it.
CREATE EXTENSION IF NOT EXISTS postgis SCHEMA public;
-- Trigram similarity: the donations search's typo tolerance (decision 0043).
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

-- PostGIS's high cost estimates switch the JIT on and make nearby searches ~15x slower.
SELECT format('ALTER DATABASE %I SET jit = off', current_database())
\gexec
-- The hot paths' data lives in memory (or on SSD): a random page costs about a sequential one.
-- With the default 4, once the search spots have statistics the planner fetches and sorts every
-- spot of a 10 km radius (1.3 ms) instead of walking the index nearest first (0.2 ms).
SELECT format('ALTER DATABASE %I SET random_page_cost = 1.1', current_database())
\gexec
-- The hot statements of donations (the search and its count) and messaging (a message's send,
-- the outbox relay's batch) run prepared, written so that one plan fits every run; left to
-- choose, Postgres planned them again at each run (a third of the search with words, about half
-- a millisecond of a send).
SELECT format('ALTER ROLE %I IN DATABASE %I SET plan_cache_mode = force_generic_plan', r.name, current_database())
  FROM (VALUES ('hdiya_donations'), ('hdiya_messaging')) AS r(name)
\gexec
