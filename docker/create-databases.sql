-- Each service owns its database (run once, when the PostgreSQL volume is new).
create database game_scenario;
create database shooting_range;
create database leader_board;
