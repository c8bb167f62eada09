-- Each row names the message whose handling wrote it, so that a copy of that message can have the
-- same answers published again (the side-effects strategy). Null for rows written outside a handling.
alter table outbox add column caused_by uuid;
create index outbox_caused_by on outbox (caused_by) where caused_by is not null;
