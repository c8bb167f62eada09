# One build of the whole reactor, then one slim image per service (docker compose picks the target).

FROM eclipse-temurin:17-jdk AS build
WORKDIR /src
# Dependencies first, so that a change of code does not download them again.
COPY .mvn/ .mvn/
COPY mvnw pom.xml ./
COPY exactly-once/pom.xml exactly-once/
COPY contract/pom.xml contract/
COPY lab/pom.xml lab/
COPY shooting-range/pom.xml shooting-range/
COPY leader-board/pom.xml leader-board/
COPY game-scenario/pom.xml game-scenario/
# The reactor names every module; the images need only the services and their libraries.
COPY service-processes/pom.xml service-processes/
COPY benchmark/pom.xml benchmark/
COPY reliability/pom.xml reliability/
COPY exercises/pom.xml exercises/
COPY exercises/solutions/pom.xml exercises/solutions/
RUN --mount=type=cache,target=/root/.m2 ./mvnw -B -q -pl shooting-range,leader-board,game-scenario -am dependency:go-offline -DskipTests || true
COPY exactly-once/src exactly-once/src
COPY contract/src contract/src
COPY lab/src lab/src
COPY shooting-range/src shooting-range/src
COPY leader-board/src leader-board/src
COPY game-scenario/src game-scenario/src
COPY service-processes/src service-processes/src
# The same build command as CI's, without the tests (they need their own broker and database).
RUN --mount=type=cache,target=/root/.m2 ./mvnw -B package -DskipTests -pl shooting-range,leader-board,game-scenario -am

FROM eclipse-temurin:17-jre AS service
RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*
WORKDIR /app
USER 1001
COPY jvm.options /app/jvm.options
# JAVA_OPTS adds to or overrides jvm.options (the later option wins).
ENV MALLOC_ARENA_MAX=2 JAVA_OPTS=""
# Packaged, a service answers this machine only (quarkus.http.host); in its container, "this machine"
# is the container, so it listens on the container's interfaces, and compose publishes its port on the
# host's 127.0.0.1 (docker-compose.room.yml publishes the console for a room).
ENV QUARKUS_HTTP_HOST=0.0.0.0
ENTRYPOINT ["sh", "-c", "exec java @/app/jvm.options $JAVA_OPTS -jar /app/quarkus-run.jar"]

FROM service AS shooting-range
COPY --from=build --chown=1001 /src/shooting-range/target/quarkus-app/ /app/
EXPOSE 8081
HEALTHCHECK --interval=5s --timeout=3s --start-period=20s --retries=24 CMD curl -fsS http://localhost:8081/q/health/ready || exit 1

FROM service AS leader-board
COPY --from=build --chown=1001 /src/leader-board/target/quarkus-app/ /app/
EXPOSE 8082
HEALTHCHECK --interval=5s --timeout=3s --start-period=20s --retries=24 CMD curl -fsS http://localhost:8082/q/health/ready || exit 1

FROM service AS game-scenario
COPY --from=build --chown=1001 /src/game-scenario/target/quarkus-app/ /app/
EXPOSE 8080
HEALTHCHECK --interval=5s --timeout=3s --start-period=20s --retries=24 CMD curl -fsS http://localhost:8080/q/health/ready || exit 1
