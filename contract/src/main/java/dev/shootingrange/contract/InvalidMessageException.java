package dev.shootingrange.contract;

/** The input breaks the contract: retrying cannot help, so it is dead-lettered (or answered with 400). */
public class InvalidMessageException extends RuntimeException {

    public InvalidMessageException(String reason) {
        super(reason);
    }
}
