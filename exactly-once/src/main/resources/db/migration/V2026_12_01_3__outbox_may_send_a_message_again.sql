-- A handler that handles a message again, with ids derived from it, sends the same messageId again:
-- a second row, published again. The messageId still finds its rows.
alter table outbox drop constraint outbox_message_id_key;
create index outbox_message_id on outbox (message_id);
