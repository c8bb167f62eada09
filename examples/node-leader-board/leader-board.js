// A leader board for the Shooting Range, written outside Java, from docs/asyncapi.yaml alone.
// It consumes Hit and Missed from its own queue on the `events` exchange and counts each attempt
// once, by attemptId: the business identity that survives any re-send, whatever the messageId.
//
//   AMQP_URL=amqp://guest:guest@localhost:5672 QUEUE=node-leader-board GAME_ID=<gameId> npm start
// Its queues are quorum queues, as the services' are; QUEUE_TYPE=classic declares classic ones.
// With PORT set, its board answers GET /api/leaderboard/<gameId> as the lab's leader board does, for
// the console's judge (docs/judge.md); DEAD_LETTERS names the exchange its dead letters go to.
const fs = require('node:fs');
const http = require('node:http');
const amqp = require('amqplib');

const url = process.env.AMQP_URL ?? 'amqp://guest:guest@localhost:5672';
const queue = process.env.QUEUE ?? 'node-leader-board';
const onlyGame = process.env.GAME_ID; // unset: every game
const stateFile = process.env.STATE_FILE ?? `${queue}.json`;
const queueType = process.env.QUEUE_TYPE ?? 'quorum';
const deadLetters = process.env.DEAD_LETTERS ?? 'dead-letters';
const port = process.env.PORT;
if (!['quorum', 'classic'].includes(queueType)) {
  console.error(`node-leader-board: QUEUE_TYPE is quorum or classic, not ${queueType}`);
  process.exit(2);
}
// As docs/asyncapi.yaml gives them: a quorum queue parks a message after 100 deliveries, and
// dead-letters at least once (which needs reject-publish).
const typeArguments = queueType === 'quorum' ? { 'x-queue-type': 'quorum' } : {};
const queueArguments = queueType === 'quorum'
  ? { ...typeArguments, 'x-delivery-limit': 100, 'x-dead-letter-strategy': 'at-least-once', 'x-overflow': 'reject-publish' }
  : {};

// Written before each ack: a crash between the two redelivers the message, and the attemptId is
// already here, so it is not counted twice. The same order as the services' inbox: commit, then ack.
const state = fs.existsSync(stateFile)
  ? JSON.parse(fs.readFileSync(stateFile, 'utf8'))
  : { counted: {}, scores: {} };

function save() {
  fs.writeFileSync(`${stateFile}.tmp`, JSON.stringify(state));
  fs.renameSync(`${stateFile}.tmp`, stateFile);
}

function isOutcome(m) {
  return m && (m.type === 'Hit' || m.type === 'Missed') && typeof m.gameId === 'string'
    && typeof m.attemptId === 'string' && typeof m.player === 'string';
}

function count(outcome) {
  if (state.counted[outcome.attemptId]) {
    return false;
  }
  state.counted[outcome.attemptId] = outcome.type;
  const game = (state.scores[outcome.gameId] ??= {});
  const score = (game[outcome.player] ??= { shots: 0, hits: 0 });
  score.shots += 1;
  score.hits += outcome.type === 'Hit' ? 1 : 0;
  save();
  return true;
}

function print(gameId) {
  const players = Object.entries(state.scores[gameId] ?? {}).sort(([, a], [, b]) => b.hits - a.hits);
  console.log(`${gameId}: ${players.map(([p, s]) => `${p} ${s.hits}/${s.shots}`).join(', ')}`);
}

// The board as the lab's leader board answers it: GET /api/leaderboard/<gameId>.
function serveBoard() {
  const server = http.createServer((request, response) => {
    const match = request.method === 'GET' && /^\/api\/leaderboard\/([A-Za-z0-9._-]{1,100})$/.exec(request.url);
    if (!match) {
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ detail: 'GET /api/leaderboard/<gameId> is all this board answers' }));
      return;
    }
    const gameId = match[1];
    const players = Object.entries(state.scores[gameId] ?? {})
      .map(([player, s]) => ({ player, shots: s.shots, hits: s.hits }))
      .sort((a, b) => b.hits - a.hits);
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ gameId, players }));
  });
  server.listen(Number(port), () => console.log(`board on http://localhost:${port}/api/leaderboard/<gameId>`));
  return server;
}

let connection = null;
let stopping = false;

// Connects, declares and consumes. A connection lost later (a broker restarting, a node failing, the
// judge cutting it) is opened again after a second: what was not acked comes back, redelivered, and
// the attemptIds already saved keep it from counting twice.
async function consumeOutcomes() {
  connection = await amqp.connect(url);
  connection.on('error', () => {}); // always followed by 'close'
  connection.on('close', () => {
    if (!stopping) {
      console.log('connection lost: connecting again in 1 s');
      setTimeout(reconnect, 1000);
    }
  });
  const channel = await connection.createChannel();
  // A refused declaration closes the channel: it is reported below, where it is awaited.
  channel.on('error', () => {});
  // The lab's exchange, declared by the services: looked up only, so that a broker user that may not
  // declare it (the room's participant user) gets this far.
  await channel.checkExchange('events').catch((e) => {
    throw new Error(`the exchange 'events' is not there (${e.message}): start the lab first`);
  });
  // The same declarations as the services' Topology: durable, dead-lettering to <queue>.dlq.
  await channel.assertExchange(deadLetters, 'direct', { durable: true });
  try {
    // A parked message is never dropped, however often it is looked at (RabbitMQ 4 drops after 20).
    const deadLetterArguments = queueType === 'quorum' ? { ...typeArguments, 'x-delivery-limit': 1000000 } : {};
    await channel.assertQueue(`${queue}.dlq`, { durable: true, arguments: deadLetterArguments });
    await channel.bindQueue(`${queue}.dlq`, deadLetters, queue);
    await channel.assertQueue(queue, {
      durable: true,
      arguments: { ...queueArguments, 'x-dead-letter-exchange': deadLetters, 'x-dead-letter-routing-key': queue },
    });
  } catch (e) {
    if (e.code === 406) {
      // A queue of an earlier run, of the other type: the broker cannot change it in place.
      throw new Error(`${queue} or ${queue}.dlq is held by the broker as another type than ${queueType}`
        + ` (${e.message}). Delete both once they are drained, or run with QUEUE_TYPE=${queueType === 'quorum' ? 'classic' : 'quorum'}.`);
    }
    throw e;
  }
  for (const type of ['Hit', 'Missed']) {
    await channel.bindQueue(queue, 'events', type);
  }
  await channel.prefetch(20);
  console.log(`counting Hit and Missed from ${queue}${onlyGame ? ` for ${onlyGame}` : ''}; Ctrl-C stops`);

  await channel.consume(queue, (delivery) => {
    let outcome;
    try {
      outcome = JSON.parse(delivery.content.toString('utf8'));
    } catch {
      outcome = null;
    }
    if (!isOutcome(outcome)) {
      channel.nack(delivery, false, false); // to the DLQ: never block the queue on bad input
      return;
    }
    if (onlyGame && outcome.gameId !== onlyGame) {
      channel.ack(delivery);
      return;
    }
    const first = count(outcome);
    console.log(`${outcome.type} ${outcome.attemptId} by ${outcome.player}`
      + `${first ? '' : ' (already counted: a duplicate)'}`
      + `${delivery.fields.redelivered ? ' [redelivered]' : ''}`);
    print(outcome.gameId);
    channel.ack(delivery);
  });
}

function reconnect() {
  const lost = connection;
  consumeOutcomes().catch((e) => {
    console.error(`node-leader-board: ${e.message}; trying again in 1 s`);
    if (connection !== lost) {
      connection.close().catch(() => {}); // connected, then refused: its 'close' tries again
    } else {
      setTimeout(reconnect, 1000);
    }
  });
}

const board = port ? serveBoard() : null;
const stop = async () => {
  stopping = true;
  board?.close();
  await connection?.close().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// The first start stops on any error (a wrong queue type, the lab not started): it is the user's to fix.
consumeOutcomes().catch((e) => {
  console.error(`node-leader-board: ${e.message}`);
  process.exit(1);
});
