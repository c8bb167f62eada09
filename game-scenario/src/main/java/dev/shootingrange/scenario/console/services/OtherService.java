package dev.shootingrange.scenario.console.services;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.enterprise.util.Nonbinding;
import jakarta.interceptor.InterceptorBinding;

/**
 * Marks a REST client of another service: a call that does not reach it (a refused connection, a
 * timeout) fails with a 502 {@link dev.shootingrange.contract.Problem} that names the service and the
 * address tried ({@link ServiceProblems}), as an error answer does with the service's own detail.
 */
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@interface OtherService {

    /** The service, as {@link Services} names it; also its client's key: quarkus.rest-client.&lt;service&gt;.url. */
    @Nonbinding
    String value();
}
