// The console: one game at a time, live over server-sent events.
import { say } from './api.js';
import { buildGrid, show, wirePlayForms } from './play.js';
import { showRules } from './consistency.js';
import { wireLab } from './lab.js';
import { wireExperiments } from './experiments.js';
import { drawTimeline } from './timeline.js';

const state = { gameId: null, selectedAttempt: null, feed: null, lastView: null, timelineVersion: null };

function selectAttempt(attemptId) {
  state.selectedAttempt = attemptId;
  if (state.lastView) {
    render(state.lastView);
  }
  drawTimeline(state.gameId, attemptId);
}

function render(view) {
  state.lastView = view;
  show(state, view, selectAttempt);
  showRules(view.consistency, selectAttempt);
}

function join(gameId) {
  state.gameId = gameId;
  state.selectedAttempt = null;
  document.getElementById('game-id').value = gameId;
  history.replaceState(null, '', `?game=${encodeURIComponent(gameId)}`);
  state.feed?.close();
  state.feed = new EventSource(`/api/games/${encodeURIComponent(gameId)}/live`);
  state.timelineVersion = null;
  state.feed.onmessage = (event) => {
    const view = JSON.parse(event.data);
    render(view);
    // The timeline is gathered from all three services: fetched again only when the feed says it moved.
    if (view.timelineVersion !== state.timelineVersion) {
      state.timelineVersion = view.timelineVersion;
      drawTimeline(state.gameId, state.selectedAttempt);
    }
  };
  state.feed.onerror = () => say(`Live updates of ${gameId} interrupted; retrying…`);
  state.feed.onopen = () => say(`Playing game ${gameId}.`);
}

document.getElementById('timeline-all').addEventListener('click', () => selectAttempt(null));
buildGrid(state);
wirePlayForms(state, join);
wireLab();
wireExperiments();
const requested = new URLSearchParams(location.search).get('game');
if (requested) {
  join(requested);
} else {
  drawTimeline(null);
}
