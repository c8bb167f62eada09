package dev.shootingrange.lab;

import java.net.URI;
import java.util.Map;
import java.util.Optional;

import org.eclipse.microprofile.config.ConfigProvider;

import dev.shootingrange.testing.PostgresProxy;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Puts a {@link PostgresProxy} between the service and its database, for a test that needs a commit
 * whose answer is lost. Only where the database is configured (the local servers): a Dev Service's
 * database is known only after this resource has started, so there {@link #proxy} stays null and the
 * test says it was not run.
 */
public class LostCommitAnswers implements QuarkusTestResourceLifecycleManager {

    static PostgresProxy proxy;

    @Override
    public Map<String, String> start() {
        Optional<String> url = ConfigProvider.getConfig().getOptionalValue("quarkus.datasource.jdbc.url", String.class);
        if (url.isEmpty()) {
            proxy = null;
            return Map.of();
        }
        URI database = URI.create(url.get().substring("jdbc:".length()));
        proxy = new PostgresProxy(database.getHost(), database.getPort() == -1 ? 5432 : database.getPort());
        return Map.of("quarkus.datasource.jdbc.url", proxy.jdbcUrl(database.getPath().substring(1)));
    }

    @Override
    public void stop() {
        try {
            if (proxy != null) {
                proxy.close();
            }
        } catch (Exception e) {
            // the test is over either way
        }
    }
}
