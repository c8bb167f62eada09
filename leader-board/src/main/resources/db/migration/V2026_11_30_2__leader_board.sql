create table player_score (
    game_id text    not null,
    player  text    not null,
    shots   integer not null,
    hits    integer not null,
    primary key (game_id, player)
);

-- Business-level deduplication: one row per attempt ever counted.
create table counted_attempt (
    attempt_id uuid        primary key,
    game_id    text        not null,
    hit        boolean     not null,
    counted_at timestamptz not null
);
create index counted_attempt_counted_at on counted_attempt (counted_at);
