-- A row the broker returned as unroutable waits before it is published again, longer after each
-- return: left first in every batch, 200 of them kept the relay from ever reaching a newer row, and
-- fewer were published again at every wake-up.
alter table outbox add column returns integer not null default 0, add column publish_after timestamptz;
