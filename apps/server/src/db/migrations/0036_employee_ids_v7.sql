-- A version-7 UUID (RFC 9562): the first 48 bits are the Unix time in milliseconds, the remaining 74 as
-- random as gen_random_uuid's (whose version nibble becomes 7; its variant bits are already right).
-- New employees get these ids, so the rows an import adds land at the right end of every index on
-- the employee's id (issue 16: with random ids each chunk of a 100 000-row import cost more than the
-- one before, as those indexes' inserts spread over more and more pages).
CREATE FUNCTION uuid_v7() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
              PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
              FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;
--> statement-breakpoint
ALTER TABLE "employees" ALTER COLUMN "id" SET DEFAULT uuid_v7();
