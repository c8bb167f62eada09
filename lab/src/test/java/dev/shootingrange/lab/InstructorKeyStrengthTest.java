package dev.shootingrange.lab;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The right key always opens, so a key a room could guess must never start a service. */
class InstructorKeyStrengthTest {

    @Test
    void aShortKeyStopsTheServiceSayingHowToMakeOne() {
        assertThatThrownBy(() -> InstructorKey.requireStrong("let-me-in"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("a key of 9 characters is one a room can guess")
                .hasMessageContaining("openssl rand -hex 12");
    }

    @Test
    void theGuidesExampleKeysStopTheServiceWhateverTheirLength() {
        assertThatThrownBy(() -> InstructorKey.requireStrong("choose-a-long-one")).hasMessageContaining("the guides' example key");
        assertThatThrownBy(() -> InstructorKey.requireStrong("pick-one")).hasMessageContaining("the guides' example key");
    }

    @Test
    void aKeyOfTwelveCharactersOfOnesOwnStartsIt() {
        assertThatCode(() -> InstructorKey.requireStrong("5f0c2a9e41b7")).doesNotThrowAnyException();
    }
}
