-- The retention sweep is the one reader of received_at, and rows arrive in received_at order. A block
-- range index finds the old rows for it from a few bytes a range of pages, summarised by autovacuum,
-- where the B-tree took an entry, and its WAL, for every message received (docs/performance.md).
drop index inbox_received_at;
create index inbox_received_at on inbox using brin (received_at) with (autosummarize = on);
