package dev.shootingrange.exercises.http;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.postgresql.PGConnection;

import dev.shootingrange.exercises.judge.Database;
import dev.shootingrange.exercises.judge.RedAtTheStart;

/** Exercise 8: a client retries POST /api/games/{gameId}/shots with its Idempotency-Key; the shot is fired once. */
@ExtendWith(RedAtTheStart.class)
class IdempotentShotsTest {

    @RegisterExtension
    static final Database database = new Database("http", IdempotentShots.TABLES);

    private static final String GAME = "g-1";
    private static final Pattern ATTEMPT_ID = Pattern.compile("\"attemptId\"\\s*:\\s*\"([0-9a-f-]{36})\"");
    private static final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private static ShotServer range;

    @BeforeAll
    static void openTheRange() throws Exception {
        range = new ShotServer(database);
    }

    @AfterAll
    static void closeTheRange() {
        range.close();
    }

    @Test
    void aRetriedShotAnswersTheFirstAttemptAndFiresOnce() throws Exception {
        String key = UUID.randomUUID().toString();

        Answer first = fire(key);
        Answer retry = fire(key);

        assertThat(first.status()).as("the first request").isEqualTo(202);
        assertThat(retry.status()).as("the retry").isEqualTo(202);
        assertThat(retry.attemptId()).as("the retry answers the first attempt").isEqualTo(first.attemptId());
        assertThat(shotsFired()).as("shots fired").isEqualTo(1);
        assertThat(first.attemptId()).as("the attemptId, made by the range: the key names the client's request, never the shot")
                .isNotEqualTo(UUID.fromString(key));
    }

    @Test
    void twoKeysAreTwoShots() throws Exception {
        Answer one = fire(UUID.randomUUID().toString());
        Answer other = fire(UUID.randomUUID().toString());

        assertThat(other.attemptId()).as("a shot of its own").isNotEqualTo(one.attemptId());
        assertThat(shotsFired()).as("shots fired").isEqualTo(2);
    }

    @Test
    void twoRequestsOfOneShotAtTheSameMomentFireOnce() throws Exception {
        String key = UUID.randomUUID().toString();
        CompletableFuture<Integer> firstHasFired = new CompletableFuture<>();
        CountDownLatch firstMayCommit = new CountDownLatch(1);
        range.beforeNextCommit(() -> {
            firstHasFired.complete(database.connection().unwrap(PGConnection.class).getBackendPID());
            firstMayCommit.await(10, SECONDS);
        });
        CompletableFuture<Answer> first = send(key);
        int firstSession = firstHasFired.get(10, SECONDS);

        CompletableFuture<Answer> second = send(key);
        // The second either waits on a lock the first holds (as it should) or has gone through already.
        await().atMost(Duration.ofSeconds(10)).until(() -> second.isDone() || sessionsWaitingOn(firstSession) > 0);
        firstMayCommit.countDown();

        Answer one = first.get(10, SECONDS);
        Answer other = second.get(10, SECONDS);
        assertThat(one.status()).as("the first request").isEqualTo(202);
        assertThat(other.status()).as("the second request is answered, not failed: " + other.body()).isEqualTo(202);
        assertThat(other.attemptId()).as("both answer one attempt").isEqualTo(one.attemptId());
        assertThat(shotsFired()).as("shots fired").isEqualTo(1);
    }

    @Test
    void aRequestThatRolledBackLeavesItsKeyToTheRetry() throws Exception {
        String key = UUID.randomUUID().toString();
        range.beforeNextCommit(() -> {
            throw new IllegalStateException("the handler failed after the shot: the client retries");
        });

        assertThat(fire(key).status()).as("the failed request").isEqualTo(500);
        Answer retry = fire(key);
        assertThat(retry.status()).as("the retry").isEqualTo(202);
        assertThat(shotsFired()).as("the retry fires the shot").isEqualTo(1);

        Answer retryOfTheRetry = fire(key);
        assertThat(retryOfTheRetry.attemptId()).as("the key now names the retry's attempt").isEqualTo(retry.attemptId());
        assertThat(shotsFired()).as("shots fired").isEqualTo(1);
    }

    /** What the range answered: a status, and the attemptId of a 202. */
    record Answer(int status, String body) {
        UUID attemptId() {
            Matcher attemptId = ATTEMPT_ID.matcher(body);
            assertThat(attemptId.find()).as("an attemptId in " + body).isTrue();
            return UUID.fromString(attemptId.group(1));
        }
    }

    private static Answer fire(String key) throws Exception {
        return send(key).get(10, SECONDS);
    }

    /** bob fires at 42 in GAME, with the key as his Idempotency-Key (none where null). */
    private static CompletableFuture<Answer> send(String key) {
        HttpRequest.Builder request = HttpRequest.newBuilder(range.shots(GAME)).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString("{\"player\":\"bob\",\"position\":42}"));
        if (key != null) {
            request.header("Idempotency-Key", key);
        }
        return client.sendAsync(request.build(), BodyHandlers.ofString())
                .thenApply(response -> new Answer(response.statusCode(), response.body()));
    }

    private static long shotsFired() throws Exception {
        return database.number("select count(*) from fired_shot where game_id = ?", GAME);
    }

    /** Sessions blocked by the given one: the second request waiting on the first's uncommitted row. */
    private static long sessionsWaitingOn(int session) throws Exception {
        return database.number("select count(*) from pg_stat_activity where ? = any(pg_blocking_pids(pid))", session);
    }
}
