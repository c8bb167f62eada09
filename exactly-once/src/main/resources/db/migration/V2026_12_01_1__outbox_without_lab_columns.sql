-- The outbox knows the transport only: a message held back or delayed is the lab's business, kept
-- in the lab's own table (lab_taken_message).
alter table outbox drop column available_at, drop column held;
