-- Per-game reads of the counted attempts (the benchmark polls them) must not scan every game's.
create index counted_attempt_game on counted_attempt (game_id);
