package dev.shootingrange.scenario.console.judge;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.concurrent.TimeoutException;

import javax.net.ssl.SSLException;

import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

/**
 * Why a board could not be read, as the room sees it: a category ("refused", "timed out", "status 503"...),
 * never the text of the exception. That text names hosts, ports and what answered there, which would make
 * the judge a scanner of the instructor's machine and network for anyone who registers a board.
 */
final class Unreadable {

    static final Unreadable REMOVED = new Unreadable("removed from the judge");

    private final String category;

    private Unreadable(String category) {
        this.category = category;
    }

    /** The category of a failed reading: the first cause that says one, else "unreadable". */
    static Unreadable of(Throwable failure) {
        int depth = 0;
        for (Throwable cause = failure; cause != null && depth < 16; cause = cause.getCause(), depth++) {
            String category = category(cause);
            if (category != null) {
                return new Unreadable(category);
            }
        }
        return new Unreadable("unreadable");
    }

    private static String category(Throwable cause) {
        if (cause instanceof WebApplicationException answered && answered.getResponse() != null
                && answered.getResponse().getStatus() >= 300) {
            return "status " + answered.getResponse().getStatus();
        }
        // Netty's connect timeout is a ConnectException too: asked first.
        if (cause instanceof SocketTimeoutException || cause instanceof TimeoutException
                || cause.getClass().getSimpleName().contains("Timeout")) {
            return "timed out";
        }
        if (cause instanceof UnknownHostException) {
            return "unknown host";
        }
        if (cause instanceof NoRouteToHostException) {
            return "no route to host";
        }
        if (cause instanceof ConnectException) {
            return "refused";
        }
        if (cause instanceof SSLException) {
            return "TLS failed";
        }
        if (cause instanceof MismatchedInputException) {
            return "not a board (JSON of another shape)";
        }
        // The REST client, finding no reader for the answer's media type (text/html...), says so in an
        // exception of its own, with no cause.
        if (cause instanceof JsonProcessingException || cause instanceof ProcessingException && cause.getCause() == null) {
            return "not JSON";
        }
        return null;
    }

    @Override
    public String toString() {
        return category;
    }
}
