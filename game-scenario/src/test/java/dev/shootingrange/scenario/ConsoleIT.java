package dev.shootingrange.scenario;

import static dev.shootingrange.scenario.Browsers.alertShown;
import static dev.shootingrange.scenario.Browsers.click;
import static dev.shootingrange.scenario.Browsers.name;
import static dev.shootingrange.scenario.Browsers.screenshot;
import static dev.shootingrange.scenario.Browsers.waitFor;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import dev.shootingrange.processes.ServiceProcess;

/**
 * The console in a real headless Chromium (Debian's, with its chromedriver), against the three
 * packaged services: found by role and label, as a player finds things, never by CSS path.
 */
class ConsoleIT {

    private final Browsers browsers = new Browsers();

    @BeforeEach
    void labIsUp() {
        Browsers.installed();
        LabProcesses.SCENARIO.baseUrl();
        given().baseUri(LabProcesses.SCENARIO.baseUrl()).post("/api/lab/services/all/reset").then().statusCode(200);
    }

    @AfterEach
    void noErrorsInTheBrowserConsole() {
        browsers.close();
    }

    @Test
    void aShotAtTheTargetShowsAHitLive() throws Exception {
        WebDriver browser = open("/");

        Browsers.newGameAndAHitCountedOnce(browser);

        waitFor(browser, By.xpath("//*[name()='svg' and contains(@aria-label,'message copies')]"));
        screenshot(browser, "console-play");
    }

    /** With tracing on, as with docker-compose.observability.yml: the shot's row links its trace, which spans the lab. */
    @Test
    void aShotLinksItsTraceAcrossTheThreeServices() {
        WebDriver browser = open("/");
        click(browser, By.xpath("//button[text()='New game']"));
        waitFor(browser, By.cssSelector("#grid button.target[aria-label='Fire at 42']"));

        click(browser, By.cssSelector("button[aria-label='Fire at 42']"));

        String link = waitFor(browser, By.xpath("//tr[@aria-label='Shot of player-1 at 42: HIT']//a[text()='trace']")).getAttribute("href");
        String prefix = LabProcesses.TRACE_URL.replace("{traceId}", "");
        assertThat(link).startsWith(prefix);
        String traceId = link.substring(prefix.length());
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(LabProcesses.TRACES.inTrace(traceId))
                .filteredOn(span -> span.kind().equals("SPAN_KIND_CONSUMER"))
                .extracting(span -> span.service() + " " + span.attributes().get("inbox.decision"))
                .contains("shooting-range handled", "leader-board handled", "game-scenario handled"));
    }

    @Test
    void alternativeWorldsShowsRedWithoutTheInboxAndGreenWithIt() throws Exception {
        WebDriver browser = open("/");
        click(browser, By.xpath("//button[text()='Run alternative-worlds']"));

        By off = By.xpath("//td[@aria-label='alternative-worlds with protections off']/div[contains(@class,'broken')]");
        By on = By.xpath("//td[@aria-label='alternative-worlds with protections on']/div[contains(@class,'held')]");

        waitFor(browser, on, Duration.ofSeconds(60));
        assertThat(waitFor(browser, off).getText()).contains("CONFLICT");
        assertThat(waitFor(browser, on).getText()).contains("HIT");
        browser.findElement(By.id("experiments-heading")).click();
        screenshot(browser, "console-experiments");
    }

    /**
     * A verdict judged on a history with rows let go (rare: the database refused them, or too many
     * waited) is shown with a warning above the rules: its "lost" may have been answered. The verdict is
     * handed to the page's own code as the service would send it.
     */
    @Test
    void aVerdictOnAnIncompleteHistorySaysSo() {
        WebDriver browser = open("/");
        waitFor(browser, By.xpath("//button[text()='New game']"));
        ((JavascriptExecutor) browser).executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                import('/console/consistency.js').then((page) => {
                  page.showRules({ gameId: 'g', consistent: true, rules: [], historyComplete: false }, () => {});
                  done();
                });""");

        assertThat(waitFor(browser, By.xpath("//ul[@id='rules']/li[@role='alert']")).getText())
                .contains("incomplete history");
    }

    @Test
    void switchingAProtectionOffChangesTheLab() throws Exception {
        WebDriver browser = open("/");
        WebElement inbox = waitFor(browser, By.xpath("//input[@aria-label='shooting-range inbox']"));
        assertThat(inbox.isSelected()).isTrue();
        // No key: the console says the lab is open, and to whom.
        waitFor(browser, By.xpath("//p[@id='lab-open'][contains(., 'this machine only')]"));

        inbox.click();

        new WebDriverWait(browser, Duration.ofSeconds(10)).until(b -> given().baseUri(LabProcesses.SCENARIO.baseUrl())
                .get("/api/lab/services/shooting-range").jsonPath().getBoolean("protections.inbox") == false);
        waitFor(browser, By.xpath("//input[@aria-label='shooting-range inbox' and not(@checked)]"));
        screenshot(browser, "console-lab");
        click(browser, By.id("reset-all"));
        new WebDriverWait(browser, Duration.ofSeconds(10)).until(b -> given().baseUri(LabProcesses.SCENARIO.baseUrl())
                .get("/api/lab/services/shooting-range").jsonPath().getBoolean("protections.inbox"));
    }

    /** The labs are pushed: a switch thrown in one console shows in another open one, with no reload. */
    @Test
    void aProtectionSwitchedInOneConsoleShowsInAnother() {
        WebDriver instructor = open("/");
        WebDriver player = open("/");
        waitFor(player, By.xpath("//input[@aria-label='leader-board attemptDedup' and @checked]"));

        click(instructor, By.xpath("//input[@aria-label='leader-board attemptDedup']"));

        waitFor(player, By.xpath("//input[@aria-label='leader-board attemptDedup' and not(@checked)]"));
        click(instructor, By.id("reset-all"));
        waitFor(player, By.xpath("//input[@aria-label='leader-board attemptDedup' and @checked]"));
    }

    /** Between groups one button resets the labs and clears the broker, and the status line says what went. */
    @Test
    void theRoomIsResetForTheNextGroupFromTheConsole() {
        BrokerManagementApi.enable();
        WebDriver browser = open("/");

        click(browser, By.id("reset-room"));

        waitFor(browser, By.xpath("//*[@id='status' and contains(., 'Ready for the next group') and contains(., 'dead letters emptied in 3')]"));
    }

    /** Choosing a strategy switches the range's inbox with it, and each service's card explains the choice there. */
    @Test
    void choosingAStrategySwitchesTheProtectionsItNeeds() {
        WebDriver browser = open("/");
        WebElement strategy = waitFor(browser, By.xpath("//select[@aria-label='shooting-range strategy']"));
        assertThat(new Select(strategy).getFirstSelectedOption().getText()).isEqualTo("inbox");

        new Select(strategy).selectByVisibleText("state");

        new WebDriverWait(browser, Duration.ofSeconds(10)).until(b -> "state".equals(given().baseUri(LabProcesses.SCENARIO.baseUrl())
                .get("/api/lab/services/shooting-range").jsonPath().getString("strategy")));
        waitFor(browser, By.xpath("//input[@aria-label='shooting-range inbox' and not(@checked)]"));
        waitFor(browser, By.xpath("//article[@aria-label='shooting-range lab']//div[contains(., 'target version')]"));
        // The same name on the board, which sends nothing and has no target: its caption says what it is there.
        new Select(waitFor(browser, By.xpath("//select[@aria-label='leader-board strategy']"))).selectByVisibleText("state");
        waitFor(browser, By.xpath("//article[@aria-label='leader-board lab']//div[contains(., 'which Hits it applied is an inbox')]"));
        waitFor(browser, By.xpath("//input[@aria-label='leader-board attemptDedup' and not(@checked)]"));
        waitFor(browser, By.xpath("//input[@aria-label='leader-board inbox' and @checked]"));
        click(browser, By.id("reset-all"));
        new WebDriverWait(browser, Duration.ofSeconds(10)).until(b -> "inbox".equals(given().baseUri(LabProcesses.SCENARIO.baseUrl())
                .get("/api/lab/services/shooting-range").jsonPath().getString("strategy")));
        // Reset, the board keeps both of its protections, which no strategy does alone, and says so.
        waitFor(browser, By.xpath("//article[@aria-label='leader-board lab']//div[contains(., 'as the board ships')]"));
    }

    /**
     * A shared room: a console started with an instructor key shows the lab locked (firing stays open),
     * and the key typed in unlocks it for that tab.
     */
    @Test
    void aSharedLabIsLockedUntilTheInstructorKeyIsGiven() throws Exception {
        try (ServiceProcess shared = ServiceProcess.start(Path.of(".."), "game-scenario", 18090,
                "lab.services.shooting-range.url=" + LabProcesses.RANGE.baseUrl(),
                "lab.services.leader-board.url=" + LabProcesses.BOARD.baseUrl(),
                "lab.instructor-key=let-me-in-please")) {
            shared.awaitReady();
            WebDriver browser = open(shared, "/");
            waitFor(browser, By.xpath("//form[@id='lab-key']/output[contains(., 'Locked')]"));
            assertThat(browser.findElement(By.id("lab-open")).isDisplayed()).as("the open lab's note").isFalse();
            WebElement inbox = waitFor(browser, By.xpath("//input[@aria-label='shooting-range inbox']"));
            assertThat(inbox.isEnabled()).as("a protection's switch").isFalse();
            assertThat(browser.findElement(By.id("reset-all")).isEnabled()).as("reset").isFalse();
            assertThat(browser.findElement(By.xpath("//button[text()='Run alternative-worlds']")).isEnabled()).isFalse();
            given().baseUri(shared.baseUrl()).contentType("application/json").body("{\"inbox\": false}")
                    .put("/api/lab/services/shooting-range/protections").then().statusCode(401);
            screenshot(browser, "console-locked");

            browser.findElement(By.xpath("//input[@aria-label='Instructor key']")).sendKeys("let-me-in-please");
            click(browser, By.xpath("//form[@id='lab-key']/button"));
            waitFor(browser, By.xpath("//form[@id='lab-key']/output[contains(., 'Unlocked')]"));
            click(browser, By.xpath("//input[@aria-label='shooting-range inbox']"));

            new WebDriverWait(browser, Duration.ofSeconds(10)).until(b -> !given().baseUri(LabProcesses.SCENARIO.baseUrl())
                    .get("/api/lab/services/shooting-range").jsonPath().getBoolean("protections.inbox"));
            // Leave the page before its service stops: a request cut off by the stop is no error of the console.
            browser.get("about:blank");
        }
    }

    @Test
    void twoPlayersOnOneGameSeeEachOthersShots() {
        String gameId = LabProcesses.newGame(7);
        WebDriver alice = open("/?game=" + gameId);
        WebDriver bob = open("/?game=" + gameId);
        name(alice, "alice");
        name(bob, "bob");

        click(alice, By.cssSelector("button[aria-label='Fire at 7']"));
        click(bob, By.cssSelector("button[aria-label='Fire at 3']"));

        for (WebDriver browser : List.of(alice, bob)) {
            waitFor(browser, By.xpath("//tr[@aria-label='Shot of alice at 7: HIT']"));
            waitFor(browser, By.xpath("//tr[@aria-label='Shot of bob at 3: MISSED']"));
        }
    }

    @Test
    void aPlayerNamedLikeMarkupIsShownAsText() {
        String gameId = LabProcesses.newGame(5);
        WebDriver browser = open("/?game=" + gameId);
        String markup = "<script>alert(1)</script>";
        name(browser, markup);

        click(browser, By.cssSelector("button[aria-label='Fire at 5']"));

        waitFor(browser, By.xpath("//tbody[@id='shots']/tr"));
        // The row is drawn again when the outcome arrives: find it afresh at each look.
        new WebDriverWait(browser, Duration.ofSeconds(10)).ignoring(StaleElementReferenceException.class)
                .until(b -> b.findElement(By.xpath("//tbody[@id='shots']/tr/td")).getText().equals(markup));
        assertThat(alertShown(browser)).isFalse();
        given().baseUri(LabProcesses.SCENARIO.baseUrl()).get("/api/games/{gameId}", gameId).then()
                .body("shots[0].player", equalTo(markup));
    }

    private WebDriver open(String path) {
        return open(LabProcesses.SCENARIO, path);
    }

    private WebDriver open(ServiceProcess scenario, String path) {
        return browsers.open(scenario.baseUrl() + path);
    }
}
