-- Nothing reads counted attempts by the time they were counted (a game's are read by game_id, a copy's
-- by its attemptId): the index cost an entry a counted shot, and its WAL, for no reader.
drop index counted_attempt_counted_at;
