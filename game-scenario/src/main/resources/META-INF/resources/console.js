// The console plays through the public HTTP API only, as any other client could.
'use strict';

const $ = (id) => document.getElementById(id);
let gameId = null;

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = response.headers.get('Content-Type')?.includes('json') ? await response.json() : null;
  if (!response.ok) {
    throw new Error(payload?.detail ?? `${response.status} ${response.statusText}`);
  }
  return payload;
}

function say(text) {
  $('status').textContent = text;
}

function buildGrid() {
  for (let position = 0; position <= 99; position++) {
    const cell = document.createElement('button');
    cell.type = 'button';
    cell.textContent = position;
    cell.setAttribute('aria-label', `Fire at ${position}`);
    cell.addEventListener('click', () => fire(position));
    $('grid').append(cell);
  }
}

async function fire(position) {
  if (!gameId) {
    say('Start or join a game first.');
    return;
  }
  try {
    await api('POST', `/api/games/${gameId}/shots`, { player: $('player').value, position });
    say(`${$('player').value} fired at ${position}.`);
    refresh();
  } catch (e) {
    say(`Shot refused: ${e.message}`);
  }
}

function show(game) {
  $('current-game').textContent = game.gameId;
  document.querySelectorAll('#grid button').forEach((cell, position) =>
    cell.classList.toggle('target', position === game.targetPosition));
  const rows = game.shots.map((shot) => {
    const row = document.createElement('tr');
    for (const value of [shot.player, shot.position, shot.outcome]) {
      const cell = document.createElement('td');
      cell.textContent = value;
      row.append(cell);
    }
    row.lastChild.className = shot.outcome;
    return row;
  });
  $('shots').replaceChildren(...rows.reverse());
}

async function refresh() {
  if (gameId) {
    try {
      show(await api('GET', `/api/games/${gameId}`));
    } catch (e) {
      say(`Cannot read game ${gameId}: ${e.message}`);
    }
  }
}

function join(id) {
  gameId = id;
  $('game-id').value = id;
  history.replaceState(null, '', `?game=${encodeURIComponent(id)}`);
  refresh();
}

$('new-game').addEventListener('submit', async (event) => {
  event.preventDefault();
  try {
    const game = await api('POST', '/api/games', { targetPosition: Number($('start-position').value) });
    join(game.gameId);
    say(`Game ${game.gameId} started; the target is at ${game.targetPosition}.`);
  } catch (e) {
    say(`Cannot start a game: ${e.message}`);
  }
});

$('join-game').addEventListener('submit', (event) => {
  event.preventDefault();
  join($('game-id').value);
  say(`Joined game ${gameId}.`);
});

$('move-target').addEventListener('submit', async (event) => {
  event.preventDefault();
  if (!gameId) {
    say('Start or join a game first.');
    return;
  }
  try {
    await api('POST', `/api/games/${gameId}/target`, { position: Number($('target-position').value) });
    say(`Target moved to ${$('target-position').value}.`);
    refresh();
  } catch (e) {
    say(`Cannot move the target: ${e.message}`);
  }
});

buildGrid();
const requested = new URLSearchParams(location.search).get('game');
if (requested) {
  join(requested);
}
setInterval(refresh, 1000);
