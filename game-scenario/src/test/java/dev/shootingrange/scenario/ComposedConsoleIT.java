package dev.shootingrange.scenario;

import static dev.shootingrange.scenario.Browsers.click;
import static dev.shootingrange.scenario.Browsers.screenshot;
import static dev.shootingrange.scenario.Browsers.waitFor;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

/**
 * A game played in Chromium against the lab as {@code docker compose up} runs it: the console that
 * the composed game-scenario serves, its live updates through the containers' network, the shot
 * counted once. Runs where {@code composed.lab.url} names that console (.ci/compose-lab.sh sets it);
 * the suite's own lab is covered by {@link ConsoleIT}.
 */
@EnabledIfSystemProperty(named = "composed.lab.url", matches = "https?://.+")
class ComposedConsoleIT {

    private final Browsers browsers = new Browsers();

    @AfterEach
    void noErrorsInTheBrowserConsole() {
        browsers.close();
    }

    @Test
    void aGameInTheComposedLabShowsEachShotLive() throws Exception {
        Browsers.installed();
        WebDriver browser = browsers.open(System.getProperty("composed.lab.url") + "/");
        Browsers.newGameAndAHitCountedOnce(browser);

        click(browser, By.cssSelector("button[aria-label='Fire at 10']"));
        waitFor(browser, By.xpath("//tr[@aria-label='Shot of player-1 at 10: MISSED']"));
        waitFor(browser, By.xpath("//tr[@aria-label='Shot of player-1 at 42: HIT']"));
        screenshot(browser, "composed-console-play");
    }
}
