// The message timeline: a sequence diagram across the three services, one arrow per copy received.
import { el } from './api.js';

const LANES = ['game-scenario', 'shooting-range', 'leader-board'];
const PRODUCER = { FireAt: 'game-scenario', MoveTarget: 'game-scenario', Hit: 'shooting-range', Missed: 'shooting-range' };
const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 960;
const ROW = 24;
const TOP = 40;

function svg(tag, attributes, text) {
  const element = document.createElementNS(SVG, tag);
  Object.entries(attributes).forEach(([name, value]) => element.setAttribute(name, value));
  if (text !== undefined) {
    element.textContent = text;
  }
  return element;
}

const laneX = (service) => 120 + LANES.indexOf(service) * ((WIDTH - 240) / (LANES.length - 1));

/** Which copies to draw: each one received, and each published one that nobody has received yet. */
function rows(entries, attemptId) {
  const shown = entries.filter((e) => !attemptId || e.attemptId === attemptId);
  const received = new Set(shown.filter((e) => e.direction === 'IN').map((e) => e.messageId));
  return shown.filter((e) => e.direction === 'IN' || !received.has(e.messageId));
}

/** Draws the game's timeline entries (as the live feed gathered them), those of one attempt where given; null: no game. */
export function drawTimeline(entries, attemptId) {
  const container = document.getElementById('timeline');
  document.getElementById('timeline-filter').textContent = attemptId ? `(attempt ${attemptId})` : '';
  if (!entries) {
    container.replaceChildren(el('p', { class: 'muted' }, 'No game yet.'));
    return;
  }
  const copies = rows(entries, attemptId);
  const height = TOP + Math.max(copies.length, 1) * ROW + 10;
  const picture = svg('svg', { viewBox: `0 0 ${WIDTH} ${height}`, role: 'img',
    'aria-label': `${copies.length} message copies between the three services` });
  picture.append(svg('title', {}, 'Message timeline'));
  for (const lane of LANES) {
    picture.append(svg('text', { x: laneX(lane), y: 18, 'text-anchor': 'middle', class: 'lane-name' }, lane));
    picture.append(svg('line', { x1: laneX(lane), y1: 26, x2: laneX(lane), y2: height, class: 'lane' }));
  }
  copies.forEach((copy, index) => {
    const y = TOP + index * ROW;
    const from = laneX(PRODUCER[copy.type] ?? copy.service);
    const to = copy.direction === 'IN' ? laneX(copy.service) : from + 40;
    const label = copy.direction === 'IN'
      ? `${copy.type} ${copy.disposition.toLowerCase().replace('_', '-')}${copy.redelivered ? ', redelivered' : ''}`
      : `${copy.type} published, not received yet`;
    picture.append(svg('line', { x1: from, y1: y, x2: to, y2: y, class: `copy ${copy.disposition}`,
      'marker-end': 'url(#arrow)' }));
    picture.append(svg('text', { x: Math.min(from, to) + 6, y: y - 5 },
      `${label} · ${copy.messageId?.slice(0, 8) ?? ''}`));
  });
  const marker = svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto' });
  marker.append(svg('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#334155' }));
  const definitions = svg('defs', {});
  definitions.append(marker);
  picture.prepend(definitions);
  container.replaceChildren(picture);
}
