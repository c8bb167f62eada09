-- The trace a shot was taken in, for the console's link to it. Null where tracing is off.
alter table shot add column trace_id text;
