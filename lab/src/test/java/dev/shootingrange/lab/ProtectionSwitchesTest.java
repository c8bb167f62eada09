package dev.shootingrange.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;

/** The lab's settings as a service's application.properties gives them, and what a wrong one says. */
class ProtectionSwitchesTest {

    @Test
    void aStrategyKeepsItsProtectionsOnAndSwitchesTheOthersOfEveryStrategyOff() {
        ProtectionSwitches switches = new ProtectionSwitches(config(Map.of("lab.protections", "inbox,outbox,attemptDedup",
                "lab.strategies", "inbox,business,none", "lab.strategy.inbox.protections", "inbox",
                "lab.strategy.business.protections", "attemptDedup")));
        switches.reset();

        assertThat(switches.strategyNames()).containsExactly("inbox", "business", "none");
        assertThat(switches.strategy()).as("no strategy alone is every protection on").isEqualTo(Lab.DEFAULT);
        switches.useStrategy("none");
        assertThat(switches.protections()).containsExactly(Map.entry("inbox", false), Map.entry("outbox", true),
                Map.entry("attemptDedup", false));
    }

    @Test
    void unsetTheLabHasTheCoresProtectionsAndNoStrategies() {
        LabConfig config = config(Map.of("lab.instructor-key", ""));
        ProtectionSwitches switches = new ProtectionSwitches(config);
        switches.reset();

        assertThat(switches.protectionNames()).containsExactly("inbox", "outbox");
        assertThat(switches.strategy()).isNull();
        assertThat(config.instructorKey()).as("empty: the lab is open").isEmpty();
        assertThat(config.history().enabled()).isTrue();
    }

    @Test
    void aStrategyNamingAProtectionThisServiceLacksSaysWhichAndWhatThereIs() {
        assertThatThrownBy(() -> new ProtectionSwitches(config(Map.of("lab.strategies", "inbox",
                "lab.strategy.inbox.protections", "attemptDedup"))))
                .hasMessage("lab.strategy.inbox.protections names 'attemptDedup', which is not one of lab.protections [inbox, outbox]");
    }

    @Test
    void aStrategyMadeOfProtectionsButNotListedSaysSo() {
        assertThatThrownBy(() -> new ProtectionSwitches(config(Map.of("lab.strategies", "inbox",
                "lab.strategy.state.protections", "inbox"))))
                .hasMessage("lab.strategy.state is not one of lab.strategies [inbox]");
    }

    private static LabConfig config(Map<String, String> properties) {
        return new SmallRyeConfigBuilder().withMapping(LabConfig.class)
                .withSources(new PropertiesConfigSource(properties, "application.properties", 250)).build()
                .getConfigMapping(LabConfig.class);
    }
}
