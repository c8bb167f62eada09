-- Only the expiry of old entries reads the history by recorded_at, and entries are written in that
-- order. A block range index finds them from a few bytes a range of pages, summarised by autovacuum,
-- where the B-tree took an entry, and its WAL, for each of a shot's four rows (docs/performance.md).
drop index message_history_recorded_at;
create index message_history_recorded_at on message_history using brin (recorded_at) with (autosummarize = on);
