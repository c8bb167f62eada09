package dev.shootingrange.lab;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;

import org.eclipse.microprofile.config.ConfigProvider;

import dev.shootingrange.testing.PostgresProxy;
import io.quarkus.test.common.DevServicesContext;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Puts a {@link PostgresProxy} between the service and its database (the one Dev Services started, or
 * the configured one), for a test that needs a commit whose answer is lost.
 */
public class LostCommitAnswers implements QuarkusTestResourceLifecycleManager, DevServicesContext.ContextAware {

    static PostgresProxy proxy;
    private Map<String, String> devServices = Map.of();

    @Override
    public void setIntegrationTestContext(DevServicesContext context) {
        devServices = context.devServicesProperties();
    }

    @Override
    public Map<String, String> start() {
        String url = devServices.getOrDefault("quarkus.datasource.jdbc.url",
                ConfigProvider.getConfig().getValue("quarkus.datasource.jdbc.url", String.class));
        URI database = URI.create(url.substring("jdbc:".length()));
        proxy = new PostgresProxy(database.getHost(), database.getPort() == -1 ? 5432 : database.getPort());
        Map<String, String> config = new HashMap<>();
        config.put("quarkus.datasource.jdbc.url", proxy.jdbcUrl(database.getPath().substring(1)));
        for (String credential : new String[] { "quarkus.datasource.username", "quarkus.datasource.password" }) {
            if (devServices.containsKey(credential)) {
                config.put(credential, devServices.get(credential));
            }
        }
        return config;
    }

    @Override
    public void stop() {
        try {
            proxy.close();
        } catch (Exception e) {
            // the test is over either way
        }
    }
}
