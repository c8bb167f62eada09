package dev.shootingrange.lab.participant;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Properties;
import java.util.logging.Logger;

import javax.sql.DataSource;

import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The participant's relay's database: one connection of its own, outside the service's pool, with
 * their schema first on its search path for good, so that nothing of theirs ever leaks into a pooled
 * connection the core uses. Their relay closes what it takes after each run; the connection stays
 * open (a transaction left open is rolled back) and is made again once it broke.
 */
final class RelayDatabase implements DataSource {

    private final String schema;
    private Connection physical;

    RelayDatabase(String schema) {
        this.schema = schema;
    }

    @Override
    public synchronized Connection getConnection() throws SQLException {
        if (physical == null || !physical.isValid(2)) {
            close();
            Config config = ConfigProvider.getConfig();
            Properties login = new Properties();
            config.getOptionalValue("quarkus.datasource.username", String.class).ifPresent(user -> login.setProperty("user", user));
            config.getOptionalValue("quarkus.datasource.password", String.class).ifPresent(secret -> login.setProperty("password", secret));
            physical = DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class), login);
            try (Statement statement = physical.createStatement()) {
                statement.execute("set search_path to " + schema + ", public");
            }
        }
        Connection connection = physical;
        return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Connection.class },
                (proxy, method, args) -> {
                    if (method.getName().equals("close")) {
                        if (!connection.getAutoCommit()) {
                            connection.rollback();
                            connection.setAutoCommit(true);
                        }
                        return null;
                    }
                    try {
                        return method.invoke(connection, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return getConnection();
    }

    synchronized void close() {
        if (physical != null) {
            try {
                physical.close();
            } catch (SQLException alreadyBroken) {
                // nothing to give back
            }
            physical = null;
        }
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
    }

    @Override
    public void setLoginTimeout(int seconds) {
    }

    @Override
    public int getLoginTimeout() {
        return 0;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        throw new SQLException("no " + type);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return false;
    }
}
