// Playing: the range grid, shots, moves and the live view of one game.
import { api, el, say } from './api.js';

const $ = (id) => document.getElementById(id);
let autoMove = null;

export function buildGrid(state) {
  for (let position = 0; position <= 99; position++) {
    $('grid').append(el('button', {
      type: 'button', 'aria-label': `Fire at ${position}`, onclick: () => fire(state, position),
    }, position));
  }
}

async function fire(state, position) {
  if (!state.gameId) {
    say('Start or join a game first.');
    return;
  }
  try {
    await api('POST', `/api/games/${state.gameId}/shots`, { player: $('player').value, position });
    say(`${$('player').value} fired at ${position}.`);
  } catch (e) {
    say(`Shot refused: ${e.message}`);
  }
}

async function moveTarget(state, position) {
  await api('POST', `/api/games/${state.gameId}/target`, { position });
}

export function wirePlayForms(state, join) {
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
  });
  $('move-target').addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!state.gameId) {
      say('Start or join a game first.');
      return;
    }
    try {
      await moveTarget(state, Number($('target-position').value));
      say(`Target moved to ${$('target-position').value}.`);
    } catch (e) {
      say(`Cannot move the target: ${e.message}`);
    }
  });
  $('auto-move').addEventListener('submit', (event) => {
    event.preventDefault();
    if (autoMove) {
      clearInterval(autoMove);
      autoMove = null;
      $('auto-move-button').textContent = 'Start auto-move';
      say('Auto-move stopped.');
      return;
    }
    if (!state.gameId) {
      say('Start or join a game first.');
      return;
    }
    const seconds = Number($('auto-move-seconds').value);
    autoMove = setInterval(() => moveTarget(state, Math.floor(Math.random() * 100)).catch((e) => say(e.message)),
      seconds * 1000);
    $('auto-move-button').textContent = 'Stop auto-move';
    say(`The target now moves every ${seconds} s.`);
  });
}

/** The shot's trace in the tracing UI, where tracing is on and the console knows that UI's address. */
function traceLink(shot) {
  const template = document.body.dataset.traceUrl;
  if (!template || !shot.traceId) {
    return '';
  }
  return el('a', {
    href: template.replace('{traceId}', shot.traceId), target: '_blank', rel: 'noopener',
    class: 'trace', 'aria-label': `Trace of ${shot.player}'s shot`, onclick: (event) => event.stopPropagation(),
  }, 'trace');
}

/** Draws one snapshot of the live feed. */
export function show(state, view, onSelectShot) {
  const target = view.range?.targetPosition;
  document.querySelectorAll('#grid button').forEach((cell, position) => cell.classList.toggle('target', position === target));
  $('current-game').textContent = view.game.gameId;

  const shots = [...view.game.shots].reverse().map((shot) => {
    const row = el('tr', {
      tabindex: 0,
      class: shot.attemptId === state.selectedAttempt ? 'selected' : '',
      'aria-label': `Shot of ${shot.player} at ${shot.position}: ${shot.outcome}`,
      onclick: () => onSelectShot(shot.attemptId),
      onkeydown: (event) => (event.key === 'Enter' || event.key === ' ') && onSelectShot(shot.attemptId),
    }, el('td', {}, shot.player), el('td', {}, shot.position), el('td', { class: shot.outcome }, shot.outcome),
    el('td', {}, traceLink(shot)));
    return row;
  });
  $('shots').replaceChildren(...shots);

  const players = view.leaderboard?.players ?? [];
  $('leaderboard').replaceChildren(...players.map((p) => el('tr', {},
    el('td', {}, p.player), el('td', {}, p.shots), el('td', {}, p.hits),
    el('td', {}, p.shots ? `${Math.round((100 * p.hits) / p.shots)} %` : '–'))));
  if (view.leaderboard?.unavailable) {
    $('leaderboard').replaceChildren(el('tr', {}, el('td', { colspan: 4 }, view.leaderboard.unavailable)));
  }
}
