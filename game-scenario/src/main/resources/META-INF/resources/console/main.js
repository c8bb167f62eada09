// The console: one game at a time, live over server-sent events.
import { say } from './api.js';
import { buildGrid, show, wirePlayForms } from './play.js';
import { showRules } from './consistency.js';
import { wireLab } from './lab.js';
import { wireExperiments } from './experiments.js';
import { wireJudge } from './judge.js';
import { drawTimeline } from './timeline.js';
import { applyChange, emptyView } from './live.js';

const state = { gameId: null, selectedAttempt: null, feed: null, view: null };

function selectAttempt(attemptId) {
  state.selectedAttempt = attemptId;
  if (state.view?.game) {
    render(state.view);
  }
  drawTimeline(state.view?.timeline ?? null, attemptId);
}

function render(view) {
  show(state, view, selectAttempt);
  showRules(view.consistency, selectAttempt);
}

function join(gameId) {
  state.gameId = gameId;
  state.selectedAttempt = null;
  document.getElementById('game-id').value = gameId;
  history.replaceState(null, '', `?game=${encodeURIComponent(gameId)}`);
  state.feed?.close();
  // The feed sends the whole view first (again after a reconnection), then only what changed.
  state.view = emptyView();
  state.feed = new EventSource(`/api/games/${encodeURIComponent(gameId)}/live/changes`);
  state.feed.onmessage = (event) => {
    const timelineMoved = applyChange(state.view, JSON.parse(event.data));
    render(state.view);
    if (timelineMoved) {
      drawTimeline(state.view.timeline, state.selectedAttempt);
    }
  };
  const feed = state.feed;
  // A stream refused (too many open: 429, 503) is not retried by the browser: say so.
  feed.onerror = () => say(feed.readyState === EventSource.CLOSED
    ? `Live updates of ${gameId} stopped: the service refused them (too many open?); reload to try again.`
    : `Live updates of ${gameId} interrupted; retrying…`);
  state.feed.onopen = () => say(`Playing game ${gameId}.`);
}

document.getElementById('timeline-all').addEventListener('click', () => selectAttempt(null));
buildGrid(state);
wirePlayForms(state, join);
wireLab();
wireExperiments();
wireJudge();
const requested = new URLSearchParams(location.search).get('game');
if (requested) {
  join(requested);
} else {
  drawTimeline(null);
}
