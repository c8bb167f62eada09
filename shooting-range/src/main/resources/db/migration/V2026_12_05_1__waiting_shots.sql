-- A shot that reached the range before its game's first MoveTarget, kept until that move arrives and
-- then judged like a shot that came after it. A row per delivery, not per messageId: the inbox in front
-- drops copies where it is on, and where the lab has switched it off a copy waits and counts as one more.
create table waiting_shot (
    id        bigint generated always as identity primary key,
    game_id   text        not null,
    message   bytea       not null,
    waited_from timestamptz not null default now()
);
create index waiting_shot_game on waiting_shot (game_id, id);
