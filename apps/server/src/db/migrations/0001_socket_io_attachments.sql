-- Carries socket.io events between server processes on PostgreSQL (@socket.io/postgres-adapter).
CREATE TABLE IF NOT EXISTS "socket_io_attachments" (
  "id" bigserial PRIMARY KEY,
  "created_at" timestamptz DEFAULT now(),
  "payload" bytea
);
