// The four rules, red or green, with the messages that break them.
import { el } from './api.js';

const NAMES = {
  'one-outcome-per-attempt': '1. One outcome per attempt',
  'counted-once': '2. Counted once',
  'nothing-lost': '3. Nothing lost',
  'same-copy-on-redelivery': '4. Same copy on redelivery',
};
export const INCOMPLETE = '⚠ Judged on an incomplete history: rows of the message history were let go, or lost with a process that stopped before writing them, so a duplicate may go unseen.';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

export function showRules(consistency, onSelectAttempt) {
  const list = document.getElementById('rules');
  if (!consistency || consistency.unavailable) {
    list.replaceChildren(el('li', {}, consistency?.unavailable ?? 'No verdict yet.'));
    return;
  }
  // A verdict on a history with a hole in it, and the copies it knows the history lacks.
  const incomplete = consistency.historyComplete === false ? [el('li', { class: 'PENDING', role: 'alert' }, INCOMPLETE,
    (consistency.missingFromHistory ?? []).map((missing) => el('div', { class: 'muted' }, missing)))] : [];
  list.replaceChildren(...incomplete, ...consistency.rules.map((rule) => el('li', { class: rule.status },
    el('div', {}, el('span', { class: 'status' }, `${rule.status === 'OK' ? '✔' : rule.status === 'PENDING' ? '…' : '✘'} ${NAMES[rule.rule] ?? rule.rule}`),
      ' — ', rule.status),
    el('div', { class: 'muted' }, rule.meaning),
    rule.violations.map((violation) => el('div', {}, violation,
      [...new Set(violation.match(UUID) ?? [])].slice(0, 1).map((id) => el('button', {
        type: 'button', onclick: () => onSelectAttempt(id), 'aria-label': `Show messages of ${id}`,
      }, 'show messages')))))));
}
