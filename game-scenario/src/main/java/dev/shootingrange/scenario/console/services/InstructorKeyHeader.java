package dev.shootingrange.scenario.console.services;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;

import dev.shootingrange.lab.InstructorKey;

/**
 * Where the lab is shared, the console's own endpoints check the instructor's key; past them, its calls
 * carry it to the other labs, with the calls that change them (so that the console's changes pass) and
 * with no read: the key travels no further than it must.
 */
class InstructorKeyHeader implements ClientRequestFilter {

    private final InstructorKey key;

    InstructorKeyHeader(InstructorKey key) {
        this.key = key;
    }

    @Override
    public void filter(ClientRequestContext request) {
        if (!InstructorKey.reads(request.getMethod())) {
            key.value().ifPresent(value -> request.getHeaders().putSingle(InstructorKey.HEADER, value));
        }
    }
}
