// A game's live feed of changes, merged into the view it describes (LiveChange): the first event is the
// whole view, each after it only what changed, in the same shape.

/** A view with nothing in it yet, as the feed will fill it. */
export function emptyView() {
  return { game: null, range: null, leaderboard: null, consistency: null, timeline: [] };
}

/**
 * Merges one event into the view (in place): shots by attemptId (a changed one keeps its place, a new
 * one comes last), a part that is there replaces the one before, timeline entries join in time order.
 * Answers whether the timeline moved.
 */
export function applyChange(view, change) {
  if (change.whole) {
    Object.assign(view, emptyView());
  }
  if (change.game) {
    const shots = new Map((view.game?.shots ?? []).map((shot) => [shot.attemptId, shot]));
    (change.game.shots ?? []).forEach((shot) => shots.set(shot.attemptId, shot));
    view.game = {
      gameId: change.game.gameId,
      targetPosition: change.game.targetPosition ?? view.game?.targetPosition,
      shots: [...shots.values()],
    };
  }
  for (const part of ['range', 'leaderboard', 'consistency']) {
    if (part in change) {
      view[part] = change[part];
    }
  }
  if (!change.whole && !change.timeline?.length) {
    return false;
  }
  view.timeline.push(...(change.timeline ?? []));
  view.timeline.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return true;
}
