-- How many shots each game has taken: a game takes at most game.max-shots, so that one script
-- posting without end cannot make every read of the game (its view here, its outcomes at the range)
-- grow without bound.
alter table game add column shots_taken integer not null default 0;
update game set shots_taken = (select count(*) from shot where shot.game_id = game.game_id);
