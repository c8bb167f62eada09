package dev.shootingrange.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.ExactlyOnceConfig;
import dev.shootingrange.exactlyonce.rabbit.ConfirmedPublisher;
import io.smallrye.config.WithDefault;

/**
 * docs/asyncapi.yaml is what a client in another language is written from, so it must say what the
 * code does: the same fields, the same required ones, the same exchanges, queues and bindings, the
 * same AMQP properties. Each check reads the code (records, the codec, Topology, the relay), never a
 * second copy of the facts.
 */
class AsyncApiContractTest {

    private static final Path DOCUMENT = Path.of("..", "docs", "asyncapi.yaml");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode asyncApi;

    @BeforeAll
    static void load() throws IOException {
        asyncApi = new ObjectMapper(new YAMLFactory()).readTree(Files.readAllBytes(DOCUMENT));
    }

    /** FireAt, MoveTarget, Hit, Missed: the sealed hierarchy's records, found by reflection. */
    static Stream<Class<?>> messageTypes() {
        List<Class<?>> records = new ArrayList<>();
        collectRecords(RangeMessage.class, records);
        return records.stream();
    }

    private static void collectRecords(Class<?> type, List<Class<?>> into) {
        if (type.isRecord()) {
            into.add(type);
            return;
        }
        for (Class<?> permitted : type.getPermittedSubclasses()) {
            collectRecords(permitted, into);
        }
    }

    @Test
    void everyMessageTypeIsDocumentedAndNothingElse() {
        Set<String> inCode = new TreeSet<>(messageTypes().map(Class::getSimpleName).toList());

        assertThat(names(asyncApi.at("/components/messages"))).isEqualTo(inCode);
        assertThat(texts(schema("Common").at("/properties/type/enum"))).isEqualTo(inCode);
    }

    @ParameterizedTest
    @MethodSource("messageTypes")
    void theSchemaHasExactlyTheRecordsFields(Class<?> type) {
        Set<String> fields = new TreeSet<>(Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList());
        fields.add("type");

        assertThat(properties(payload(type)).keySet())
                .as("properties of %s in %s (add a new field there, with its type and whether it is required)", type.getSimpleName(), DOCUMENT)
                .isEqualTo(fields);
    }

    @ParameterizedTest
    @MethodSource("messageTypes")
    void aFieldIsRequiredExactlyWhereTheCodecRejectsAMessageWithoutIt(Class<?> type) {
        ObjectNode valid = (ObjectNode) decodeTree(MessageCodec.encode(sample(type)));
        Set<String> rejectedWithout = new TreeSet<>();
        for (String field : properties(payload(type)).keySet()) {
            ObjectNode without = valid.deepCopy();
            without.remove(field);
            if (rejects(without)) {
                rejectedWithout.add(field);
            }
        }

        assertThat(required(payload(type))).as("required of %s", type.getSimpleName()).isEqualTo(rejectedWithout);
    }

    @ParameterizedTest
    @MethodSource("messageTypes")
    void aFieldMayBeNullExactlyWhereTheCodecAcceptsNull(Class<?> type) {
        ObjectNode valid = (ObjectNode) decodeTree(MessageCodec.encode(sample(type)));
        properties(payload(type)).forEach((field, property) -> {
            ObjectNode withNull = valid.deepCopy();
            withNull.putNull(field);
            assertThat(texts(property.path("type")).contains("null"))
                    .as("%s.%s may be null in %s", type.getSimpleName(), field, DOCUMENT)
                    .isEqualTo(!rejects(withNull));
        });
    }

    @ParameterizedTest
    @MethodSource("messageTypes")
    void eachFieldHasTheJsonTypeOfItsJavaType(Class<?> type) {
        Map<String, JsonNode> properties = properties(payload(type));
        for (RecordComponent component : type.getRecordComponents()) {
            JsonNode property = properties.get(component.getName());
            assertThat(property).as("%s.%s in %s", type.getSimpleName(), component.getName(), DOCUMENT).isNotNull();
            Class<?> java = component.getType();
            String expected = java == Integer.class ? "integer" : "string";
            String format = java == UUID.class ? "uuid" : java == Instant.class ? "date-time" : null;
            assertThat(texts(property.path("type"))).as("%s.%s", type.getSimpleName(), component.getName()).contains(expected);
            assertThat(property.path("format").isMissingNode() ? null : property.path("format").asText())
                    .as("format of %s.%s", type.getSimpleName(), component.getName()).isEqualTo(format);
            if (java == Integer.class) {
                assertThat(property.path("minimum").asInt()).isEqualTo(Rules.MIN_POSITION);
                assertThat(property.path("maximum").asInt()).isEqualTo(Rules.MAX_POSITION);
            }
        }
        assertThat(properties.get("type").path("const").asText()).isEqualTo(type.getSimpleName());
    }

    @Test
    void theFieldRulesAreTheCodes() {
        JsonNode player = schema("Shot").at("/properties/player");
        assertThat(player.path("maxLength").asInt()).isEqualTo(Rules.MAX_PLAYER_LENGTH);
        String gameId = schema("Common").at("/properties/gameId/pattern").asText();
        assertThatCode(() -> Rules.checkGameId("a".repeat(64))).doesNotThrowAnyException();
        assertThat("a".repeat(64)).matches(gameId);
        assertThat("a".repeat(65)).doesNotMatch(gameId);
        assertThatThrownBy(() -> Rules.checkGameId("a".repeat(65))).isInstanceOf(InvalidMessageException.class);
    }

    @ParameterizedTest
    @MethodSource("messageTypes")
    void eachTypeIsPublishedToItsExchangeUnderItsOwnRoutingKey(Class<?> type) {
        String name = type.getSimpleName();
        JsonNode channel = asyncApi.path("channels").path(name);
        JsonNode operation = channel.has("publish") ? channel.path("publish") : channel.path("subscribe");

        assertThat(channel.at("/bindings/amqp/is").asText()).isEqualTo("routingKey");
        assertThat(channel.at("/bindings/amqp/exchange/name").asText()).isEqualTo(Topology.exchangeFor(name));
        assertThat(resolve(operation.path("message")).path("name").asText()).isEqualTo(name);
        assertThat(resolve(operation.path("message")).at("/bindings/amqp/messageType").asText()).isEqualTo(name);
    }

    /** Runs Topology.declare against a channel that only writes down what it is asked to declare. */
    @Test
    void theExchangesQueuesAndBindingsAreWhatTopologyDeclares() throws IOException {
        Declared declared = Declared.by(Topology::declare);

        Map<String, String> exchanges = new LinkedHashMap<>();
        Set<String> queues = new LinkedHashSet<>();
        Set<List<String>> bindings = new LinkedHashSet<>();
        asyncApi.path("channels").properties().forEach(entry -> {
            JsonNode amqp = entry.getValue().at("/bindings/amqp");
            if (amqp.path("is").asText().equals("routingKey")) {
                exchanges.put(amqp.at("/exchange/name").asText(), amqp.at("/exchange/type").asText());
                assertThat(amqp.at("/exchange/durable").asBoolean()).isTrue();
            } else {
                String queue = amqp.at("/queue/name").asText();
                assertThat(amqp.at("/queue/durable").asBoolean()).isTrue();
                queues.add(queue);
                entry.getValue().path("x-bound-to").forEach(binding -> bindings.add(
                        List.of(queue, binding.path("exchange").asText(), binding.path("routingKey").asText())));
                JsonNode deadLetter = entry.getValue().path("x-dead-letter");
                Map<String, Object> arguments = new LinkedHashMap<>(JSON.convertValue(entry.getValue().path("x-arguments"), Map.class));
                arguments.put("x-dead-letter-exchange", deadLetter.path("exchange").asText());
                arguments.put("x-dead-letter-routing-key", deadLetter.path("routingKey").asText());
                assertThat(declared.queueArguments.get(queue)).isEqualTo(arguments);
                assertThat(deadLetter.path("queue").asText()).isEqualTo(Topology.deadLetterQueue(queue));
                assertThat(declared.queueArguments.get(deadLetter.path("queue").asText())).isEqualTo(Map.of(
                        "x-queue-type", deadLetter.path("queueType").asText(),
                        "x-delivery-limit", deadLetter.path("deliveryLimit").asInt()));
                exchanges.put(deadLetter.path("exchange").asText(), deadLetter.path("exchangeType").asText());
                queues.add(deadLetter.path("queue").asText());
                bindings.add(List.of(deadLetter.path("queue").asText(), deadLetter.path("exchange").asText(),
                        deadLetter.path("routingKey").asText()));
            }
        });

        assertThat(exchanges).isEqualTo(declared.exchanges);
        assertThat(queues).isEqualTo(declared.queueArguments.keySet());
        assertThat(bindings).isEqualTo(declared.bindings);
        assertThat(asyncApi.path("channels").path(Topology.SHOOTING_RANGE_QUEUE).isObject()).isTrue();
    }

    /** What the relay (and the direct publisher, which publishes the same way) puts on each message. */
    @Test
    void theAmqpPropertiesAreWhatTheRelaySets() throws ReflectiveOperationException {
        Method properties = ConfirmedPublisher.class.getDeclaredMethod("properties", Envelope.class, String.class);
        properties.setAccessible(true);
        UUID messageId = UUID.randomUUID();
        String contentType = ExactlyOnceConfig.class.getMethod("contentType").getAnnotation(WithDefault.class).value();
        AMQP.BasicProperties set = (AMQP.BasicProperties) properties.invoke(null,
                new Envelope(messageId, "Hit", Topology.EVENTS, "Hit", new byte[0]), contentType);
        JsonNode trait = asyncApi.at("/components/messageTraits/rangeMessage");
        JsonNode binding = asyncApi.at("/components/operationBindings/published/amqp");

        assertThat(set.getContentType()).isEqualTo(trait.path("contentType").asText())
                .isEqualTo(trait.at("/x-amqp-properties/content_type").asText());
        assertThat(set.getDeliveryMode()).isEqualTo(binding.path("deliveryMode").asInt())
                .isEqualTo(trait.at("/x-amqp-properties/delivery_mode").asInt());
        assertThat(set.getMessageId()).isEqualTo(messageId.toString());
        assertThat(set.getType()).isEqualTo("Hit");
        assertThat(set.getHeaders()).as("no AMQP headers outside a trace").isNull();
        assertThat(names(trait.path("x-amqp-properties")))
                .containsExactlyInAnyOrder("content_type", "delivery_mode", "message_id", "type");

        String traceParent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        AMQP.BasicProperties traced = (AMQP.BasicProperties) properties.invoke(null,
                new Envelope(messageId, "Hit", Topology.EVENTS, "Hit", new byte[0], traceParent), contentType);
        JsonNode headers = trait.path("headers");
        assertThat(traced.getHeaders().keySet()).as("in a trace, the headers the document names")
                .isEqualTo(names(headers.path("properties")));
        assertThat(headers.path("additionalProperties").asBoolean(true)).isFalse();
        assertThat(traceParent).matches(headers.at("/properties/traceparent/pattern").asText());
        assertThat(traced.getHeaders()).containsEntry("traceparent", traceParent);
    }

    // --- reading the document

    private static JsonNode schema(String name) {
        return asyncApi.at("/components/schemas/" + name);
    }

    private static JsonNode payload(Class<?> type) {
        return resolve(asyncApi.at("/components/messages/" + type.getSimpleName() + "/payload"));
    }

    private static JsonNode resolve(JsonNode node) {
        return node.has("$ref") ? asyncApi.at(node.path("$ref").asText().substring(1)) : node;
    }

    /** A schema's properties, through its allOf parts; a later part refines an earlier one's property. */
    private static Map<String, JsonNode> properties(JsonNode schema) {
        Map<String, JsonNode> properties = new LinkedHashMap<>();
        for (JsonNode part : parts(schema)) {
            part.path("properties").properties().forEach(entry -> properties.merge(entry.getKey(), entry.getValue(),
                    (earlier, later) -> ((ObjectNode) earlier.deepCopy()).setAll((ObjectNode) later)));
        }
        return properties;
    }

    private static Set<String> required(JsonNode schema) {
        Set<String> required = new TreeSet<>();
        parts(schema).forEach(part -> required.addAll(texts(part.path("required"))));
        return required;
    }

    private static List<JsonNode> parts(JsonNode schema) {
        List<JsonNode> parts = new ArrayList<>();
        parts.add(schema);
        schema.path("allOf").forEach(part -> parts.addAll(parts(resolve(part))));
        return parts;
    }

    private static Set<String> names(JsonNode object) {
        Set<String> names = new TreeSet<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** A string, or an array of strings, as a set. */
    private static Set<String> texts(JsonNode node) {
        Set<String> texts = new TreeSet<>();
        if (node.isArray()) {
            node.forEach(item -> texts.add(item.asText()));
        } else if (node.isTextual()) {
            texts.add(node.asText());
        }
        return texts;
    }

    // --- the code's side

    /** A valid message of this type, every field set, built from its record components. */
    private static RangeMessage sample(Class<?> type) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            values[i] = sampleValue(type, components[i]);
        }
        try {
            return (RangeMessage) type.getDeclaredConstructor(types).newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object sampleValue(Class<?> type, RecordComponent component) {
        Class<?> java = component.getType();
        if (java == UUID.class) {
            return UUID.randomUUID();
        } else if (java == String.class) {
            return "g-1";
        } else if (java == Integer.class) {
            return 42;
        } else if (java == Instant.class) {
            return Instant.parse("2026-01-01T00:00:00Z");
        }
        throw new AssertionError(type.getSimpleName() + "." + component.getName() + " is a " + java.getSimpleName()
                + ": teach this test a valid sample of it, and document the field in " + DOCUMENT);
    }

    private static JsonNode decodeTree(byte[] json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean rejects(JsonNode message) {
        try {
            MessageCodec.decode(JSON.writeValueAsBytes(message));
            return false;
        } catch (InvalidMessageException e) {
            return true;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The exchanges, queues and bindings a declaration asked a channel for. */
    private static final class Declared {

        final Map<String, String> exchanges = new LinkedHashMap<>();
        final Map<String, Map<String, Object>> queueArguments = new LinkedHashMap<>();
        final Set<List<String>> bindings = new LinkedHashSet<>();

        interface Declaration {
            void declare(Channel channel) throws IOException;
        }

        @SuppressWarnings("unchecked")
        static Declared by(Declaration declaration) throws IOException {
            Declared declared = new Declared();
            Channel channel = (Channel) Proxy.newProxyInstance(Channel.class.getClassLoader(), new Class<?>[] { Channel.class },
                    (proxy, method, args) -> {
                        switch (method.getName()) {
                            case "exchangeDeclare" -> {
                                assertThat(args).as("exchangeDeclare(name, type, durable)").hasSize(3);
                                assertThat(args[2]).as("durable " + args[0]).isEqualTo(true);
                                declared.exchanges.put((String) args[0], ((BuiltinExchangeType) args[1]).getType());
                            }
                            case "queueDeclare" -> {
                                assertThat(Arrays.copyOfRange(args, 1, 4)).as("durable, not exclusive, not auto-delete: " + args[0])
                                        .containsExactly(true, false, false);
                                declared.queueArguments.put((String) args[0], (Map<String, Object>) args[4]);
                            }
                            case "queueBind" -> declared.bindings.add(List.of((String) args[0], (String) args[1], (String) args[2]));
                            default -> throw new AssertionError("Topology.declare called " + method.getName()
                                    + ": describe it in " + DOCUMENT + " and teach this test about it");
                        }
                        return null;
                    });
            declaration.declare(channel);
            return declared;
        }
    }
}
