package dev.shootingrange.exactlyonce.observe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What a sender wrote is logged and stored as one line of its own making, never as several. */
class PrintableTest {

    @Test
    void lineBreaksAndControlCharactersAreEscaped() {
        assertThat(Printable.line("unknown type 'Reload\n12:00:00 INFO forged\r\u0000\u2028'"))
                .isEqualTo("unknown type 'Reload\\u000a12:00:00 INFO forged\\u000d\\u0000\\u2028'");
    }

    @Test
    void longTextIsCutAndSaysSo() {
        String line = Printable.line("x".repeat(5_000));

        assertThat(line).hasSize(Printable.MAX_CODE_POINTS + 1).endsWith("…");
    }

    @Test
    void ordinaryTextIsLeftAsItIs() {
        assertThat(Printable.line("content type text/plain is not application/json — é ✓"))
                .isEqualTo("content type text/plain is not application/json — é ✓");
    }
}
