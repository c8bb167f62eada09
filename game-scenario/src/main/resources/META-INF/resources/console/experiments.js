// The experiments panel: each story with its protections off and on, side by side.
import { api, el, say } from './api.js';
import { INCOMPLETE } from './consistency.js';
import { labLocked } from './lab.js';

// Where the verdict was judged on a history with a hole in it, it says so.
const incomplete = (historyComplete) => (historyComplete === false ? el('div', { role: 'alert' }, INCOMPLETE) : '');

function report(result) {
  if (!result) {
    return el('span', { class: 'muted' }, 'not run');
  }
  const broken = result.violations.length > 0;
  return el('div', { class: `report ${broken ? 'broken' : 'held'}` },
    el('div', {}, el('strong', {}, broken ? '✘ ' : '✔ '), result.observed),
    el('div', { class: 'muted' }, `game ${result.gameId}`),
    result.violations.slice(0, 3).map((v) => el('div', {}, v)),
    result.violations.length > 3 ? el('div', {}, `… and ${result.violations.length - 3} more`) : '',
    incomplete(result.consistency?.historyComplete));
}

function matrixCell(cell) {
  if (!cell) {
    return el('span', { class: 'muted' }, '…');
  }
  if (cell.error) {
    return el('div', { class: 'report broken', title: cell.error }, 'could not run');
  }
  return el('div', { class: `report ${cell.held ? 'held' : 'broken'}`, title: [cell.observed, ...cell.violations].join('\n') },
    el('strong', {}, cell.held ? '✔ held' : '✘ broke'), ' ',
    el('a', { href: `?game=${encodeURIComponent(cell.gameId)}`, target: '_blank' }, 'timeline'),
    el('div', { class: 'muted' }, cell.observed),
    cell.alsoBroken.length ? el('div', {}, `also broke: ${cell.alsoBroken.join(', ')}`) : '',
    incomplete(cell.historyComplete));
}

// Every story under every strategy: one table, filled in as the runs finish (it takes minutes).
async function wireMatrix() {
  const container = document.getElementById('matrix');
  const start = el('button', { type: 'button', 'data-changes-lab': true, onclick: () => begin() }, 'Run every story under every strategy');
  const draw = (view) => {
    const cell = (experiment, strategy) => view.cells.find((c) => c.experiment === experiment && c.strategy === strategy);
    const progress = view.state === 'RUNNING' ? `running: ${view.cells.length} of ${view.experiments.length * view.strategies.length}`
      : view.state === 'DONE' ? `done at ${new Date(view.finishedAt).toLocaleTimeString()}` : 'not run yet';
    start.disabled = view.state === 'RUNNING' || labLocked();
    container.replaceChildren(start, el('span', { class: 'muted', role: 'status' }, ` ${progress}`),
      view.experiments.length === 0 ? '' : el('table', {},
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Story'),
          view.strategies.map((strategy) => el('th', { scope: 'col' }, strategy)))),
        el('tbody', {}, view.experiments.map((experiment) => el('tr', {},
          el('th', { scope: 'row' }, experiment),
          view.strategies.map((strategy) => el('td', { 'aria-label': `${experiment} under ${strategy}` },
            matrixCell(cell(experiment, strategy)))))))));
  };
  // Polled only while a matrix runs: an idle console asks nothing.
  const follow = async () => {
    const view = await api('GET', '/api/lab/experiments/matrix');
    draw(view);
    if (view.state === 'RUNNING') {
      setTimeout(() => follow().catch((e) => say(`Matrix unavailable: ${e.message}`)), 1500);
    }
  };
  async function begin() {
    try {
      draw(await api('POST', '/api/lab/experiments/matrix', {}));
      say('Matrix started: every story under every strategy, a few minutes.');
      await follow();
    } catch (e) {
      say(`Matrix refused: ${e.message}`);
    }
  }
  try {
    await follow();
  } catch (e) {
    container.replaceChildren(el('p', {}, `Matrix unavailable: ${e.message}`));
  }
}

export async function wireExperiments() {
  wireMatrix();
  const container = document.getElementById('experiments');
  const results = {};
  let experiments = [];
  const draw = () => container.replaceChildren(el('table', {},
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Experiment'), el('th', { scope: 'col' }, 'Protections off'),
      el('th', { scope: 'col' }, 'Protections on'))),
    el('tbody', {}, experiments.map((experiment) => el('tr', {},
      el('td', {}, el('strong', {}, experiment.name), el('div', { class: 'muted' }, experiment.explanation),
        el('button', { type: 'button', 'data-changes-lab': true, disabled: labLocked(), onclick: () => run(experiment.name) },
          `Run ${experiment.name}`)),
      el('td', { 'aria-label': `${experiment.name} with protections off` }, report(results[experiment.name]?.off)),
      el('td', { 'aria-label': `${experiment.name} with protections on` }, report(results[experiment.name]?.on)))))));

  async function run(name) {
    results[name] = {};
    for (const protections of ['off', 'on']) {
      say(`Running ${name} with protections ${protections}…`);
      draw();
      try {
        results[name][protections] = await api('POST', `/api/lab/experiments/${name}`, { protections });
      } catch (e) {
        say(`${name} failed: ${e.message}`);
        return;
      }
    }
    draw();
    say(`${name}: done. Open its games to see the messages.`);
  }

  try {
    experiments = await api('GET', '/api/lab/experiments');
    draw();
  } catch (e) {
    container.replaceChildren(el('p', {}, `Experiments unavailable: ${e.message}`));
  }
}
