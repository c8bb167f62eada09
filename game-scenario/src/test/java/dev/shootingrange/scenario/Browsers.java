package dev.shootingrange.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;

import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Headless Chromium windows (Debian's, with its chromedriver) for a test, and what a player does in
 * them: things found by role and label, never by CSS path. {@link #close()} fails on any error the
 * pages logged to the browser console, then closes every window.
 */
final class Browsers implements AutoCloseable {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");

    private final List<WebDriver> open = new ArrayList<>();

    static void installed() {
        assertThat(CHROMIUM).as("install Debian's chromium and chromium-driver (see .ci/run)").exists();
    }

    WebDriver open(String url) {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1280,900");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        WebDriver browser = new ChromeDriver(service, options);
        open.add(browser);
        browser.get(url);
        return browser;
    }

    @Override
    public void close() {
        try {
            for (WebDriver browser : open) {
                List<String> errors = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                        .filter(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
                        .map(LogEntry::getMessage)
                        .toList();
                assertThat(errors).as("errors in the browser console").isEmpty();
            }
        } finally {
            open.forEach(WebDriver::quit);
            open.clear();
        }
    }

    /** A new game from the console, a shot at its target (42): its HIT shows live, counted once. */
    static void newGameAndAHitCountedOnce(WebDriver browser) {
        click(browser, By.xpath("//button[text()='New game']"));
        waitFor(browser, By.cssSelector("#grid button.target[aria-label='Fire at 42']"));

        click(browser, By.cssSelector("button[aria-label='Fire at 42']"));

        waitFor(browser, By.xpath("//tr[@aria-label='Shot of player-1 at 42: HIT']"));
        waitFor(browser, By.xpath("//li[contains(@class,'OK')]//span[contains(text(),'Counted once')]"));
    }

    static void name(WebDriver browser, String player) {
        WebElement field = waitFor(browser, By.xpath("//label[contains(.,'Player')]/input"));
        field.clear();
        field.sendKeys(player);
    }

    /** Clicks what the locator finds once it shows; a live redraw may replace it meanwhile, so try again. */
    static void click(WebDriver browser, By locator) {
        new WebDriverWait(browser, Duration.ofSeconds(20)).ignoring(StaleElementReferenceException.class).until(b -> {
            List<WebElement> found = b.findElements(locator);
            if (found.isEmpty() || !found.get(0).isDisplayed()) {
                return false;
            }
            found.get(0).click();
            return true;
        });
    }

    static WebElement waitFor(WebDriver browser, By locator) {
        return waitFor(browser, locator, Duration.ofSeconds(20));
    }

    static WebElement waitFor(WebDriver browser, By locator, Duration timeout) {
        return new WebDriverWait(browser, timeout).ignoring(StaleElementReferenceException.class).until(b -> {
            List<WebElement> found = b.findElements(locator);
            return found.isEmpty() || !found.get(0).isDisplayed() ? null : found.get(0);
        });
    }

    static boolean alertShown(WebDriver browser) {
        try {
            browser.switchTo().alert();
            return true;
        } catch (NoAlertPresentException none) {
            return false;
        }
    }

    static void screenshot(WebDriver browser, String name) throws Exception {
        Files.createDirectories(SCREENSHOTS);
        Files.write(SCREENSHOTS.resolve(name + ".png"), ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }
}
