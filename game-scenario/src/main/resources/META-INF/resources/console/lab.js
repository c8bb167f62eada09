// The lab panel: each service's protections, chaos and faults, through game-scenario's one endpoint.
import { api, el, instructorKey, say } from './api.js';

const EXPLAIN = {
  inbox: 'Drop copies of a message already handled',
  outbox: 'Publish only what the transaction committed, after the commit',
  attemptDedup: 'Count each attemptId once, whatever its messageId',
  deterministicIds: 'Answer a message handled again with the same messageId and bytes (off: a new id)',
  duplicateRate: 'Chance that an outgoing message is published twice',
  delayRate: 'Chance that an outgoing message is held back (up to maxDelayMs)',
  maxDelayMs: 'Longest delay, in milliseconds',
  crashAfterPublishRate: 'Relay dies after the confirm, before marking the row sent',
  crashBeforeAckRate: 'Consumer dies after its commit, before the ack',
  crashBeforePublishRate: 'Producer dies after its commit, before publishing',
  rollbackAfterSendRate: 'Transaction rolls back after the message was handed over',
  seed: 'Seed of the random faults, to repeat a run',
  inboxRetentionSeconds: 'How long the inbox remembers a messageId (empty: default)',
};
// The write-up's three ways to exactly-once, plus the generic inbox and nothing at all.
const STRATEGIES = {
  inbox: 'Generic inbox: a copy is dropped, nothing is sent again',
  'side-effects': 'Inbox and stored messages: a copy has the first answers published again, same bytes',
  state: 'No inbox: a copy is judged again on the target version its first handling saw',
  business: 'No inbox: a known attemptId gets its stored answer again; the board counts an attempt once',
  none: 'Nothing: every copy is handled as new',
  custom: 'A protection was switched by hand after the strategy was chosen',
};
const POINTS = ['after-commit-before-ack', 'after-confirm-before-mark', 'after-commit-before-publish', 'rollback-after-send'];
const TYPES = ['FireAt', 'MoveTarget', 'Hit', 'Missed'];

async function change(method, path, body) {
  try {
    await api(method, path, body);
    await refreshLab();
  } catch (e) {
    say(`Lab change refused: ${e.message}`);
  }
}

// Locked: a shared lab, and this tab has no key that opens it. Everything that changes the lab is
// disabled then; firing and watching are not.
let locked = false;

export function labLocked() {
  return locked;
}

function lockPanel(access) {
  locked = access.locked && !access.unlocked;
  document.querySelectorAll('[data-changes-lab]').forEach((control) => { control.disabled = locked; });
  const form = document.getElementById('lab-key');
  form.hidden = !access.locked;
  form.querySelector('output').textContent = !access.locked ? ''
    : access.unlocked ? 'Unlocked with the instructor key.' : 'Locked: this lab is shared. Changing it needs the instructor key.';
}

async function refreshAccess() {
  lockPanel(await api('GET', '/api/lab/access'));
}

function serviceCard(lab) {
  const base = `/api/lab/services/${lab.service}`;
  const protections = Object.entries(lab.protections).map(([name, on]) => el('label', { title: EXPLAIN[name] },
    el('span', {}, name, el('br'), el('small', { class: 'muted' }, EXPLAIN[name])),
    el('input', {
      type: 'checkbox', role: 'switch', checked: on, 'aria-label': `${lab.service} ${name}`,
      onchange: (event) => change('PUT', `${base}/protections`, { [name]: event.target.checked }),
    })));
  const chaos = Object.entries(lab.chaos).filter(([name]) => EXPLAIN[name]).map(([name, value]) => el('label', { title: EXPLAIN[name] },
    el('span', {}, name), el('input', {
      type: 'number', step: name.endsWith('Rate') ? '0.05' : '1', min: name === 'seed' ? undefined : 0,
      max: name.endsWith('Rate') ? 1 : undefined, value: value ?? '', 'aria-label': `${lab.service} ${name}`,
      onchange: (event) => change('PUT', `${base}/chaos`, { [name]: event.target.value === '' ? null : Number(event.target.value) }),
    })));
  const strategy = lab.strategies?.length ? el('fieldset', { disabled: locked }, el('legend', {}, 'Strategy'),
    el('select', {
      'aria-label': `${lab.service} strategy`,
      // Let go of the select: the lab is not redrawn under a focused one.
      onchange: (event) => { event.target.blur(); change('PUT', `${base}/strategy`, { strategy: event.target.value }); },
    }, lab.strategies.map((name) => el('option', { value: name, selected: name === lab.strategy }, name)),
    lab.strategies.includes(lab.strategy) ? '' : el('option', { selected: true, disabled: true }, 'custom')),
    el('div', { class: 'muted' }, STRATEGIES[lab.strategy] ?? '')) : '';
  const point = el('select', { 'aria-label': `${lab.service} fault point` }, POINTS.map((p) => el('option', {}, p)));
  const faultType = el('select', { 'aria-label': `${lab.service} fault type` }, TYPES.map((t) => el('option', {}, t)));
  const holdType = el('select', { 'aria-label': `${lab.service} hold type` }, TYPES.map((t) => el('option', {}, t)));
  const armed = lab.chaos.faults.map((f) => `${f.point} (${f.type})`).join(', ') || 'none';
  return el('article', { class: 'service', 'aria-label': `${lab.service} lab` },
    el('h3', {}, lab.service),
    strategy,
    el('fieldset', { disabled: locked }, el('legend', {}, 'Protections'), protections),
    el('details', {}, el('summary', {}, 'Chaos'), el('fieldset', { disabled: locked }, chaos)),
    el('fieldset', { disabled: locked }, el('legend', {}, 'Fault for the next message'), point, faultType,
      el('button', { type: 'button', onclick: () => change('POST', `${base}/faults`, { point: point.value, type: faultType.value }) }, 'Arm'),
      el('div', { class: 'muted' }, `Armed: ${armed}`)),
    el('fieldset', { disabled: locked }, el('legend', {}, 'Hold the next message'), holdType,
      el('button', { type: 'button', onclick: () => change('POST', `${base}/holds`, { type: holdType.value }) }, 'Hold'),
      el('button', { type: 'button', onclick: () => change('POST', `${base}/holds/release`) }, 'Release held'),
      el('div', { class: 'muted' }, `Waiting to hold: ${lab.chaos.holds.join(', ') || 'none'}`)),
    el('div', { class: 'stats' }, Object.entries(lab.stats).filter(([, v]) => typeof v !== 'object')
      .map(([name, value]) => `${name} ${value}`).join(' · ')));
}

export async function refreshLab() {
  const container = document.getElementById('lab');
  const focused = container.contains(document.activeElement) ? document.activeElement : null;
  if (focused && (focused.type === 'number' || focused.tagName === 'SELECT')) {
    return; // do not redraw under someone's typing
  }
  try {
    await refreshAccess();
    const { services } = await api('GET', '/api/lab/services');
    container.replaceChildren(...services.map(serviceCard));
    const label = focused?.getAttribute('aria-label');
    if (label) {
      container.querySelector(`[aria-label="${CSS.escape(label)}"]`)?.focus();
    }
  } catch (e) {
    container.replaceChildren(el('p', {}, `Lab unavailable: ${e.message}`));
  }
}

export function wireLab() {
  document.getElementById('reset-all').addEventListener('click', () => change('POST', '/api/lab/services/all/reset'));
  document.getElementById('lab-key').addEventListener('submit', (event) => {
    event.preventDefault();
    instructorKey.set(event.target.elements.key.value.trim());
    event.target.elements.key.value = '';
    refreshLab();
  });
  refreshLab();
  setInterval(refreshLab, 3000);
}
