package dev.shootingrange.testing;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A TCP hop between a service and PostgreSQL that can lose the answer to a commit: the server commits,
 * the client hears nothing and sees its connection end. That is the ambiguous commit a session ended
 * from the server or a dropped network produces now and then; here it happens on cue. The proxy reads
 * the frontend/backend protocol just enough to know which statement each message runs, so clients must
 * connect without TLS ({@code sslmode=disable}).
 */
public final class PostgresProxy implements AutoCloseable {

    private final ServerSocket listening;
    private final String targetHost;
    private final int targetPort;
    /** What a transaction must have run for its commit's answer to be lost; null when not armed. */
    private final AtomicReference<String> armed = new AtomicReference<>();
    private final AtomicInteger answersLost = new AtomicInteger();

    public PostgresProxy(String targetHost, int targetPort) {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        try {
            listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread accepting = new Thread(this::accept, "postgres-proxy");
        accepting.setDaemon(true);
        accepting.start();
    }

    /** A JDBC URL for {@code database} through this proxy. */
    public String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + listening.getLocalPort() + "/" + database + "?sslmode=disable&gssEncMode=disable";
    }

    /** The next commit of a transaction that ran a statement containing {@code statement} goes unanswered. */
    public void loseTheAnswerToTheNextCommitAfter(String statement) {
        armed.set(statement.toLowerCase(Locale.ROOT));
    }

    public int answersLost() {
        return answersLost.get();
    }

    private void accept() {
        while (!listening.isClosed()) {
            try {
                new Hop(listening.accept()).start();
            } catch (IOException e) {
                return;
            }
        }
    }

    @Override
    public void close() throws IOException {
        listening.close();
    }

    /** One client connection and its server connection, a thread each way. */
    private final class Hop {
        private final Socket client;
        private final Socket server;
        /** Prepared statements of this connection by name, to know what a Bind runs. */
        private final Map<String, String> statements = new HashMap<>();
        private boolean ranTheArmedStatement;
        private volatile boolean loseTheNextAnswer;

        Hop(Socket client) throws IOException {
            this.client = client;
            this.server = new Socket(targetHost, targetPort);
        }

        void start() {
            Thread up = new Thread(this::clientToServer, "postgres-proxy-up");
            Thread down = new Thread(this::serverToClient, "postgres-proxy-down");
            up.setDaemon(true);
            down.setDaemon(true);
            up.start();
            down.start();
        }

        private void clientToServer() {
            try (DataInputStream in = new DataInputStream(client.getInputStream());
                    DataOutputStream out = new DataOutputStream(server.getOutputStream())) {
                byte[] startup = new byte[in.readInt() - 4];
                in.readFully(startup);
                out.writeInt(startup.length + 4);
                out.write(startup);
                out.flush();
                while (true) {
                    byte type = in.readByte();
                    byte[] body = new byte[in.readInt() - 4];
                    in.readFully(body);
                    String runs = statementOf(type, body);
                    if (runs != null) {
                        watch(runs.trim().toLowerCase(Locale.ROOT));
                    }
                    send(out, type, body);
                }
            } catch (IOException e) {
                closeBoth();
            }
        }

        /** The text of the statement a Query, Parse or Bind message runs; null for any other message. */
        private String statementOf(byte type, byte[] body) {
            String[] strings = new String(body, StandardCharsets.ISO_8859_1).split("\0", 3);
            return switch (type) {
            case 'Q' -> strings[0];
            case 'P' -> {
                statements.put(strings[0], strings[1]);
                yield strings[1];
            }
            case 'B' -> statements.get(strings[1]);
            default -> null;
            };
        }

        private void watch(String statement) {
            String armedFor = armed.get();
            if (armedFor != null && statement.contains(armedFor)) {
                ranTheArmedStatement = true;
            } else if (statement.equals("commit") || statement.equals("rollback")) {
                // Before the commit reaches the server, so that its answer is the one lost.
                if (ranTheArmedStatement && statement.equals("commit") && armed.compareAndSet(armedFor, null)) {
                    loseTheNextAnswer = true;
                }
                ranTheArmedStatement = false;
            }
        }

        private void serverToClient() {
            try (DataInputStream in = new DataInputStream(server.getInputStream());
                    DataOutputStream out = new DataOutputStream(client.getOutputStream())) {
                while (true) {
                    byte type = in.readByte();
                    byte[] body = new byte[in.readInt() - 4];
                    in.readFully(body);
                    if (loseTheNextAnswer) {
                        if (type == 'Z') {
                            // The server is ready for the next statement: the commit is done, and nobody heard.
                            answersLost.incrementAndGet();
                            closeBoth();
                            return;
                        }
                        continue;
                    }
                    send(out, type, body);
                }
            } catch (IOException e) {
                closeBoth();
            }
        }

        private static void send(DataOutputStream out, byte type, byte[] body) throws IOException {
            out.writeByte(type);
            out.writeInt(body.length + 4);
            out.write(body);
            out.flush();
        }

        private void closeBoth() {
            try {
                client.close();
                server.close();
            } catch (IOException e) {
                // already closed
            }
        }
    }
}
