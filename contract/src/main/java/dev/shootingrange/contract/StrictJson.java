package dev.shootingrange.contract;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.jackson.ObjectMapperCustomizer;

/** HTTP request bodies are read as strictly as messages: {"position": "42"} or 42.5 is a 400. */
@Singleton
public class StrictJson implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        MessageCodec.makeStrict(mapper);
    }
}
