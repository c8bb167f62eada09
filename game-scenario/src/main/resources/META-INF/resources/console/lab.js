// The lab panel: each service's protections, chaos and faults, through game-scenario's one endpoint.
// The labs are pushed (/api/lab/services/live): every open panel shares one reading of them, sent again
// when they differ, so an open console asks nothing while nothing changes.
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
// The write-up's three ways to exactly-once, plus the generic inbox and nothing at all, each that
// approach alone; said per service, since the board sends nothing and has no target to version.
const STRATEGIES = {
  'shooting-range': {
    inbox: 'Generic inbox: a copy is dropped, nothing is sent again',
    'side-effects': 'Stored messages: a copy is known by the answers its first handling stored, kept as long as the outbox keeps them, and gets them published again, same bytes',
    state: 'No inbox: a copy is judged again on the target version its first handling saw',
    business: 'No inbox: a known attemptId gets its stored answer again, whatever its messageId',
    none: 'Nothing: every copy is handled as new',
  },
  'leader-board': {
    inbox: 'Generic inbox: a copy of a Hit is dropped; a Hit under a new messageId counts again',
    'side-effects': 'The board sends nothing, so what it stores is its inbox: a copy is dropped',
    state: 'A count that knows which Hits it applied is an inbox: a copy is dropped',
    business: 'No inbox: an attemptId is counted once, whatever its messageId',
    none: 'Nothing: every copy is counted',
    default: 'Every protection on, as the board ships: the inbox drops a copy, and an attempt counts once',
  },
};
const CUSTOM = 'A protection was switched by hand after the strategy was chosen';
const POINTS = ['after-commit-before-ack', 'after-confirm-before-mark', 'after-commit-before-publish', 'rollback-after-send'];
const TYPES = ['FireAt', 'MoveTarget', 'Hit', 'Missed'];

// A change comes back through the pushed labs; a refused one puts the panel back as it was.
async function change(method, path, body) {
  try {
    await api(method, path, body);
  } catch (e) {
    say(`Lab change refused: ${e.message}`);
    drawLab(true);
    refreshAccess();
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
  document.getElementById('lab-open').hidden = access.locked;
  form.querySelector('output').textContent = !access.locked ? ''
    : access.unlocked ? 'Unlocked with the instructor key.' : 'Locked: this lab is shared. Changing it needs the instructor key.';
}

// Whether this tab may change the lab: asked when the console opens, when a key is given, and when a
// change was refused; it does not change on its own.
async function refreshAccess() {
  try {
    lockPanel(await api('GET', '/api/lab/access'));
    drawLab(true);
  } catch (e) {
    say(`Lab access unknown: ${e.message}`);
  }
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
    lab.strategies.includes(lab.strategy) ? '' : el('option', { selected: true, disabled: true }, lab.strategy ?? 'custom')),
    el('div', { class: 'muted' }, STRATEGIES[lab.service]?.[lab.strategy] ?? (lab.strategy === 'custom' ? CUSTOM : ''))) : '';
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

// The labs last pushed, or why they could not be read; drawn unless someone is typing in the panel,
// then when they leave the field (waiting).
let labs = null;
let waiting = false;

function drawLab(force = false) {
  const container = document.getElementById('lab');
  if (!labs) {
    return;
  }
  const focused = container.contains(document.activeElement) ? document.activeElement : null;
  if (!force && focused && (focused.type === 'number' || focused.tagName === 'SELECT')) {
    waiting = true;
    return;
  }
  waiting = false;
  if (labs.unavailable) {
    container.replaceChildren(el('p', {}, `Lab unavailable: ${labs.unavailable}`));
    return;
  }
  container.replaceChildren(...labs.services.map(serviceCard));
  const label = focused?.getAttribute('aria-label');
  if (label) {
    container.querySelector(`[aria-label="${CSS.escape(label)}"]`)?.focus();
  }
}

export function wireLab() {
  document.getElementById('reset-all').addEventListener('click', () => change('POST', '/api/lab/services/all/reset'));
  document.getElementById('reset-room').addEventListener('click', async () => {
    try {
      const cleared = await api('POST', '/api/lab/room/reset');
      say(`Ready for the next group: every lab reset; dead letters emptied in ${cleared.deadLetterQueuesPurged.length}`
        + ` queue(s); ${cleared.queuesDeleted.length ? `deleted ${cleared.queuesDeleted.join(', ')}` : 'no queue of a participant to delete'}.`);
    } catch (e) {
      say(`Reset for the next group refused: ${e.message}`);
    }
  });
  document.getElementById('redrive').addEventListener('click', async () => {
    try {
      const moved = Object.entries((await api('POST', '/api/lab/room/dead-letters/redrive')).redriven)
        .filter(([, count]) => count > 0).map(([queue, count]) => `${count} from ${queue}`);
      say(moved.length ? `Dead letters re-driven: ${moved.join(', ')}; invalid ones come straight back.`
        : 'No dead letters to re-drive.');
    } catch (e) {
      say(`Re-drive refused: ${e.message}`);
    }
  });
  document.getElementById('lab-key').addEventListener('submit', (event) => {
    event.preventDefault();
    instructorKey.set(event.target.elements.key.value.trim());
    event.target.elements.key.value = '';
    refreshAccess();
  });
  const container = document.getElementById('lab');
  // Only where labs came while someone typed: a redraw takes the focus away, and would be asked again.
  container.addEventListener('focusout', () => setTimeout(() => waiting && drawLab(), 0));
  refreshAccess();
  const feed = new EventSource('/api/lab/services/live');
  feed.onmessage = (event) => {
    labs = JSON.parse(event.data);
    drawLab();
  };
  feed.onerror = () => {
    if (!labs) {
      // A stream refused (too many open: 429, 503) is not retried by the browser.
      container.replaceChildren(el('p', {}, feed.readyState === EventSource.CLOSED
        ? 'Lab unavailable: the console\'s service refused its updates (too many open?); reload to try again.'
        : 'Lab unavailable: no answer from the console\'s service; retrying…'));
    }
  };
}
