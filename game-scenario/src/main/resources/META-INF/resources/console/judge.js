// The judge: the room's own consumers registered, and a round of copies played at all of them at once.
import { api, el, say } from './api.js';
import { labLocked } from './lab.js';

// Each verdict with the reading it rests on (its evidence) on hover.
const rule = (name, result) => (result.held
  ? el('span', { class: 'held', title: result.evidence }, `✔ ${name}`)
  : el('span', { class: 'broken', title: result.evidence }, `✘ ${name}: ${result.brokenBy}`));

function scorecard(card) {
  return el('tr', {},
    el('th', { scope: 'row' }, card.name, el('div', { class: 'muted' }, card.board)),
    el('td', {}, `${card.shotsSeen} of ${card.shotsDecided}`),
    el('td', {}, `${card.hitsCounted} of ${card.hitsDecided}`),
    el('td', {}, `${card.copiesAbsorbed} of ${card.copiesPlayed}`),
    el('td', {}, card.refused ? el('div', { role: 'alert' }, `Not judged: ${card.refused}`)
      : [rule('counted once', card.countedOnce), el('br'), rule('nothing lost', card.nothingLost)],
      card.problem ? el('div', { role: 'alert' }, card.problem) : ''));
}

function connectionHelp(connection) {
  const env = connection.nodeExample;
  return el('div', {},
    el('p', {}, 'Log in as ', el('code', {}, connection.amqpUrl), `: queues named ${connection.queuePrefix}… bound to`
      + ` the ${connection.exchange} exchange (${connection.routingKeys.join(', ')}), nothing else.`),
    el('p', {}, 'The Node example, from examples/node-leader-board: ',
      el('code', {}, `npm ci && AMQP_URL=${env.AMQP_URL} QUEUE=${env.QUEUE} DEAD_LETTERS=${env.DEAD_LETTERS} PORT=3000 npm start`)));
}

export async function wireJudge() {
  const container = document.getElementById('judge');
  // Asked only when opened: it makes the participant user through the broker's management API.
  const answer = el('div', {}, el('span', { class: 'muted' }, 'Asking the broker for the participant user…'));
  const help = el('details', {}, el('summary', {}, 'How a consumer of yours connects'), answer);
  help.addEventListener('toggle', () => {
    if (help.open) {
      api('GET', '/api/judge/connection').then((connection) => answer.replaceChildren(connectionHelp(connection)))
        .catch((e) => answer.replaceChildren(el('p', {}, `The participant user is unavailable: ${e.message}`)));
    }
  });
  const name = el('input', { name: 'name', 'aria-label': 'Consumer name', placeholder: 'your name', required: true });
  const board = el('input', { name: 'board', 'aria-label': 'Board address', placeholder: 'http://<your address>:3000/api/leaderboard', size: 40, required: true });
  const register = el('form', {}, name, ' ', board, ' ', el('button', { type: 'submit' }, 'Register'));
  const start = el('button', { type: 'button', 'data-changes-lab': true }, 'Start a round for every consumer');
  const refresh = el('button', { type: 'button' }, 'Refresh');
  const progress = el('span', { class: 'muted', role: 'status' });
  const table = el('div');
  container.replaceChildren(help, register, el('p', {}, start, ' ', refresh, ' ', progress), table);

  const draw = (round, registered) => {
    start.disabled = round.state === 'RUNNING' || labLocked();
    progress.textContent = round.state === 'RUNNING' ? ` running: ${round.faultsPlayed} of ${round.faults.length} faults played`
      : round.state === 'DONE' ? ` done at ${new Date(round.finishedAt).toLocaleTimeString()}${round.error ? `: ${round.error}` : ''}`
        : ` ${registered.length} registered, no round yet`;
    const judged = new Set(round.consumers.map((card) => card.name));
    table.replaceChildren(el('table', {},
      el('thead', {}, el('tr', {}, ['Consumer', 'Shots seen', 'Hits counted', 'Copies absorbed', 'Rules']
        .map((heading) => el('th', { scope: 'col' }, heading)))),
      el('tbody', {}, round.consumers.map(scorecard),
        registered.filter((consumer) => !judged.has(consumer.name)).map((consumer) => el('tr', {},
          el('th', { scope: 'row' }, consumer.name, el('div', { class: 'muted' }, consumer.board)),
          el('td', { colspan: 4, class: 'muted' }, 'registered; judged in the next round'))))));
  };
  // Polled only while a round runs: an idle console asks nothing.
  const follow = async () => {
    const [round, registered] = await Promise.all([api('GET', '/api/judge/round'), api('GET', '/api/judge/consumers')]);
    draw(round, registered);
    if (round.state === 'RUNNING') {
      setTimeout(() => follow().catch((e) => say(`Judge unavailable: ${e.message}`)), 1000);
    }
  };
  register.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const added = await api('POST', '/api/judge/consumers', { name: name.value, board: board.value });
      say(`${added.name} registered: its board is read at ${added.board}/<gameId>.`);
      await follow();
    } catch (e) {
      say(`Not registered: ${e.message}`);
    }
  });
  start.addEventListener('click', async () => {
    try {
      await api('POST', '/api/lab/judge/round');
      say('Round started: copies of the range\'s answers at every registered consumer.');
      await follow();
    } catch (e) {
      say(`Round refused: ${e.message}`);
    }
  });
  refresh.addEventListener('click', () => follow().catch((e) => say(`Judge unavailable: ${e.message}`)));
  try {
    await follow();
  } catch (e) {
    table.replaceChildren(el('p', {}, `Judge unavailable: ${e.message}`));
  }
}
