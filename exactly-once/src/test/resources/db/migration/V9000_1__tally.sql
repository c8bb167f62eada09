-- The tally of the core's own tests: what its one rule changes, beside the inbox and the outbox.
create table tally (
    key text primary key,
    count int not null
);
