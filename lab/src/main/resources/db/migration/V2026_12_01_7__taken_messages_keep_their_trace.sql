-- A held or delayed message keeps the trace it belongs to (W3C traceparent), so that its late
-- publication still appears in it. Null where tracing is off.
alter table lab_taken_message add column trace_parent text;
