// The experiments panel: each story with its protections off and on, side by side.
import { api, el, say } from './api.js';

function report(result) {
  if (!result) {
    return el('span', { class: 'muted' }, 'not run');
  }
  const broken = result.violations.length > 0;
  return el('div', { class: `report ${broken ? 'broken' : 'held'}` },
    el('div', {}, el('strong', {}, broken ? '✘ ' : '✔ '), result.observed),
    el('div', { class: 'muted' }, `game ${result.gameId}`),
    result.violations.slice(0, 3).map((v) => el('div', {}, v)),
    result.violations.length > 3 ? el('div', {}, `… and ${result.violations.length - 3} more`) : '');
}

export async function wireExperiments() {
  const container = document.getElementById('experiments');
  const results = {};
  let experiments = [];
  const draw = () => container.replaceChildren(el('table', {},
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Experiment'), el('th', { scope: 'col' }, 'Protections off'),
      el('th', { scope: 'col' }, 'Protections on'))),
    el('tbody', {}, experiments.map((experiment) => el('tr', {},
      el('td', {}, el('strong', {}, experiment.name), el('div', { class: 'muted' }, experiment.explanation),
        el('button', { type: 'button', onclick: () => run(experiment.name) }, `Run ${experiment.name}`)),
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
