create table game (
    game_id         text        primary key,
    target_position integer     not null,
    created_at      timestamptz not null
);

create table shot (
    attempt_id  uuid        primary key,
    game_id     text        not null references game (game_id),
    player      text        not null,
    position    integer     not null,
    fired_at    timestamptz not null,
    hit_seen    boolean     not null default false,
    missed_seen boolean     not null default false
);
create index shot_game on shot (game_id, fired_at);
