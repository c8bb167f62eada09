-- The span context of the handling that wrote the row (a W3C traceparent), so that the relay's
-- publication continues the trace the message belongs to. Null where tracing is off.
alter table outbox add column trace_parent text;
